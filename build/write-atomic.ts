/** Writes a file so that readers see the old bytes or the new ones, never half of them. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A file written in parts into a temporary file beside it, which becomes the file only when
 * committed: a large file can be written while it is made, and never be held whole in memory.
 */
export class AtomicFile {
  private readonly temporary: string;
  private fd: number | undefined;

  constructor(private readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.temporary = `${file}.${process.pid}.tmp`;
    this.fd = openSync(this.temporary, "w");
  }

  write(part: string | Buffer): void {
    if (this.fd === undefined) throw new Error(`${this.file} was already committed or discarded`);
    writeFileSync(this.fd, part); // loops until every byte is written
  }

  /** Makes the written bytes the file, under `name` when it is known only once they are written (a hash). */
  commit(name = this.file): void {
    if (this.fd === undefined) throw new Error(`${this.file} was already committed or discarded`);
    const fd = this.fd;
    this.fd = undefined;
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(this.temporary, name);
  }

  /** Drops what was written; the file, if it existed, is unchanged. Safe to call after commit. */
  discard(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.temporary, { force: true });
  }
}

export function writeFileAtomic(file: string, data: string | Buffer): void {
  const atomic = new AtomicFile(file);
  try {
    atomic.write(data);
    atomic.commit();
  } catch (error) {
    atomic.discard();
    throw error;
  }
}
