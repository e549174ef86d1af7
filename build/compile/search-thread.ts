/**
 * A collection's full-text index, made on a second thread while the main thread serializes
 * the collection's entries and clusters its map (at 100k spots, 1.5 s to collect and
 * export, where the main thread has seconds of work left). The index's memory also stays
 * out of the main thread's heap and is freed whole when the thread ends. Small collections are indexed in place: starting a
 * thread that loads TypeScript costs more than it saves.
 */
import {
  buildSearchIndex,
  exportSearchIndex,
  type SearchDocument,
  type SearchExport,
} from "../../core/search-index.ts";
import { onThread, type Pending, settled } from "../thread.ts";

/** Below this many documents the index is made in place. */
const THREAD_FROM_DOCUMENTS = 20_000;

/** The documents are copied to the worker: the main thread keeps no reference to them. */
export function indexInBackground(
  documents: SearchDocument[],
  threadFrom = THREAD_FROM_DOCUMENTS,
): Pending<SearchExport> {
  if (documents.length < threadFrom) return settled(exportSearchIndex(buildSearchIndex(documents)));
  return onThread("search index", new URL("./search-worker.mjs", import.meta.url), documents);
}
