/**
 * A collection's full-text index, made on a second thread while the main thread serializes
 * the collection's entries (at 100k spots, a few seconds on the thread, where the main
 * thread has more than that left). The names' word pairs are made there too. The index's
 * memory also stays out of the main thread's heap and is freed whole when the thread ends.
 * Small collections are indexed in place: starting a thread that loads TypeScript costs
 * more than it saves.
 */
import { buildSearchIndex, exportSearchIndex, type SearchExport, type SearchSource } from "../../core/search-index.ts";
import { onThread } from "../thread.ts";

/** Below this many items the index is made in place. */
const THREAD_FROM_ITEMS = 20_000;

/** The sources are copied to the worker: the main thread keeps no reference to them. */
export function indexInBackground(sources: SearchSource[], threadFrom = THREAD_FROM_ITEMS): Promise<SearchExport> {
  if (sources.length < threadFrom) return Promise.resolve(exportSearchIndex(buildSearchIndex(sources)));
  return onThread("search index", new URL("./search-worker.ts", import.meta.url), sources);
}
