/** The spot queries: pure functions of the catalog, already-validated parameters and a memo. */
import type { SpotFilter } from "../../core/snapshot-format.ts";
import type { Memo } from "../memory-budget.ts";
import type { Catalog } from "../snapshot.ts";
import { facetSummary } from "./facets.ts";
import { type BoundingBox, positionsInBox } from "./geo.ts";
import type { Positions } from "./positions.ts";
import { type FilterSelection, matchingInOrder, pageOf, select } from "./selection.ts";

export interface SpotCriteria {
  filters: FilterSelection<SpotFilter>;
  q?: string;
}

export interface Page {
  limit: number;
  offset: number;
}

/** One page of a list: its items' positions, and how many match in all. */
export interface ListPage extends Page {
  positions: Positions;
  total: number;
}

export function listSpots(catalog: Catalog, criteria: SpotCriteria, page: Page, memo?: Memo): ListPage {
  return { ...pageOf(catalog.spots, criteria, page, memo), ...page };
}

/** The positions of the markers in list order: spots that have coordinates (and lie in `bbox`, if given). */
export function spotMarkers(catalog: Catalog, criteria: SpotCriteria & { bbox?: BoundingBox }, memo?: Memo): Positions {
  const within = criteria.bbox ? positionsInBox(catalog.spots, criteria.bbox) : undefined;
  const matching = matchingInOrder(catalog.spots, select(catalog.spots, { ...criteria, within }, memo));
  const { ends } = catalog.spots.markers;
  return matching.filter((position) => ends[position] !== (position === 0 ? 0 : ends[position - 1]));
}

/** Facet key in the response for each filter. */
const SPOT_FACET_KEYS = {
  country: "countries",
  region: "regions",
  wave_type: "waveTypes",
  skill_level: "skillLevels",
  tag: "tags",
  tier: "tiers",
} as const satisfies Record<SpotFilter, string>;

export function spotFacets(catalog: Catalog, criteria: SpotCriteria, memo?: Memo) {
  return facetSummary(catalog.spots, criteria, SPOT_FACET_KEYS, memo);
}

/** The position of the spot with this slug, if any. */
export function spotPosition(catalog: Catalog, slug: string): number | undefined {
  return catalog.spots.positionBySlug.get(slug);
}
