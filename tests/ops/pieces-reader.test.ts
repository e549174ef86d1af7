import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { readPieces } from "../../runtime/pieces-reader.ts";
import { loadSnapshot, loadSnapshotFile } from "../../runtime/snapshot.ts";
import { editedSnapshot } from "../helpers/targets.ts";

describe("reading the pieces file on a worker thread", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "surf-pieces-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const snapshotPath = inject("snapshotPath");
  const { pieces } = JSON.parse(readFileSync(snapshotPath, "latin1")) as Snapshot;
  const piecesPath = path.join(path.dirname(snapshotPath), pieces.file);

  it("hands over the same bytes as reading the file here, and their SHA-256", async () => {
    const expected = readFileSync(piecesPath);
    const result = await readPieces(piecesPath);
    expect("bytes" in result && result.bytes.equals(expected)).toBe(true);
    expect(result).toMatchObject({ sha256: createHash("sha256").update(expected).digest("hex") });
    expect(pieces.sha256).toBe(createHash("sha256").update(expected).digest("hex"));
  });

  it("hands over a small file whole (one Node keeps in its shared pool)", async () => {
    const file = path.join(dir, "small.pieces");
    writeFileSync(file, "12345");
    expect(await readPieces(file)).toEqual({
      bytes: Buffer.from("12345"),
      sha256: createHash("sha256").update("12345").digest("hex"),
    });
  });

  it("reports a file that does not exist, or cannot be read, by its error code", async () => {
    expect(await readPieces(path.join(dir, "absent.pieces"))).toEqual({ code: "ENOENT" });
    const folder = path.join(dir, "a-folder.pieces");
    mkdirSync(folder);
    expect(await readPieces(folder)).toEqual({ code: "EISDIR" });
  });

  it("loads the same catalog as the one-go load of tests and tools", async () => {
    const [awaited, direct] = [await loadSnapshot(snapshotPath), loadSnapshotFile(snapshotPath)];
    expect(awaited.snapshot.version).toBe(direct.snapshot.version);
    expect(awaited.spots.size).toBe(direct.spots.size);
    expect(awaited.spots.list.bytes.equals(direct.spots.list.bytes)).toBe(true);
    expect(awaited.surfers.detail.bytes.equals(direct.surfers.detail.bytes)).toBe(true);
  });

  it("reads the pieces a snapshot names even when its head names them otherwise (a head start only)", async () => {
    // The same pieces, named with their keys in another order: the head no longer reads as the build writes it.
    const { snapshotPath: reordered, remove } = editedSnapshot((snapshot) => {
      const { file, bytes, sha256 } = snapshot.pieces;
      snapshot.pieces = { sha256, bytes, file } as typeof snapshot.pieces;
    });
    try {
      expect(readFileSync(reordered, "latin1").slice(0, 2048)).toContain(`"pieces":{"sha256":"${pieces.sha256}"`);
      const catalog = await loadSnapshot(reordered);
      expect(catalog.spots.size).toBe(catalog.snapshot.counts.spots);
      expect(catalog.spots.list.bytes.equals(loadSnapshotFile(snapshotPath).spots.list.bytes)).toBe(true);
    } finally {
      remove();
    }
  });
});
