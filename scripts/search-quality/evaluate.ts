/** Runs the search-quality cases against a catalog: which are satisfied, and what came back for the others. */
import { searchPositions } from "../../runtime/catalog/search.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { CASES, type SearchCase } from "./queries.ts";

export interface Miss {
  case: SearchCase;
  /** The first results, by slug. */
  got: string[];
  missing: string[];
}

export function evaluate(catalog: Catalog): { total: number; satisfied: number; misses: Miss[] } {
  const misses: Miss[] = [];
  for (const searchCase of CASES) {
    const collection = searchCase.collection === "surfers" ? catalog.surfers : catalog.spots;
    const found = searchPositions(collection.search, collection.name, searchCase.q) ?? new Int32Array(0);
    const top = Array.from(found.subarray(0, searchCase.top), (position) => collection.slugs[position]);
    const missing = searchCase.want.filter((slug) => !top.includes(slug));
    if (missing.length > 0) misses.push({ case: searchCase, got: top.slice(0, 5), missing });
  }
  return { total: CASES.length, satisfied: CASES.length - misses.length, misses };
}
