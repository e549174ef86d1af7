/** The surfer queries: pure functions of the catalog, already-validated parameters and a memo. */
import type { SurferFilter } from "../../core/snapshot-format.ts";
import type { Memo } from "../memory-budget.ts";
import type { Catalog } from "../snapshot.ts";
import { facetSummary } from "./facets.ts";
import { type Criteria, type FilterSelection, pageOf } from "./selection.ts";
import type { ListPage, Page } from "./spots.ts";

export interface SurferCriteria {
  filters: FilterSelection<SurferFilter>;
  q?: string;
  /** Filters read from q (understand.ts). */
  understood?: Criteria<SurferFilter>["understood"];
}

export function listSurfers(catalog: Catalog, criteria: SurferCriteria, page: Page, memo?: Memo): ListPage {
  return { ...pageOf(catalog.surfers, criteria, page, memo), ...page };
}

const SURFER_FACET_KEYS = {
  country: "countries",
  discipline: "disciplines",
  era: "eras",
  tier: "tiers",
  stance: "stances",
} as const satisfies Record<SurferFilter, string>;

export function surferFacets(catalog: Catalog, criteria: SurferCriteria, memo?: Memo) {
  return facetSummary(catalog.surfers, criteria, SURFER_FACET_KEYS, memo);
}

/** The position of the surfer with this slug, if any. */
export function surferPosition(catalog: Catalog, slug: string): number | undefined {
  return catalog.surfers.positionBySlug.get(slug);
}
