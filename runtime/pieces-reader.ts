/**
 * Reads and hashes the snapshot's pieces file on a second thread while the main thread
 * parses the snapshot. At 100k spots the read (157 MB into fresh memory) and its SHA-256
 * take 250 to 400 ms, as long as the parse, and need nothing the parse makes: done side by
 * side they cost one of them, not both. The bytes land in shared memory, so the main
 * thread takes them without a copy, and as soon as they are read: it lays out its indexes
 * while the worker hashes them, and checks the hash before anything is served.
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
const { file, shared, done, port, READ, REPORTED } = workerData;
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
      if (at === size) {
        Atomics.store(done, 0, READ);
        Atomics.notify(done, 0);
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
Atomics.store(done, 0, REPORTED);
Atomics.notify(done, 0);
`;

/** The worker's progress, in the shared word both threads watch (0 until then): the bytes read, the result posted. */
const READ = 1;
const REPORTED = 2;

/** How long the main thread waits for the worker before reading the file itself. */
const WORKER_WAIT_MS = 60_000;

export interface PiecesReading {
  /**
   * Waits until the whole file is read: its bytes, not yet hashed (take result() before
   * trusting them), or null when it could not be read in time (see result()).
   */
  bytes(): Buffer | null;
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
      workerData: { file, shared, done, port: port2, READ, REPORTED },
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
  const deadline = performance.now() + WORKER_WAIT_MS;
  /** Waits until the worker has got at least as far as `step`, or the deadline has passed. */
  const reached = (step: number) => {
    for (let now = Atomics.load(done, 0); now < step; now = Atomics.load(done, 0)) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      Atomics.wait(done, 0, now, left);
    }
    return true;
  };
  let reported: PiecesReadResult | null | undefined;
  const result = (): PiecesReadResult | null => {
    if (reported !== undefined) return reported;
    const message = reached(REPORTED) ? receiveMessageOnPort(port1)?.message : undefined;
    finish();
    const answer = message as { size: number; sha256?: string } | { code: string } | undefined;
    if (!answer) reported = null;
    else if ("code" in answer || answer.sha256 === undefined) reported = answer;
    else reported = { bytes: Buffer.from(shared), sha256: answer.sha256 };
    return reported;
  };
  return {
    bytes() {
      if (!reached(READ)) return null;
      if (Atomics.load(done, 0) === READ) return Buffer.from(shared);
      // Already reported: read and hashed, or never read whole (another size, an error).
      const read = result();
      return read !== null && "bytes" in read ? read.bytes : null;
    },
    result,
    cancel: finish,
  };
}
