/**
 * Collects the items' serialized forms for the pieces file: each set is appended to one
 * growing list of bytes, and described in the snapshot by where it starts and where each
 * of its pieces ends (see core/packed.ts).
 */
import { createHash } from "node:crypto";
import { int32Bytes, type PackedInt32Ref, type PackedJson, packInt32 } from "../../core/packed.ts";
import { type PiecesFile, piecesFileName } from "../../core/snapshot-format.ts";

/** Pieces are encoded to UTF-8 in batches of about this many characters: one allocation per batch, not per piece. */
const BATCH_CHARACTERS = 1 << 20;

export class PiecesWriter {
  private readonly chunks: Buffer[] = [];
  private batch: string[] = [];
  private batchCharacters = 0;
  private length = 0;

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
    if (padding > 0) this.chunks.push(Buffer.alloc(padding));
    this.length += padding;
    const bytes = int32Bytes(values);
    this.chunks.push(bytes);
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
    this.chunks.push(Buffer.from(this.batch.join(""), "utf8"));
    this.batch = [];
    this.batchCharacters = 0;
  }

  /**
   * The file's bytes, as the chunks they were collected in (joined, they would be a second
   * copy of the largest file the build writes, at the moment its memory use peaks), and
   * how the snapshot names it.
   */
  finish(): { chunks: Buffer[]; file: PiecesFile } {
    this.flush();
    const hash = createHash("sha256");
    for (const chunk of this.chunks) hash.update(chunk);
    const sha256 = hash.digest("hex");
    return { chunks: this.chunks, file: { file: piecesFileName(sha256), bytes: this.length, sha256 } };
  }
}
