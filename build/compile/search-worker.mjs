/**
 * The search index's worker thread (see search-thread.ts). It loads the TypeScript module
 * through tsx's API, inside the work, so a thread that cannot load it reports it at once.
 */
import { answerMain } from "../answer-main.mjs";

await answerMain(async (sources) => {
  const { tsImport } = await import("tsx/esm/api");
  const search = await tsImport("../../core/search-index.ts", import.meta.url);
  const index = search.buildSearchIndex(sources);
  sources = null; // indexed: the export has their memory
  return search.exportSearchIndex(index);
});
