/** The search index's worker thread (see search-thread.ts): indexes the sources, gives the export. */
import { buildSearchIndex, exportSearchIndex, type SearchExport, type SearchSource } from "../../core/search-index.ts";

export function run(sources: SearchSource[]): SearchExport {
  return exportSearchIndex(buildSearchIndex(sources));
}
