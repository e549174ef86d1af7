/** The spot queries: pure functions of the catalog and already-validated parameters. */
import type { Image, LinkedSurfer, Spot, SpotMarker, Tag } from "../../core/resources.ts";
import type { SpotFilter } from "../../core/snapshot-format.ts";
import type { Catalog } from "../snapshot.ts";
import { facetSummary } from "./facets.ts";
import { type BoundingBox, positionsInBox } from "./geo.ts";
import { type FilterSelection, pageOf, select } from "./selection.ts";

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
): { spots: Spot[]; total: number; limit: number; offset: number } {
  const { items, total } = pageOf(catalog.spots, criteria, page, (entry) => entry.spot);
  return { spots: items, total, limit: page.limit, offset: page.offset };
}

/** Markers in list order, for the spots that have coordinates (and lie in `bbox`, if given). */
export function spotMarkers(
  catalog: Catalog,
  criteria: SpotCriteria & { bbox?: BoundingBox },
): { spots: SpotMarker[] } {
  const within = criteria.bbox ? positionsInBox(catalog.spots, criteria.bbox) : catalog.spots.geoPositions;
  const { positions } = select(catalog.spots, { ...criteria, within });
  const markers = catalog.spots.markers;
  return { spots: positions.map((position) => (markers[position] ??= toMarker(catalog.spots.items[position].spot))) };
}

function toMarker(spot: Spot): SpotMarker {
  return {
    slug: spot.slug,
    name: spot.name,
    lat: spot.latitude!,
    lng: spot.longitude!,
    summary: spot.summary,
    hero_image: spot.hero_image,
    hero_qa_tier: spot.hero_qa_tier,
  };
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

export function spotFacets(catalog: Catalog, criteria: SpotCriteria) {
  return facetSummary(catalog.spots, criteria, SPOT_FACET_KEYS);
}

export function spotDetail(
  catalog: Catalog,
  slug: string,
): { spot: Spot; images: Image[]; tags: Tag[]; surfers: LinkedSurfer[] } | undefined {
  const position = catalog.spots.positionBySlug.get(slug);
  return position === undefined ? undefined : catalog.spots.items[position];
}
