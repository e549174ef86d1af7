import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { readPiecesInBackground } from "../../runtime/pieces-reader.ts";
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { editedSnapshot } from "../helpers/targets.ts";

describe("reading the pieces file on a worker thread", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "surf-pieces-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const snapshotPath = inject("snapshotPath");
  const { pieces } = JSON.parse(readFileSync(snapshotPath, "latin1")) as Snapshot;
  const piecesPath = path.join(path.dirname(snapshotPath), pieces.file);

  it("hands over the same bytes and SHA-256 as reading the file here", () => {
    const expected = readFileSync(piecesPath);
    const result = readPiecesInBackground(piecesPath, expected.length)?.result();
    expect(result).not.toBeNull();
    expect(result && "bytes" in result && result.bytes.equals(expected)).toBe(true);
    expect(result).toMatchObject({ sha256: createHash("sha256").update(expected).digest("hex") });
    expect(pieces.sha256).toBe(createHash("sha256").update(expected).digest("hex"));
  });

  it("hands over the bytes once they are read, and their SHA-256 after", () => {
    const expected = readFileSync(piecesPath);
    const reading = readPiecesInBackground(piecesPath, expected.length);
    expect(reading?.bytes()?.equals(expected)).toBe(true);
    expect(reading?.result()).toMatchObject({ sha256: pieces.sha256 });
    expect(reading?.result()).toBe(reading?.result()); // reported once, kept
  });

  it("reports a file of another size, and one that cannot be opened, without reading it", () => {
    const file = path.join(dir, "short.pieces");
    writeFileSync(file, "12345");
    const short = readPiecesInBackground(file, 6);
    expect(short?.bytes()).toBeNull();
    expect(short?.result()).toEqual({ size: 5 });
    expect(readPiecesInBackground(file, 6)?.result()).toEqual({ size: 5 });
    expect(readPiecesInBackground(path.join(dir, "absent.pieces"), 6)?.result()).toEqual({ code: "ENOENT" });
  });

  it("declines, rather than throws, when the size it is told cannot be had (a snapshot's head edited by hand)", () => {
    expect(readPiecesInBackground(piecesPath, 2 ** 53)).toBeNull();
  });

  it("is only a head start: a snapshot whose head names its pieces otherwise loads them on the main thread", () => {
    // The same pieces, named with their keys in another order: the head no longer reads as the build writes it.
    const { snapshotPath: reordered, remove } = editedSnapshot((snapshot) => {
      const { file, bytes, sha256 } = snapshot.pieces;
      snapshot.pieces = { sha256, bytes, file } as typeof snapshot.pieces;
    });
    try {
      expect(readFileSync(reordered, "latin1").slice(0, 2048)).toContain(`"pieces":{"sha256":"${pieces.sha256}"`);
      const catalog = loadSnapshotFile(reordered);
      expect(catalog.spots.size).toBe(catalog.snapshot.counts.spots);
      expect(catalog.spots.list.bytes.equals(loadSnapshotFile(snapshotPath).spots.list.bytes)).toBe(true);
    } finally {
      remove();
    }
  });
});
