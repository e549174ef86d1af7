// @ts-check
/**
 * The worker thread of pieces-reader.ts: reads the file it is given, works out its SHA-256,
 * and posts both back, the bytes as a transferred ArrayBuffer (moved, not copied), so that
 * reading the largest file of a snapshot and hashing it takes none of the event loop's time. JavaScript, not TypeScript, so that the same file runs as a worker under
 * tsx, vitest and in the compiled server alike (Node 20 gives a worker no TypeScript
 * loader); `@ts-check` has tsc check it all the same.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

/** @typedef {{ bytes: ArrayBuffer; sha256: string } | { code: string }} PiecesWorkerAnswer */

const { file } = /** @type {{ file: string }} */ (workerData);
/** @type {PiecesWorkerAnswer} */
let answer;
/** @type {ArrayBuffer[]} */
let transfer = [];
try {
  const read = readFileSync(file);
  // A large file gets an ArrayBuffer of its own; a small one may sit in Node's shared pool: copy it out.
  const bytes =
    read.byteOffset === 0 && read.byteLength === read.buffer.byteLength
      ? /** @type {ArrayBuffer} */ (read.buffer)
      : new Uint8Array(read).buffer;
  answer = { bytes, sha256: createHash("sha256").update(read).digest("hex") };
  transfer = [bytes];
} catch (error) {
  answer = { code: /** @type {NodeJS.ErrnoException} */ (error).code ?? "error" };
}
parentPort?.postMessage(answer, transfer);
