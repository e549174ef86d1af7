/**
 * The search index's worker thread (see search-thread.ts). Plain JavaScript: a worker does
 * not take tsx's hooks from the thread that starts it, so it loads the TypeScript module
 * through tsx's API. It reports through the port, then wakes the waiting main thread.
 */
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { port, done } = workerData;
let result;
try {
  const search = await tsImport("../../core/search-index.ts", import.meta.url);
  const index = search.buildSearchIndex(workerData.documents);
  workerData.documents = null; // indexed: the export has their memory
  result = { exported: search.exportSearchIndex(index) };
} catch (error) {
  result = { error: String(error?.stack ?? error) };
}
port.postMessage(result);
port.close(); // the message stays queued for the main thread; this thread ends, and its heap is freed now
Atomics.store(done, 0, 1);
Atomics.notify(done, 0);
