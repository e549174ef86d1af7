/** The surfer queries: pure functions of the catalog, already-validated parameters and a memo. */
import type { Image, LinkedSpot, Surfer } from "../../core/resources.ts";
import type { SurferFilter } from "../../core/snapshot-format.ts";
import type { Memo } from "../memory-budget.ts";
import type { Catalog } from "../snapshot.ts";
import { facetSummary } from "./facets.ts";
import { type FilterSelection, pageOf } from "./selection.ts";
import type { Page } from "./spots.ts";

export interface SurferCriteria {
  filters: FilterSelection<SurferFilter>;
  q?: string;
}

export function listSurfers(
  catalog: Catalog,
  criteria: SurferCriteria,
  page: Page,
  memo?: Memo,
): { surfers: Surfer[]; total: number; limit: number; offset: number } {
  const { items, total } = pageOf(catalog.surfers, criteria, page, (entry) => entry.surfer, memo);
  return { surfers: items, total, limit: page.limit, offset: page.offset };
}

const SURFER_FACET_KEYS = {
  country: "countries",
  discipline: "disciplines",
  era: "eras",
  tier: "tiers",
} as const satisfies Record<SurferFilter, string>;

export function surferFacets(catalog: Catalog, criteria: SurferCriteria, memo?: Memo) {
  return facetSummary(catalog.surfers, criteria, SURFER_FACET_KEYS, memo);
}

export function surferDetail(
  catalog: Catalog,
  slug: string,
): { surfer: Surfer; images: Image[]; spots: LinkedSpot[] } | undefined {
  const position = catalog.surfers.positionBySlug.get(slug);
  return position === undefined ? undefined : catalog.surfers.items[position];
}
