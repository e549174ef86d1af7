/**
 * Reads and hashes the snapshot's pieces file on a second thread while the main thread
 * parses the snapshot. At 100k spots the read (157 MB into fresh memory) and its SHA-256
 * take 250 to 400 ms, as long as the parse, and need nothing the parse makes: done side by
 * side they cost one of them, not both. The bytes land in shared memory, so the main
 * thread takes them without a copy.
 *
 * Loading stays synchronous (a reload is a plain call): the main thread waits for the
 * worker with Atomics.wait, bounded, and reads the file itself if the worker cannot.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";

/** What the worker found: the file's size and SHA-256, or the error code of opening or reading it. */
export type PiecesReadResult = { bytes: Buffer; sha256: string } | { size: number } | { code: string };

/**
 * The worker, as CommonJS source (an eval worker, so the compiled server needs no file of
 * its own for it). It reports through the port, then wakes the waiting main thread.
 */
const READ_AND_HASH = `
const { workerData } = require("node:worker_threads");
const { closeSync, fstatSync, openSync, readSync } = require("node:fs");
const { createHash } = require("node:crypto");
const { file, shared, done, port } = workerData;
let result;
try {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    if (size !== shared.byteLength) {
      result = { size };
    } else {
      const view = new Uint8Array(shared);
      let at = 0;
      while (at < size) {
        const read = readSync(fd, view, at, size - at, at);
        if (read === 0) break;
        at += read;
      }
      result = { size, sha256: createHash("sha256").update(view.subarray(0, at)).digest("hex") };
    }
  } finally {
    closeSync(fd);
  }
} catch (error) {
  result = { code: (error && error.code) || "error" };
}
port.postMessage(result);
Atomics.store(done, 0, 1);
Atomics.notify(done, 0);
`;

/** How long the main thread waits for the worker before reading the file itself. */
const WORKER_WAIT_MS = 60_000;

export interface PiecesReading {
  /** Waits for the worker: its result, or null when it did not report in time (read it yourself). */
  result(): PiecesReadResult | null;
  /** Stops the worker when its result is not wanted after all. */
  cancel(): void;
}

/**
 * Starts reading `file`, expected to hold `bytes` bytes, on a worker thread; null when no
 * worker can be started (or that much shared memory is not to be had): read it yourself.
 */
export function readPiecesInBackground(file: string, bytes: number): PiecesReading | null {
  let shared: SharedArrayBuffer;
  let worker: Worker;
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  try {
    shared = new SharedArrayBuffer(bytes);
    worker = new Worker(READ_AND_HASH, {
      eval: true,
      workerData: { file, shared, done, port: port2 },
      transferList: [port2],
    });
  } catch {
    port1.close();
    port2.close();
    return null;
  }
  worker.unref();
  const finish = () => {
    port1.close();
    void worker.terminate();
  };
  return {
    result() {
      const woken = Atomics.wait(done, 0, 0, WORKER_WAIT_MS);
      const message = woken === "timed-out" ? undefined : receiveMessageOnPort(port1)?.message;
      finish();
      if (!message) return null;
      const reported = message as { size: number; sha256?: string } | { code: string };
      if ("code" in reported || reported.sha256 === undefined) return reported;
      return { bytes: Buffer.from(shared), sha256: reported.sha256 };
    },
    cancel: finish,
  };
}
