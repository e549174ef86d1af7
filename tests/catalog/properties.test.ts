/**
 * Properties of the spot queries over the real snapshot, for generated filters, queries
 * and boxes (fast-check, fixed seed: a failure prints the case that broke it).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldKey } from "../../core/fold.ts";
import type { Spot } from "../../core/resources.ts";
import type { SpotEntry } from "../../core/snapshot-format.ts";
import type { BoundingBox } from "../../runtime/catalog/geo.ts";
import { queryWords, searchKey } from "../../runtime/catalog/search-words.ts";
import { listSpots, type SpotCriteria, spotFacets, spotMarkers, spotsAsRead } from "../../runtime/catalog/spots.ts";
import { answerUnderstood, readerFor } from "../../runtime/catalog/understand.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import { entriesOf, markersAt, spotsAt, testCatalog } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const catalog = testCatalog();
const spots = entriesOf<SpotEntry>(catalog.spots).map(({ spot }) => spot);
/** Each spot's tag keys, read back from the tag filter table. */
const tagKeysOf = new Map<string, string[]>(spots.map((spot) => [spot.slug, []]));
for (const value of catalog.spots.fields.tag.values) {
  for (const position of value.positions) tagKeysOf.get(spots[position].slug)!.push(value.key);
}
const RUNS = { seed: 20261121, numRuns: 150 };

/** Some stored values of a field, each in a random case (filters ignore case). */
function valuesOf(values: (string | null)[]): fc.Arbitrary<string[] | undefined> {
  const distinct = [...new Set(values.filter((value): value is string => value !== null))];
  const cased = fc
    .constantFrom(...distinct)
    .chain((value) => fc.constantFrom(value, value.toUpperCase(), value.toLowerCase()));
  return fc.option(fc.uniqueArray(cased, { minLength: 1, maxLength: 3 }), { nil: undefined });
}

const criteria: fc.Arbitrary<SpotCriteria> = fc
  .record({
    country: valuesOf(spots.map((spot) => spot.country_code)),
    region: valuesOf(spots.map((spot) => spot.region)),
    wave_type: valuesOf(spots.map((spot) => spot.wave_type)),
    skill_level: valuesOf(spots.map((spot) => spot.skill_level)),
    tag: valuesOf(catalog.spots.fields.tag.values.map((value) => value.value)),
    tier: valuesOf(spots.map((spot) => spot.tier)),
    q: fc.option(
      fc.constantFrom(
        "reef",
        "beach",
        "big",
        "left",
        "point",
        "portugal",
        "hawaii",
        "pipe",
        "bar",
        "north shore",
        "wave",
        // Words few spots hold (fewer than 1 in 32): their matches are a list, not a bitset.
        "teahupoo",
        "supertubes",
        "cloudbreak",
      ),
      { nil: undefined },
    ),
  })
  .map(({ q, ...filters }) => ({
    q,
    filters: Object.fromEntries(
      Object.entries(filters)
        .filter(([, keys]) => keys)
        .map(([name, keys]) => [name, keys!.map(foldKey)]),
    ),
  }));

const box: fc.Arbitrary<BoundingBox> = fc
  .record({
    a: fc.double({ min: -90, max: 90, noNaN: true }),
    b: fc.double({ min: -90, max: 90, noNaN: true }),
    minLng: fc.double({ min: -180, max: 180, noNaN: true }),
    maxLng: fc.double({ min: -180, max: 180, noNaN: true }),
  })
  .map(({ a, b, minLng, maxLng }) => ({ minLat: Math.min(a, b), maxLat: Math.max(a, b), minLng, maxLng }));

function satisfies(spot: Spot, { filters }: SpotCriteria): boolean {
  const matches = (value: string | null, keys?: string[]) => !keys || (value !== null && keys.includes(foldKey(value)));
  return (
    matches(spot.country_code, filters.country) &&
    matches(spot.region, filters.region) &&
    matches(spot.wave_type, filters.wave_type) &&
    matches(spot.skill_level, filters.skill_level) &&
    matches(spot.tier, filters.tier) &&
    (!filters.tag || filters.tag.some((key) => tagKeysOf.get(spot.slug)!.includes(key)))
  );
}

function inBox(lat: number, lng: number, { minLat, maxLat, minLng, maxLng }: BoundingBox): boolean {
  const lngInside = minLng <= maxLng ? lng >= minLng && lng <= maxLng : lng >= minLng || lng <= maxLng;
  return lat >= minLat && lat <= maxLat && lngInside;
}

describe("spot list properties", () => {
  it("pages concatenate to the full ordered result, with no duplicates", () => {
    fc.assert(
      fc.property(criteria, fc.integer({ min: 1, max: 40 }), (query, limit) => {
        const fullPage = listSpots(catalog, query, { limit: 100_000, offset: 0 });
        const full = { ...fullPage, spots: spotsAt(catalog, fullPage.positions) };
        const pages: string[] = [];
        for (let offset = 0; offset < full.total; offset += limit)
          pages.push(
            ...spotsAt(catalog, listSpots(catalog, query, { limit, offset }).positions).map((spot) => spot.slug),
          );
        expect(pages).toEqual(full.spots.map((spot) => spot.slug));
        expect(new Set(pages).size).toBe(pages.length);
        expect(full.total).toBe(full.spots.length);
      }),
      RUNS,
    );
  });

  it("every returned spot satisfies every filter, and no spot that does is missing (without q)", () => {
    fc.assert(
      fc.property(criteria, (query) => {
        const found = spotsAt(catalog, listSpots(catalog, query, { limit: 100_000, offset: 0 }).positions);
        for (const spot of found) expect(satisfies(spot, query), spot.slug).toBe(true);
        if (query.q === undefined)
          expect(found.map((spot) => spot.slug)).toEqual(
            spots.filter((spot) => satisfies(spot, query)).map((spot) => spot.slug),
          );
      }),
      RUNS,
    );
  });
});

describe("map properties", () => {
  it("the map returns exactly the list's spots that have coordinates, in list order", () => {
    fc.assert(
      fc.property(criteria, (query) => {
        const listed = spotsAt(catalog, listSpots(catalog, query, { limit: 100_000, offset: 0 }).positions).filter(
          (spot) => spot.latitude !== null,
        );
        expect(markersAt(catalog, spotMarkers(catalog, query).positions).map((marker) => marker.slug)).toEqual(
          listed.map((spot) => spot.slug),
        );
      }),
      RUNS,
    );
  });

  it("every marker lies in its bbox, and every listed spot in the bbox is a marker", () => {
    fc.assert(
      fc.property(criteria, box, (query, bbox) => {
        const markers = markersAt(catalog, spotMarkers(catalog, { ...query, bbox }).positions);
        for (const marker of markers) expect(inBox(marker.lat, marker.lng, bbox), marker.slug).toBe(true);
        const expected = spotsAt(catalog, listSpots(catalog, query, { limit: 100_000, offset: 0 }).positions).filter(
          (spot) => spot.latitude !== null && inBox(spot.latitude, spot.longitude!, bbox),
        );
        expect(markers.map((marker) => marker.slug)).toEqual(expected.map((spot) => spot.slug));
      }),
      RUNS,
    );
  });
});

describe("facet properties", () => {
  const singleValued = [
    ["countries", "country", (spot: Spot) => spot.country_code],
    ["regions", "region", (spot: Spot) => spot.region],
    ["waveTypes", "wave_type", (spot: Spot) => spot.wave_type],
    ["skillLevels", "skill_level", (spot: Spot) => spot.skill_level],
    ["tiers", "tier", (spot: Spot) => spot.tier],
  ] as const;

  it("count what q matches, for rare words and common ones, with and without q's ranking in the memo", () => {
    const memo = new MemoryBudget(2 ** 22);
    for (const q of ["reef", "beach", "pipe", "portugal", "teahupoo", "supertubes", "cloudbreak"]) {
      const listed = listSpots(catalog, { filters: {}, q }, { limit: 100_000, offset: 0 }).positions;
      const byCountry: Record<string, number> = {};
      for (const spot of spotsAt(catalog, listed))
        byCountry[spot.country_code!] = (byCountry[spot.country_code!] ?? 0) + 1;
      // A page asked for twice keeps q's whole ranking in the memo: the third facets read it.
      for (let ask = 1; ask <= 3; ask++) {
        const { filtered_total, facets } = spotFacets(catalog, { filters: {}, q }, memo);
        expect(filtered_total, `${q}, ask ${ask}`).toBe(listed.length);
        expect(Object.fromEntries(facets.countries.map(({ value, count }) => [value, count]))).toEqual(byCountry);
        listSpots(catalog, { filters: {}, q }, { limit: 5, offset: 0 }, memo);
      }
      expect(memo.get(searchKey(catalog.spots.name, queryWords(q))), q).toBeDefined();
    }
  });

  it("for a field without a filter, counts sum to filtered_total minus the spots whose value is null", () => {
    fc.assert(
      fc.property(criteria, (query) => {
        const { filtered_total, facets } = spotFacets(catalog, query);
        const matching = spotsAt(catalog, listSpots(catalog, query, { limit: 100_000, offset: 0 }).positions);
        expect(filtered_total).toBe(matching.length);
        for (const [key, field, fieldOf] of singleValued) {
          if (query.filters[field]) continue;
          const sum = facets[key].reduce((total, entry) => total + entry.count, 0);
          expect(sum, key).toBe(filtered_total - matching.filter((spot) => fieldOf(spot) === null).length);
        }
      }),
      RUNS,
    );
  });
});

describeMatrix("the list endpoint", (http) => {
  it("answers like the pure query for generated filters", async () => {
    await fc.assert(
      fc.asyncProperty(
        criteria,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 200 }),
        async (query, limit, offset) => {
          const search = new URLSearchParams({ limit: String(limit), offset: String(offset) });
          if (query.q) search.set("q", query.q);
          for (const [name, keys] of Object.entries(query.filters)) search.set(name, keys!.join(","));
          const response = await http.fetch(`/api/spots?${search}`);
          expect(response.status).toBe(200);
          // As the route answers: q read by query understanding, then the pure query.
          const { answer: page, understood } = answerUnderstood(
            readerFor(catalog, "spots"),
            query,
            spotsAsRead,
            (read) => listSpots(catalog, read, { limit, offset }),
            (listed) => ({ count: listed.total, relaxed: listed.relaxed }),
          );
          expect(await response.json()).toEqual({
            spots: spotsAt(catalog, page.positions),
            total: page.total,
            limit,
            offset,
            ...(understood ? { understood } : {}),
          });
        },
      ),
      { ...RUNS, numRuns: 60 },
    );
  });
});
