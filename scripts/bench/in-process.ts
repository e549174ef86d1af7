/**
 * In-process latency of the pure queries, cold (no memo: every query does its work), next
 * to Orama 3 over the same items in the same process: the same query kinds, interleaved
 * round by round, every run capped in time. And a correctness check of the optimized
 * paths against a naive pass over every item, queries with `q` included.
 */
import { create, insertMultiple, search } from "@orama/orama";
import { foldKey } from "../../core/fold.ts";
import { pieceValue } from "../../core/packed.ts";
import type { Spot } from "../../core/resources.ts";
import { markersBody } from "../../runtime/catalog/bodies.ts";
import { type BoundingBox, type Near, positionsInBox } from "../../runtime/catalog/geo.ts";
import { searchPositions } from "../../runtime/catalog/search.ts";
import {
  listSpots,
  type SpotCriteria,
  spotClusters,
  spotFacets,
  spotMarkers,
  spotsAsRead,
} from "../../runtime/catalog/spots.ts";
import { answerUnderstood, readerFor } from "../../runtime/catalog/understand.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { BOXES, COUNTRIES, distinctCriteria, distinctIntentQ, distinctQ } from "./queries.ts";

export interface Latency {
  p50: number;
  p99: number;
  perSecond: number;
}

interface Runner {
  name: string;
  api: (i: number) => unknown;
  orama?: (i: number) => unknown;
  /** The p99 this kind must stay under at 100k spots (the targets of issues 13 and 16), in ms. */
  targetP99Ms?: number;
}

/** Runs `query` on fresh inputs until `samples` are taken or `budgetMs` has passed. */
function measure(query: (i: number) => unknown, offset: number, samples: number, budgetMs: number): number[] {
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < samples && performance.now() < deadline; i++) {
    const started = performance.now();
    query(offset + i);
    times.push(performance.now() - started);
  }
  return times;
}

function summarize(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, time) => sum + time, 0);
  return {
    p50: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    perSecond: total > 0 ? (times.length * 1000) / total : 0,
  };
}

type OramaDb = Awaited<ReturnType<typeof oramaOf>>;

/** Orama over the same spots: the searchable text, the filter fields and the location. */
async function oramaOf(spots: Spot[]) {
  const db = create({
    schema: {
      name: "string",
      place: "string",
      summary: "string",
      country: "enum",
      region: "enum",
      wave_type: "enum",
      skill_level: "enum",
      tier: "enum",
      location: "geopoint",
    } as const,
  });
  const docs = spots.map((spot) => ({
    name: spot.name,
    place: spot.region ?? "",
    summary: spot.summary ?? "",
    country: spot.country_code ?? "",
    region: spot.region ?? "",
    wave_type: spot.wave_type ?? "",
    skill_level: spot.skill_level ?? "",
    tier: spot.tier ?? "",
    location: { lat: spot.latitude ?? 0, lon: spot.longitude ?? 0 },
  }));
  await insertMultiple(db, docs, 5000);
  return db;
}

const boxPolygon = (box: BoundingBox) => [
  { lat: box.minLat, lon: box.minLng },
  { lat: box.minLat, lon: box.maxLng },
  { lat: box.maxLat, lon: box.maxLng },
  { lat: box.maxLat, lon: box.minLng },
  { lat: box.minLat, lon: box.minLng },
];

function runners(catalog: Catalog, db: OramaDb | null): Runner[] {
  const page = { limit: 20, offset: 0 };
  const country = (i: number) => COUNTRIES[i % COUNTRIES.length];
  const oramaSearch = (params: Parameters<typeof search>[1]) => (db ? search(db, params) : undefined);
  const facetFields = { country: {}, region: {}, wave_type: {}, skill_level: {}, tier: {} };
  return [
    {
      name: "list, q",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: {}, q: distinctQ(i) }, page),
      orama: (i) => oramaSearch({ term: distinctQ(i), properties: ["name", "place", "summary"], limit: 20 }),
    },
    {
      name: "list, q + one country",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: { country: [country(i)] }, q: distinctQ(i) }, page),
      orama: (i) =>
        oramaSearch({
          term: distinctQ(i),
          properties: ["name", "place", "summary"],
          where: { country: { eq: country(i).toUpperCase() } },
          limit: 20,
        }),
    },
    {
      // As /api/spots answers q: read by query understanding, then searched within what it read.
      name: "list, intent q (understood)",
      targetP99Ms: 2,
      api: (i) =>
        answerUnderstood(
          readerFor(catalog, "spots"),
          { filters: {}, q: distinctIntentQ(i) },
          spotsAsRead,
          (criteria) => listSpots(catalog, criteria, page),
          (listed) => ({ count: listed.total, relaxed: listed.relaxed }),
        ),
    },
    {
      name: "list, two filters",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: { country: [country(i)], wave_type: ["reef", "point"] } }, page),
    },
    {
      name: "facets, one country",
      targetP99Ms: 5,
      api: (i) => spotFacets(catalog, { filters: { country: [country(i)] } }),
      orama: (i) =>
        oramaSearch({ term: "", where: { country: { eq: country(i).toUpperCase() } }, facets: facetFields, limit: 0 }),
    },
    {
      name: "facets, q + filters",
      targetP99Ms: 5,
      api: (i) => spotFacets(catalog, { filters: { country: [country(i)], wave_type: ["reef"] }, q: distinctQ(i) }),
    },
    {
      name: "bbox markers",
      targetP99Ms: 2,
      api: (i) => spotMarkers(catalog, { filters: {}, bbox: BOXES[i % BOXES.length] }),
      orama: (i) => {
        const box = BOXES[i % 3]; // Orama's polygons do not cross the antimeridian
        return oramaSearch({ term: "", where: { location: { polygon: { coordinates: boxPolygon(box) } } }, limit: 0 });
      },
    },
    ...geoRunners(catalog, oramaSearch),
    {
      name: "detail",
      api: (i) => catalog.spots.positionBySlug.get(catalog.spots.slugs[(i * 7919) % catalog.spots.size]),
    },
  ];
}

/** The i-th of an endless stream of distinct points near spots (never the same twice), and a radius. */
function nearAt(catalog: Catalog, i: number): Near {
  const { geoCoords, geoPositions } = catalog.spots;
  const id = (i * 7919) % Math.max(1, geoPositions.length);
  const jitter = ((i % 997) / 997 - 0.5) * 0.2;
  return { lat: geoCoords[2 * id + 1] + jitter, lng: geoCoords[2 * id] - jitter, radiusKm: [25, 50, 100, 200][i % 4] };
}

/** The boxes of the benchmark, each shifted a little with i: no two requests ask for the same area. */
function boxAt(i: number): BoundingBox {
  const box = BOXES[i % BOXES.length];
  const shift = (i % 1000) * 0.001;
  return { ...box, minLat: box.minLat + shift, maxLat: box.maxLat + shift, minLng: box.minLng - shift };
}

function geoRunners(catalog: Catalog, oramaSearch: (params: Parameters<typeof search>[1]) => unknown): Runner[] {
  const page = { limit: 20, offset: 0 };
  const waveType = (i: number) => [["reef"], ["beach"], ["point", "reef"]][i % 3];
  return [
    {
      name: "near + radius_km, list",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: {}, near: nearAt(catalog, i) }, page),
      orama: (i) => {
        const { lat, lng, radiusKm } = nearAt(catalog, i);
        const radius = { coordinates: { lat, lon: lng }, unit: "km", value: radiusKm!, inside: true } as const;
        return oramaSearch({ term: "", where: { location: { radius } }, limit: 20 });
      },
    },
    {
      name: "near without radius, list",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: {}, near: { ...nearAt(catalog, i), radiusKm: undefined } }, page),
    },
    {
      name: "bbox + filter, list",
      targetP99Ms: 2,
      api: (i) => listSpots(catalog, { filters: { wave_type: waveType(i) }, bbox: boxAt(i) }, page),
    },
    {
      name: "bbox, facets",
      targetP99Ms: 10,
      api: (i) => spotFacets(catalog, { filters: {}, bbox: boxAt(i) }),
    },
    {
      name: "map zoom=2, world (with body)",
      targetP99Ms: 10,
      api: () => markersBody(catalog.spots.markers, spotClusters(catalog, { filters: {} }, 2)),
    },
    {
      name: "map zoom=2, one country (clustered per request)",
      api: (i) => spotClusters(catalog, { filters: { country: [COUNTRIES[i % COUNTRIES.length]] } }, 2 + (i % 3)),
    },
  ];
}

/** Cold latencies of this API and, for the kinds Orama has, of Orama: 3 interleaved rounds, each capped in time. */
export async function queryLatencies(catalog: Catalog, withOrama: boolean, budgetMs: number) {
  // First, as a process just started answers them: right after load, before any warm-up
  // (issue 13: markers are prepared at load, so the first bbox queries pay no more).
  const justStartedBbox = measure((i) => spotMarkers(catalog, { filters: {}, bbox: boxAt(i) }), 0, 500, budgetMs);
  const spots = Array.from({ length: catalog.spots.size }, (_, i) => pieceValue<Spot>(catalog.spots.list, i)!);
  const started = performance.now();
  const db = withOrama ? await oramaOf(spots) : null;
  const oramaIndexSeconds = (performance.now() - started) / 1000;
  const kinds = runners(catalog, db);
  const times = new Map<string, { api: number[]; orama: number[] }>(kinds.map((k) => [k.name, { api: [], orama: [] }]));
  for (const kind of kinds) measure(kind.api, 1_000_000, 50, budgetMs / 4); // warm-up: JIT, lazy structures
  for (let round = 0; round < 3; round++) {
    for (const kind of kinds) {
      // Inputs never repeat across rounds and systems: memos or caches could not help.
      const offset = round * 100_000;
      times.get(kind.name)!.api.push(...measure(kind.api, offset, 2000, budgetMs));
      if (kind.orama && db) {
        times.get(kind.name)!.orama.push(...measure(kind.orama, offset + 50_000, 2000, budgetMs));
      }
    }
  }
  return {
    oramaIndexSeconds,
    kinds: [
      { name: "bbox markers, just started", api: summarize(justStartedBbox), orama: null, targetP99Ms: 2 },
      ...kinds.map((kind) => {
        const { api, orama } = times.get(kind.name)!;
        const summary = { name: kind.name, api: summarize(api), orama: orama.length > 0 ? summarize(orama) : null };
        return { ...summary, targetP99Ms: kind.targetP99Ms ?? null };
      }),
    ],
    worldZoom2Bytes: markersBody(catalog.spots.markers, spotClusters(catalog, { filters: {} }, 2)).length,
  };
}

/** The naive list: every spot checked against every filter, then q's matches in q's order. */
function naiveList(catalog: Catalog, spots: Spot[], tagKeys: string[][], criteria: SpotCriteria): number[] {
  const keep = (value: string | null, keys?: string[]) => !keys || (value !== null && keys.includes(foldKey(value)));
  const filtered = spots
    .map((spot, position) => ({ spot, position }))
    .filter(
      ({ spot, position }) =>
        keep(spot.country_code, criteria.filters.country) &&
        keep(spot.region, criteria.filters.region) &&
        keep(spot.wave_type, criteria.filters.wave_type) &&
        keep(spot.skill_level, criteria.filters.skill_level) &&
        keep(spot.tier, criteria.filters.tier) &&
        (!criteria.filters.tag || criteria.filters.tag.some((key) => tagKeys[position].includes(key))),
    )
    .map(({ position }) => position);
  if (criteria.q === undefined) return filtered;
  const allowed = new Set(filtered);
  const ranked = searchPositions(catalog.spots.search, "naive", criteria.q) ?? Int32Array.from(filtered);
  return Array.from(ranked).filter((position) => allowed.has(position));
}

const inBox = (spot: Spot, box: BoundingBox) =>
  spot.latitude !== null &&
  spot.latitude >= box.minLat &&
  spot.latitude <= box.maxLat &&
  (box.minLng <= box.maxLng
    ? spot.longitude! >= box.minLng && spot.longitude! <= box.maxLng
    : spot.longitude! >= box.minLng || spot.longitude! <= box.maxLng);

/** Optimized paths against naive ones for a sample of queries (half with q); returns the mismatches. */
export function correctnessCheck(catalog: Catalog, samples: number): string[] {
  const spots = Array.from({ length: catalog.spots.size }, (_, i) => pieceValue<Spot>(catalog.spots.list, i)!);
  const tagKeys = spots.map(() => [] as string[]);
  for (const value of catalog.spots.fields.tag.values) {
    for (const position of value.positions) tagKeys[position].push(value.key);
  }
  const mismatches: string[] = [];
  for (let i = 0; i < samples; i++) {
    // Filters from the list stream, and a q on every other sample (the stream puts q only
    // where it has no country: here q meets every filter).
    const criteria = { ...distinctCriteria(2 * i), q: i % 2 === 1 ? distinctQ(i) : undefined };
    const naive = naiveList(catalog, spots, tagKeys, criteria);
    const optimized = Array.from(listSpots(catalog, criteria, { limit: 1_000_000, offset: 0 }).positions);
    if (JSON.stringify(optimized) !== JSON.stringify(naive)) mismatches.push(`list ${JSON.stringify(criteria)}`);

    const box = BOXES[i % BOXES.length];
    const markers = Array.from(spotMarkers(catalog, { ...criteria, bbox: box }).positions);
    const naiveMarkers = naive.filter((position) => inBox(spots[position], box));
    if (JSON.stringify(markers) !== JSON.stringify(naiveMarkers)) mismatches.push(`map ${JSON.stringify(criteria)}`);
    if (positionsInBox(catalog.spots, box).length !== spots.filter((spot) => inBox(spot, box)).length) {
      mismatches.push(`box ${JSON.stringify(box)}`);
    }

    const facets = spotFacets(catalog, criteria);
    const withoutCountry = naiveList(catalog, spots, tagKeys, {
      ...criteria,
      filters: { ...criteria.filters, country: undefined },
    });
    for (const { value, count } of facets.facets.countries) {
      const expected = withoutCountry.filter((position) => spots[position].country_code === value).length;
      if (expected !== count) mismatches.push(`facet countries ${value} ${JSON.stringify(criteria)}`);
    }
    if (facets.filtered_total !== naive.length) mismatches.push(`filtered_total ${JSON.stringify(criteria)}`);
  }
  return mismatches;
}
