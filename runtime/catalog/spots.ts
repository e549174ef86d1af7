/** The spot queries: pure functions of the catalog, already-validated parameters and a memo. */
import { hash } from "node:crypto";
import { CLUSTERED_ZOOMS, clusterIndex, clusteringAt, clustersJson } from "../../core/clusters.ts";
import { piece } from "../../core/packed.ts";
import type { SpotFilter } from "../../core/snapshot-format.ts";
import { heldBytes, type Memo } from "../memory-budget.ts";
import type { Catalog } from "../snapshot.ts";
import { membership } from "./bits.ts";
import { facetSummary } from "./facets.ts";
import {
  type BoundingBox,
  type Near,
  nearestFirst,
  nearestInPositionOrder,
  positionsInBox,
  positionsWithin,
} from "./geo.ts";
import { type Positions, toPositions } from "./positions.ts";
import { type Criteria, type FilterSelection, matchingInOrder } from "./selection.ts";
import { type Reading, withReading } from "./understand.ts";

export interface SpotCriteria {
  filters: FilterSelection<SpotFilter>;
  q?: string;
  /** Only spots inside this box. */
  bbox?: BoundingBox;
  /** Nearest first, measured from this point (and only within its radius, if it has one). */
  near?: Near;
  /** Filters read from q (understand.ts). */
  understood?: Criteria<SpotFilter>["understood"];
  /** Only spots within each of these circles too (a `near <place>` read from q beside an explicit near). */
  circles?: Required<Near>[];
}

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Positions in answer order, with each one's distance from `near` when the criteria have
 * one, and whether q's matches are relaxed (no spot matched every word: search.ts).
 */
export interface Ordered {
  positions: Positions;
  distancesKm?: Float64Array;
  relaxed?: boolean;
}

/** One page of a list: its items' positions (and distances), and how many match in all. */
export type ListPage = Page & Ordered & { total: number };

/** The criteria as a selection: the box and the radius are areas, which every facet respects, like q. */
function selectionCriteria(catalog: Catalog, criteria: SpotCriteria): Criteria<SpotFilter> {
  const within: Positions[] = [];
  if (criteria.bbox) within.push(positionsInBox(catalog.spots, criteria.bbox));
  const { near } = criteria;
  if (near?.radiusKm !== undefined) within.push(positionsWithin(catalog.spots, near.lat, near.lng, near.radiusKm));
  for (const circle of criteria.circles ?? [])
    within.push(positionsWithin(catalog.spots, circle.lat, circle.lng, circle.radiusKm));
  return { filters: criteria.filters, q: criteria.q, within, understood: criteria.understood };
}

/**
 * The matching spots in answer order from the `from`-th up to the `count`-th, and how many
 * match in all. With `near`, every match is put in the usual order first (distance ties
 * keep it), then the nearest `count` are taken.
 */
function firstMatching(
  catalog: Catalog,
  criteria: SpotCriteria,
  count: number,
  memo?: Memo,
  from = 0,
): Ordered & { total: number } {
  const selected = selectionCriteria(catalog, criteria);
  if (!criteria.near) return matchingInOrder(catalog.spots, selected, count, memo, from);
  const { positions, total, relaxed } = matchingInOrder(catalog.spots, selected, Number.POSITIVE_INFINITY, memo);
  // Without q the matches are in position order: a page of them can be found walking outward.
  const walked =
    criteria.q === undefined ? nearestInPositionOrder(catalog.spots, criteria.near, positions, count) : null;
  const nearest = walked ?? nearestFirst(catalog.spots, criteria.near, positions, count);
  const distancesKm = nearest.distancesKm.subarray(from);
  return { positions: nearest.positions.subarray(from), distancesKm, total, relaxed };
}

export function listSpots(catalog: Catalog, criteria: SpotCriteria, page: Page, memo?: Memo): ListPage {
  const { positions, distancesKm, total, relaxed } = firstMatching(
    catalog,
    criteria,
    page.offset + page.limit,
    memo,
    page.offset,
  );
  return { positions, distancesKm, total, relaxed, ...page };
}

/** The matching spots that have a marker (coordinates), in answer order. */
export function spotMarkers(catalog: Catalog, criteria: SpotCriteria, memo?: Memo): Ordered {
  const { geoIdByPosition } = catalog.spots;
  const matching: Ordered = firstMatching(catalog, criteria, Number.POSITIVE_INFINITY, memo);
  // An area holds only spots with coordinates: the box's and the radius's come from the geo index.
  if (criteria.bbox || criteria.near?.radiusKm !== undefined) return matching;
  // Near orders the spots without coordinates last: filtering them out keeps the order.
  return keep(matching, (position) => geoIdByPosition[position] !== -1);
}

/** What a map at a zoom shows: the markers that stand alone in answer order, and the clusters' JSON items. */
export interface ClusteredMap extends Ordered {
  clusters: string | Buffer;
}

/**
 * The matching markers clustered as a map at `zoom` shows them. All markers (no filter,
 * q or area narrows them) are the world the build clustered; any other set is clustered
 * here, once per set and zoom: the memo knows it by a hash of its positions, whatever
 * parameters produced it.
 */
export function spotClusters(catalog: Catalog, criteria: SpotCriteria, zoom: number, memo?: Memo): ClusteredMap {
  const { spots } = catalog;
  if (zoom < CLUSTERED_ZOOMS && isWorld(criteria)) {
    // Ids follow positions: the markers alone at this zoom, read in id order, are in list order.
    const alone: number[] = [];
    for (let id = 0; id < spots.aloneFrom.length; id++)
      if (spots.aloneFrom[id] <= zoom) alone.push(spots.geoPositions[id]);
    const positions = Int32Array.from(alone);
    const ordered = criteria.near ? nearestFirst(spots, criteria.near, positions, alone.length) : { positions };
    return { ...ordered, clusters: piece(spots.worldClusters, zoom) };
  }
  const markers = spotMarkers(catalog, criteria, memo);
  if (zoom >= CLUSTERED_ZOOMS) return { ...markers, clusters: "" };
  if (markers.positions.length === spots.geoSorted.length) {
    // Every marker after all (a q that matches every spot): the world's clusters, in q's order.
    const standsAlone = (position: number) => spots.aloneFrom[spots.geoIdByPosition[position]] <= zoom;
    return { ...keep(markers, standsAlone), clusters: piece(spots.worldClusters, zoom) };
  }
  const set = toPositions(markers.positions);
  const key = `clusters spots ${zoom} ${hash("sha1", new Uint8Array(set.buffer, set.byteOffset, set.byteLength))}`;
  let clustered = memo?.get<{ alone: Positions; clusters: string }>(key);
  if (!clustered) {
    const points = Array.from(set, (position) => {
      const id = spots.geoIdByPosition[position];
      return { position, lat: spots.geoCoords[2 * id + 1], lng: spots.geoCoords[2 * id] };
    });
    const clustering = clusteringAt(clusterIndex(points, zoom), zoom);
    clustered = { alone: toPositions(clustering.alone), clusters: clustersJson(clustering.clusters) };
    memo?.set(key, clustered, heldBytes(clustered.alone) + clustered.clusters.length);
  }
  return { ...keep(markers, membership(clustered.alone, spots.size)), clusters: clustered.clusters };
}

/** Criteria that narrow nothing: every marker is on the map (`near` without a radius only orders them). */
function isWorld(criteria: SpotCriteria): boolean {
  const filtered = Object.values(criteria.filters).some((keys) => keys !== undefined);
  const read = (criteria.understood ?? []).length > 0 || (criteria.circles ?? []).length > 0;
  return !filtered && !read && criteria.q === undefined && !criteria.bbox && criteria.near?.radiusKm === undefined;
}

/** The ordered positions (and their distances) that pass the test, in the same order. */
function keep(ordered: Ordered, test: (position: number) => boolean): Ordered {
  const { positions, distancesKm } = ordered;
  const kept = new Int32Array(positions.length);
  const keptDistances = distancesKm && new Float64Array(positions.length);
  let count = 0;
  for (let i = 0; i < positions.length; i++) {
    if (!test(positions[i])) continue;
    if (keptDistances) keptDistances[count] = distancesKm[i];
    kept[count++] = positions[i];
  }
  return {
    positions: kept.subarray(0, count),
    distancesKm: keptDistances?.subarray(0, count),
    relaxed: ordered.relaxed,
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
  month: "months",
} as const satisfies Record<SpotFilter, string>;

/** The facets of the spots; each tag also carries its label (its name), so a UI can show it beside the slug. */
export function spotFacets(catalog: Catalog, criteria: SpotCriteria, memo?: Memo) {
  const summary = facetSummary(catalog.spots, selectionCriteria(catalog, criteria), SPOT_FACET_KEYS, memo);
  const labels = catalog.snapshot.tagLabels;
  summary.facets.tags = summary.facets.tags.map(({ value, count }) => ({
    value,
    count,
    label: labels[value] ?? value,
  }));
  return summary;
}

/** The position of the spot with this slug, if any. */
export function spotPosition(catalog: Catalog, slug: string): number | undefined {
  return catalog.spots.positionBySlug.get(slug);
}

/**
 * Spot criteria with what q was read as (understand.ts): its filters, the words left as q,
 * and `near <place>` as `near` with its radius (or, beside an explicit `near`, as a circle
 * the spots must lie in too).
 */
export function spotsAsRead(criteria: SpotCriteria, reading: Reading): SpotCriteria {
  const read = withReading(criteria, reading);
  const place = reading.attributes.find((attribute) => attribute.param === "near");
  if (!place) return read;
  const [lat, lng] = place.values[0].split(",").map(Number);
  const circle = { lat, lng, radiusKm: place.radius_km ?? 0 };
  return criteria.near ? { ...read, circles: [circle] } : { ...read, near: circle };
}
