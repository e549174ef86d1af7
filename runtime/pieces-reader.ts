/**
 * Reads the snapshot's pieces file and works out its SHA-256 on a worker thread
 * (pieces-worker.mjs), so that neither holds up the event loop: the server keeps answering
 * while a reload reads the next snapshot's pieces, and a start parses the snapshot
 * meanwhile. The bytes come back as a transferred ArrayBuffer, not shared memory.
 */
import { Worker } from "node:worker_threads";
import type { PiecesWorkerAnswer } from "./pieces-worker.mjs";

/** What reading the file gave: its bytes and SHA-256 (hex), or the error code of reading it. */
export type PiecesReadResult = { bytes: Buffer; sha256: string } | { code: string };

/**
 * The worker's module, beside this one: in the compiled server, scripts/build-server.ts
 * builds it into the same folder as the server's modules, under the same name.
 */
const WORKER = new URL("./pieces-worker.mjs", import.meta.url);

/**
 * Reads `file` and its SHA-256 on a worker thread. Never rejects: a file that cannot be
 * read, or a worker that fails, resolves with the reason as its code.
 */
export function readPieces(file: string): Promise<PiecesReadResult> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER, { workerData: { file } });
    } catch (error) {
      resolve({ code: `the pieces reader cannot start: ${(error as Error).message}` });
      return;
    }
    worker.once("message", (answer: PiecesWorkerAnswer) => {
      resolve("code" in answer ? answer : { bytes: Buffer.from(answer.bytes), sha256: answer.sha256 });
    });
    // Whichever comes first settles the promise; the others change nothing.
    worker.once("error", (error) => resolve({ code: `the pieces reader failed: ${error.message}` }));
    worker.once("exit", (code) => resolve({ code: `the pieces reader stopped (exit ${code}) before it answered` }));
  });
}
