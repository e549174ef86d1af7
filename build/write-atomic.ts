/** Writes a file so that readers see the old bytes or the new ones, never half of them. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** `data` may come in parts (a large file's chunks, written one after the other, never joined in memory). */
export function writeFileAtomic(file: string, data: string | Buffer | Buffer[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, "w");
    try {
      // writeFileSync loops until every byte of a part is written.
      for (const part of Array.isArray(data) ? data : [data]) writeFileSync(fd, part);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
