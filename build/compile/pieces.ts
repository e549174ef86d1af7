/**
 * Writes the items' serialized forms into the pieces file as they are made: each set is
 * appended to the file's bytes, and described in the snapshot by where it starts and where
 * each of its pieces ends (see core/packed.ts). The bytes go to the sink at once, not held:
 * they are the largest thing the build makes, and would otherwise sit in memory through its peak.
 */
import { createHash } from "node:crypto";
import { int32Bytes, type PackedInt32Ref, type PackedJson, packInt32 } from "../../core/packed.ts";
import { type PiecesFile, piecesFileName } from "../../core/snapshot-format.ts";

/** Pieces are encoded to UTF-8 in batches of about this many characters: one allocation per batch, not per piece. */
const BATCH_CHARACTERS = 1 << 20;

/** Where the pieces file's bytes go, in order: the file itself, or memory in tests. */
export interface PiecesSink {
  write(chunk: Buffer): void;
}

export class PiecesWriter {
  private readonly hash = createHash("sha256");
  private batch: string[] = [];
  private batchCharacters = 0;
  /** The file's length so far, counting the pieces still in the batch. */
  private length = 0;

  constructor(private readonly sink: PiecesSink) {}

  /** Appends one set of pieces (null for an item without one). */
  add(pieces: (string | null)[]): PackedJson {
    const offset = this.length;
    const ends: number[] = [];
    let end = 0;
    for (const text of pieces) {
      if (text) this.append(text);
      end += text ? Buffer.byteLength(text, "utf8") : 0;
      ends.push(end);
    }
    this.length += end;
    return { offset, ends: packInt32(ends) };
  }

  /** Appends a list of integers as raw Int32 bytes, at an offset aligned for an Int32Array view. */
  addInt32(values: Int32Array): PackedInt32Ref {
    this.flush();
    const padding = (4 - (this.length % 4)) % 4;
    if (padding > 0) this.write(Buffer.alloc(padding));
    this.length += padding;
    const bytes = int32Bytes(values);
    this.write(bytes);
    const offset = this.length;
    this.length += bytes.length;
    return { offset, count: values.length };
  }

  private append(text: string): void {
    this.batch.push(text);
    this.batchCharacters += text.length;
    if (this.batchCharacters >= BATCH_CHARACTERS) this.flush();
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    const bytes = Buffer.from(this.batch.join(""), "utf8");
    this.batch = [];
    this.batchCharacters = 0;
    this.write(bytes);
  }

  private write(bytes: Buffer): void {
    this.hash.update(bytes);
    this.sink.write(bytes);
  }

  /** Writes what is left, and says how the snapshot names the file. */
  finish(): PiecesFile {
    this.flush();
    const sha256 = this.hash.digest("hex");
    return { file: piecesFileName(sha256), bytes: this.length, sha256 };
  }
}
