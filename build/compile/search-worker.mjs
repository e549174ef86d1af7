/**
 * The search index's worker thread (see search-thread.ts). Plain JavaScript: a worker does
 * not take tsx's hooks from the thread that starts it, so it loads the TypeScript module
 * through tsx's API. It reports through the port, then wakes the waiting main thread.
 */
import { workerData } from "node:worker_threads";

const { port, done } = workerData;
let result;
try {
  // Imported inside the try: a thread that cannot load tsx reports it, rather than leaving
  // the main thread waiting for its bound.
  const { tsImport } = await import("tsx/esm/api");
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
