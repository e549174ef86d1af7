/**
 * A collection's full-text index, made on a second thread while the main thread serializes
 * the collection's entries and clusters its map. At 100k spots FlexSearch takes 4 to 5 s to
 * index and export, about as long as the rest of compileSpots: side by side on two cores
 * they cost one of them. The index's memory also stays out of the main thread's heap and
 * is freed whole when the thread ends.
 *
 * The build stays synchronous (tests and the watch mode call it as a plain function): the
 * main thread waits for the worker with Atomics.wait, bounded. Small collections are
 * indexed in place: starting a thread that loads TypeScript costs more than it saves.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import {
  buildSearchIndex,
  exportSearchIndex,
  type SearchDocument,
  type SearchExport,
} from "../../core/search-index.ts";

/** Below this many documents the index is made in place. */
const THREAD_FROM_DOCUMENTS = 20_000;
/** How long the main thread waits for the worker before giving up (at 100k spots it takes about 5 s). */
const WORKER_WAIT_MS = 10 * 60_000;

export interface PendingIndex {
  /** The exported index; waits for the worker if there is one. */
  result(): SearchExport;
}

export function indexInBackground(documents: SearchDocument[], threadFrom = THREAD_FROM_DOCUMENTS): PendingIndex {
  if (documents.length < threadFrom) {
    const exported = exportSearchIndex(buildSearchIndex(documents));
    return { result: () => exported };
  }
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  // The documents are copied to the worker: the main thread keeps no reference to them.
  const worker = new Worker(new URL("./search-worker.mjs", import.meta.url), {
    workerData: { documents, port: port2, done },
    transferList: [port2],
  });
  return {
    result() {
      const reported = Atomics.wait(done, 0, 0, WORKER_WAIT_MS) !== "timed-out";
      const message = reported ? receiveMessageOnPort(port1)?.message : undefined;
      port1.close();
      void worker.terminate();
      if (message?.exported) return message.exported as SearchExport;
      const why = message?.error ?? (reported ? "it reported nothing" : `no answer in ${WORKER_WAIT_MS / 1000} s`);
      throw new Error(`the search index thread failed: ${why}`);
    },
  };
}
