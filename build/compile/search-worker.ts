/** The search index's worker thread (see search-thread.ts): indexes the sources, gives the export. */
import { buildSearchIndex, exportSearchIndex, type SearchExport, type SearchSource } from "../../core/search-index.ts";

/** `sources` is this thread's own copy: emptied once indexed, so the export can use their memory. */
export function run(sources: SearchSource[]): SearchExport {
  const index = buildSearchIndex(sources);
  sources.length = 0;
  return exportSearchIndex(index);
}
