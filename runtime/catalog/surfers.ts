/** The surfer queries: pure functions of the catalog and already-validated parameters. */
import type { Image, LinkedSpot, Surfer } from "../../core/resources.ts";
import type { SurferFilter } from "../../core/snapshot-format.ts";
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
): { surfers: Surfer[]; total: number; limit: number; offset: number } {
  const { items, total } = pageOf(catalog.surfers, criteria, page, (entry) => entry.surfer);
  return { surfers: items, total, limit: page.limit, offset: page.offset };
}

const SURFER_FACET_KEYS = {
  country: "countries",
  discipline: "disciplines",
  era: "eras",
  tier: "tiers",
} as const satisfies Record<SurferFilter, string>;

export function surferFacets(catalog: Catalog, criteria: SurferCriteria) {
  return facetSummary(catalog.surfers, criteria, SURFER_FACET_KEYS);
}

export function surferDetail(
  catalog: Catalog,
  slug: string,
): { surfer: Surfer; images: Image[]; spots: LinkedSpot[] } | undefined {
  const position = catalog.surfers.positionBySlug.get(slug);
  return position === undefined ? undefined : catalog.surfers.items[position];
}
