/** In-process latency of the pure queries (no HTTP, no response cache), and a correctness check. */

import { foldKey } from "../../core/fold.ts";
import type { Spot } from "../../core/resources.ts";
import { listSpots, type SpotCriteria, spotDetail, spotFacets, spotMarkers } from "../../runtime/catalog/spots.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { BOXES, COUNTRIES, distinctCriteria, WORDS } from "./queries.ts";

export interface Latency {
  p50: number;
  p99: number;
}

function measure(runs: number, query: (i: number) => unknown): Latency {
  for (let i = 0; i < 20; i++) query(i); // warm-up: JIT, lazy FlexSearch structures
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    query(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)], p99: times[Math.min(runs - 1, Math.floor(runs * 0.99))] };
}

export function queryLatencies(catalog: Catalog, runs = 300): Record<string, Latency> {
  // One pass first, so every query path is compiled and warm before any is measured.
  measureAll(catalog, 50);
  return measureAll(catalog, runs);
}

function measureAll(catalog: Catalog, runs: number): Record<string, Latency> {
  const total = catalog.spots.items.length;
  const slugs = catalog.spots.items.map(({ spot }) => spot.slug);
  const deepOffset = (i: number) => Math.min(1000 + i, Math.max(0, total - 20));
  const memo = new MemoryBudget(64 * 2 ** 20);
  return {
    "list, q (words seen before)": measure(runs, (i) =>
      listSpots(catalog, { filters: {}, q: WORDS[i % WORDS.length] }, { limit: 20, offset: 0 }, memo),
    ),
    "list, q (new words)": measure(runs, (i) => {
      // No memo: the search itself.
      return listSpots(catalog, { filters: {}, q: WORDS[i % WORDS.length] }, { limit: 20, offset: 0 });
    }),
    "list, two filters": measure(runs, (i) =>
      listSpots(
        catalog,
        { filters: { country: [COUNTRIES[i % COUNTRIES.length]], wave_type: [["reef", "beach", "point"][i % 3]] } },
        { limit: 20, offset: 0 },
      ),
    ),
    "list, q + filters + deep offset": measure(runs, (i) =>
      listSpots(
        catalog,
        {
          filters: { country: [COUNTRIES[i % COUNTRIES.length], "us"], tier: ["iconic", "regional", "local"] },
          q: WORDS[i % WORDS.length],
        },
        { limit: 20, offset: deepOffset(i) },
      ),
    ),
    "map, bbox": measure(runs, (i) => spotMarkers(catalog, { filters: {}, bbox: BOXES[i % 3] })),
    "map, antimeridian": measure(runs, () => spotMarkers(catalog, { filters: {}, bbox: BOXES[3] })),
    "facets, no filters": measure(runs, () => spotFacets(catalog, { filters: {} })),
    "facets, filters": measure(runs, (i) =>
      spotFacets(catalog, {
        filters: { country: [COUNTRIES[i % COUNTRIES.length]], wave_type: ["reef"] },
        q: i % 3 === 0 ? WORDS[i % WORDS.length] : undefined,
      }),
    ),
    detail: measure(runs, (i) => spotDetail(catalog, slugs[(i * 7919) % slugs.length])),
  };
}

/** The naive answer: every spot checked against every filter, in stored order. */
function naiveList(spots: Spot[], tagKeys: string[][], criteria: SpotCriteria): string[] {
  const keep = (value: string | null, keys?: string[]) => !keys || (value !== null && keys.includes(foldKey(value)));
  return spots
    .filter(
      (spot, position) =>
        keep(spot.country_code, criteria.filters.country) &&
        keep(spot.region, criteria.filters.region) &&
        keep(spot.wave_type, criteria.filters.wave_type) &&
        keep(spot.skill_level, criteria.filters.skill_level) &&
        keep(spot.tier, criteria.filters.tier) &&
        (!criteria.filters.tag || criteria.filters.tag.some((key) => tagKeys[position].includes(key))),
    )
    .map((spot) => spot.slug);
}

/** Optimized paths against naive ones for a sample of queries; returns the mismatches. */
export function correctnessCheck(catalog: Catalog, samples = 100): string[] {
  const spots = catalog.spots.items.map(({ spot }) => spot);
  const tagKeys = spots.map(() => [] as string[]);
  for (const value of catalog.spots.fields.tag.values) {
    for (const position of value.positions) tagKeys[position].push(value.key);
  }
  const mismatches: string[] = [];
  for (let i = 0; i < samples; i++) {
    const criteria = { ...distinctCriteria(i), q: undefined };
    const optimized = listSpots(catalog, criteria, { limit: 1_000_000, offset: 0 }).spots.map((spot) => spot.slug);
    if (JSON.stringify(optimized) !== JSON.stringify(naiveList(spots, tagKeys, criteria)))
      mismatches.push(`list ${JSON.stringify(criteria)}`);
    const box = BOXES[i % BOXES.length];
    const inBox = (spot: Spot) =>
      spot.latitude !== null &&
      spot.latitude >= box.minLat &&
      spot.latitude <= box.maxLat &&
      (box.minLng <= box.maxLng
        ? spot.longitude! >= box.minLng && spot.longitude! <= box.maxLng
        : spot.longitude! >= box.minLng || spot.longitude! <= box.maxLng);
    const markers = spotMarkers(catalog, { ...criteria, bbox: box }).spots.map((marker) => marker.slug);
    const naiveMarkers = naiveList(spots, tagKeys, criteria).filter((slug) =>
      inBox(spots[catalog.spots.positionBySlug.get(slug)!]),
    );
    if (JSON.stringify(markers) !== JSON.stringify(naiveMarkers))
      mismatches.push(`map ${JSON.stringify(criteria)} ${JSON.stringify(box)}`);
    const facets = spotFacets(catalog, criteria);
    const withoutCountry = naiveList(spots, tagKeys, { filters: { ...criteria.filters, country: undefined } });
    for (const { value, count } of facets.facets.countries) {
      const naive = withoutCountry.filter(
        (slug) => spots[catalog.spots.positionBySlug.get(slug)!].country_code === value,
      ).length;
      if (naive !== count) mismatches.push(`facet countries ${value} ${JSON.stringify(criteria)}`);
    }
  }
  return mismatches;
}
