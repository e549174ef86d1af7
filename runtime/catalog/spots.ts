/** The spot queries: pure functions of the catalog, already-validated parameters and a memo. */
import type { Image, LinkedSurfer, Spot, SpotMarker, Tag } from "../../core/resources.ts";
import type { SpotFilter } from "../../core/snapshot-format.ts";
import type { Memo } from "../memory-budget.ts";
import type { Catalog } from "../snapshot.ts";
import { facetSummary } from "./facets.ts";
import { type BoundingBox, positionsInBox } from "./geo.ts";
import { type FilterSelection, matchingInOrder, pageOf, select } from "./selection.ts";

export interface SpotCriteria {
  filters: FilterSelection<SpotFilter>;
  q?: string;
}

export interface Page {
  limit: number;
  offset: number;
}

export function listSpots(
  catalog: Catalog,
  criteria: SpotCriteria,
  page: Page,
  memo?: Memo,
): { spots: Spot[]; total: number; limit: number; offset: number } {
  const { items, total } = pageOf(catalog.spots, criteria, page, (entry) => entry.spot, memo);
  return { spots: items, total, limit: page.limit, offset: page.offset };
}

/** Markers in list order, for the spots that have coordinates (and lie in `bbox`, if given). */
export function spotMarkers(
  catalog: Catalog,
  criteria: SpotCriteria & { bbox?: BoundingBox },
  memo?: Memo,
): { spots: SpotMarker[] } {
  const within = criteria.bbox ? positionsInBox(catalog.spots, criteria.bbox) : undefined;
  const selection = select(catalog.spots, { ...criteria, within }, memo);
  const { markers } = catalog.spots;
  const spots: SpotMarker[] = [];
  for (const position of matchingInOrder(catalog.spots, selection)) {
    const marker = markers[position];
    if (marker) spots.push(marker);
  }
  return { spots };
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

export function spotDetail(
  catalog: Catalog,
  slug: string,
): { spot: Spot; images: Image[]; tags: Tag[]; surfers: LinkedSurfer[] } | undefined {
  const position = catalog.spots.positionBySlug.get(slug);
  return position === undefined ? undefined : catalog.spots.items[position];
}
