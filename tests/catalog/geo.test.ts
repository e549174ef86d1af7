/**
 * Every geo answer against a brute-force computation over all spots, written here
 * independently of runtime/catalog/geo.ts: great-circle distances from unit vectors (not
 * haversine), boxes by longitude arithmetic modulo 360 (not the index's two ranges),
 * clusters by running supercluster directly over the markers. On the bundled catalog and
 * on a generated one with spots at the South Pole, in the far north, on the antimeridian and
 * on the same point.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import Supercluster from "supercluster";
import { describe, expect, it } from "vitest";
import type { Cluster } from "../../core/clusters.ts";
import { foldKey } from "../../core/fold.ts";
import type { Spot } from "../../core/resources.ts";
import type { SpotEntry } from "../../core/snapshot-format.ts";
import type { BoundingBox, Near } from "../../runtime/catalog/geo.ts";
import { listSpots, type SpotCriteria, spotClusters, spotFacets, spotMarkers } from "../../runtime/catalog/spots.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { generateContent } from "../../scripts/generate-content.ts";
import { entriesOf, testCatalog } from "../helpers/app.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";

const RUNS = { seed: 20261123, numRuns: 120 };
const EVERYTHING = { limit: 1_000_000, offset: 0 };

/**
 * Where geometry is hard: the South Pole, the far north, both sides of the antimeridian, one
 * point twice; each with a country it lies in, as the build checks (no country holds the North Pole).
 */
const EXTREME_POINTS: [lat: number, lng: number, country: string][] = [
  [83.65, -30.6, "GL"],
  [-89.9, -120, "AQ"],
  [-16.8, 179.995, "FJ"],
  [-16.8, -179.995, "FJ"],
  [65, 180, "RU"],
  [38.7, -9.4, "PT"],
  [38.7, -9.4, "PT"],
];

/** Where a generated spot is moved: a point and the country it lies in, or nowhere (no coordinates). */
type Placement = [lat: number, lng: number, country: string] | "nowhere";

/**
 * A generated catalog of `spots` spots in `areas` areas, with spot row i moved to `placeOf(i)`
 * where it gives a placement.
 */
async function generatedWith(
  spots: number,
  areas: number,
  placeOf: (row: number) => Placement | undefined,
): Promise<Catalog> {
  const dir = mkdtempSync(path.join(tmpdir(), "geo-catalog-"));
  generateContent(spots, areas, dir, 16);
  const csv = path.join(dir, "spots.csv");
  const [header, ...rows] = readFileSync(csv, "utf8").split("\n");
  const placed = rows.map((row, i) => {
    const place = placeOf(i);
    // Generated names and regions hold no commas: country_code is the 4th field, then region,
    // latitude, longitude and location_precision.
    const fields = row.split(",");
    if (place === undefined || fields.length < 8) return row;
    if (place === "nowhere") fields.splice(5, 3, "", "", "");
    else fields.splice(3, 5, place[2], fields[4], String(place[0]), String(place[1]), "break");
    return fields.join(",");
  });
  writeFileSync(csv, [header, ...placed].join("\n"));
  return catalogFrom(dir);
}

/** A generated catalog whose first spots are moved to the extreme points. */
function generatedCatalog(): Promise<Catalog> {
  return generatedWith(2000, 20, (i) => EXTREME_POINTS[i]);
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance from the angle between unit vectors (atan2 of cross and dot products). */
function bruteDistanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const vector = (lat: number, lng: number) => {
    const [phi, lambda] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
    return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  };
  const [a, b] = [vector(lat1, lng1), vector(lat2, lng2)];
  const cross = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Math.atan2(Math.hypot(...cross), dot) * EARTH_RADIUS_KM;
}

const mod360 = (value: number) => ((value % 360) + 360) % 360;

/** In the box when east of its west edge by no more than its width, both taken modulo 360. */
function bruteInBox(lat: number, lng: number, box: BoundingBox): boolean {
  if (lat < box.minLat || lat > box.maxLat) return false;
  if (box.maxLng - box.minLng >= 360) return true;
  return mod360(lng - box.minLng) <= mod360(box.maxLng - box.minLng);
}

for (const [label, load] of [
  ["bundled catalog", testCatalog],
  ["generated catalog", generatedCatalog],
] as const) {
  describe(`geo answers on the ${label}`, async () => {
    const catalog = await load();
    const spots = entriesOf<SpotEntry>(catalog.spots).map(({ spot }) => spot);
    const located = spots.flatMap((spot, position) => (spot.latitude === null ? [] : [position]));
    const distanceOf = (spot: Spot, near: Near) => bruteDistanceKm(near.lat, near.lng, spot.latitude!, spot.longitude!);

    const values = (field: keyof Spot) => [...new Set(spots.map((spot) => spot[field]).filter((v) => v !== null))];
    const criteria: fc.Arbitrary<Omit<SpotCriteria, "near" | "bbox">> = fc.record({
      filters: fc.record(
        {
          wave_type: fc.subarray(values("wave_type") as string[], { minLength: 1 }).map((v) => v.map(foldKey)),
          tier: fc.subarray(values("tier") as string[], { minLength: 1 }).map((v) => v.map(foldKey)),
        },
        { requiredKeys: [] },
      ),
      q: fc.option(fc.constantFrom("reef", "beach", "point", "bay"), { nil: undefined }),
    });
    const latitude = fc.oneof(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.constantFrom(90, -90, 89.9, -89.9, 38.7, -16.8, 0),
    );
    // The brute force's widths modulo 360 cannot hold 360 less a longitude under half a
    // unit in the last place of 360 (it rounds to 360, then to 0): such longitudes are 0 here.
    const longitude = fc.oneof(
      fc.double({ min: -540, max: 540, noNaN: true }).map((lng) => (Math.abs(lng) < 1e-9 ? 0 : lng)),
      fc.constantFrom(180, -180, 179.99, -179.99, 539.9, -9.4),
    );
    const radius = fc.option(
      fc.oneof(
        fc.constantFrom(0.001, 1, 50, 500, 5000, 20_000),
        fc.double({ min: 0.001, max: 20_000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
      ),
      { nil: undefined },
    );
    // Anywhere on the globe, or where spots are (so that circles hold spots near their rims).
    const anywhere = fc.record({ lat: latitude, lng: longitude.map((lng) => mod360(lng + 180) - 180) });
    const atASpot = fc.constantFrom(...located).map((position) => ({
      lat: spots[position].latitude!,
      lng: spots[position].longitude!,
    }));
    const near: fc.Arbitrary<Near> = fc
      .tuple(fc.oneof(anywhere, atASpot), radius)
      .map(([point, radiusKm]) => ({ ...point, radiusKm }));
    const anyBox: fc.Arbitrary<BoundingBox> = fc
      .record({ a: latitude, b: latitude, minLng: longitude, maxLng: longitude })
      .map(({ a, b, minLng, maxLng }) => ({ minLat: Math.min(a, b), maxLat: Math.max(a, b), minLng, maxLng }));
    // A box whose edges pass through spots (which are inside: bounds are included), east to
    // west across the antimeridian when `across`.
    const boxOnSpots: fc.Arbitrary<BoundingBox> = fc.tuple(atASpot, atASpot, fc.boolean()).map(([a, b, across]) => {
      const [west, east] = a.lng <= b.lng === across ? [b.lng, a.lng] : [a.lng, b.lng];
      return { minLat: Math.min(a.lat, b.lat), maxLat: Math.max(a.lat, b.lat), minLng: west, maxLng: east };
    });
    const box = fc.oneof(anyBox, boxOnSpots);

    /** The usual answer order (filters and q, without any area): already checked elsewhere. */
    const usualOrder = (query: Omit<SpotCriteria, "near" | "bbox">) =>
      Array.from(listSpots(catalog, query, EVERYTHING).positions);

    /** A distance so close to the radius that two formulas may disagree on which side it lies. */
    const onTheEdge = (spot: Spot, within: Near) =>
      within.radiusKm !== undefined && Math.abs(distanceOf(spot, within) - within.radiusKm) < 1e-6;

    /** The brute-force list: the usual order, filtered by area, then nearest first (to the metre). */
    function bruteList(query: Omit<SpotCriteria, "near" | "bbox">, within: Near | undefined, bbox?: BoundingBox) {
      const inArea = (position: number) => {
        const spot = spots[position];
        if (bbox && (spot.latitude === null || !bruteInBox(spot.latitude, spot.longitude!, bbox))) return false;
        if (within?.radiusKm === undefined) return true;
        return spot.latitude !== null && distanceOf(spot, within) <= within.radiusKm;
      };
      const usual = usualOrder(query).filter(inArea);
      if (!within) return { positions: usual, distances: undefined };
      const rank = new Map(usual.map((position, i) => [position, i]));
      const metres = (position: number) =>
        spots[position].latitude === null ? Infinity : Math.round(distanceOf(spots[position], within) * 1000);
      const ordered = [...usual].sort((a, b) => metres(a) - metres(b) || rank.get(a)! - rank.get(b)!);
      return { positions: ordered, distances: ordered.map((p) => (metres(p) === Infinity ? NaN : metres(p) / 1000)) };
    }

    it("near and radius_km: the spots within the radius, nearest first, with their distances", () => {
      fc.assert(
        fc.property(criteria, near, (query, within) => {
          const found = listSpots(catalog, { ...query, near: within }, EVERYTHING);
          const expected = bruteList(query, within);
          const edge = located.filter((position) => onTheEdge(spots[position], within));
          const strip = (list: number[]) => list.filter((position) => !edge.includes(position));
          expect(strip(Array.from(found.positions))).toEqual(strip(expected.positions));
          expect(found.total).toBe(found.positions.length);
          found.positions.forEach((position, i) => {
            if (Number.isNaN(expected.distances![expected.positions.indexOf(position)])) {
              expect(found.distancesKm![i]).toBeNaN();
            } else {
              expect(found.distancesKm![i]).toBeCloseTo(distanceOf(spots[position], within), 2);
            }
          });
        }),
        RUNS,
      );
    });

    it("near: pages of the nearest-first list concatenate to the whole list", () => {
      fc.assert(
        fc.property(criteria, near, fc.integer({ min: 1, max: 60 }), (query, within, limit) => {
          const whole = Array.from(listSpots(catalog, { ...query, near: within }, EVERYTHING).positions);
          const pages: number[] = [];
          for (let offset = 0; offset < Math.min(whole.length, 400); offset += limit) {
            pages.push(...listSpots(catalog, { ...query, near: within }, { limit, offset }).positions);
          }
          expect(pages).toEqual(whole.slice(0, pages.length));
        }),
        { ...RUNS, numRuns: 60 },
      );
    });

    it("bbox on the list: the spots in the box (wrapped longitudes, across the antimeridian), usual order", () => {
      fc.assert(
        fc.property(criteria, box, (query, bbox) => {
          const found = listSpots(catalog, { ...query, bbox }, EVERYTHING);
          expect(Array.from(found.positions)).toEqual(bruteList(query, undefined, bbox).positions);
        }),
        RUNS,
      );
    });

    it("bbox and near together on the map: markers in the box and radius, nearest first", () => {
      fc.assert(
        fc.property(criteria, box, near, (query, bbox, within) => {
          const found = spotMarkers(catalog, { ...query, bbox, near: within });
          const expected = bruteList(query, within, bbox).positions;
          const edge = located.filter((position) => onTheEdge(spots[position], within));
          expect(Array.from(found.positions).filter((p) => !edge.includes(p))).toEqual(
            expected.filter((p) => !edge.includes(p)),
          );
        }),
        RUNS,
      );
    });

    it("facets of an area count what the area holds, each field without its own filter", () => {
      fc.assert(
        fc.property(criteria, box, (query, bbox) => {
          const { filtered_total, facets } = spotFacets(catalog, { ...query, bbox });
          expect(filtered_total).toBe(bruteList(query, undefined, bbox).positions.length);
          const withoutWaveType = { ...query, filters: { ...query.filters, wave_type: undefined } };
          const counts = new Map<string, number>();
          for (const position of bruteList(withoutWaveType, undefined, bbox).positions) {
            const value = spots[position].wave_type;
            if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
          }
          for (const { value, count } of facets.waveTypes) expect(count, value).toBe(counts.get(value) ?? 0);
          expect(facets.waveTypes.filter(({ count }) => count > 0).length).toBe(counts.size);
        }),
        RUNS,
      );
    });

    /**
     * supercluster run directly over the markers a request would show without zoom, given in
     * catalog order (its greedy merging depends on the order: the answer must not depend on q's ranking).
     */
    function bruteClusters(markers: number[], zoom: number) {
      const index = new Supercluster({ radius: 40, extent: 512, minPoints: 2, maxZoom: 16 }).load(
        [...markers]
          .sort((a, b) => a - b)
          .map((position) => ({
            type: "Feature" as const,
            properties: { position },
            geometry: { type: "Point" as const, coordinates: [spots[position].longitude!, spots[position].latitude!] },
          })),
      );
      const alone: number[] = [];
      const clusters: { lat: number; lng: number; count: number; expansion_zoom: number; leaves: number[] }[] = [];
      for (const feature of index.getClusters([-180, -90, 180, 90], zoom)) {
        if (!feature.properties.cluster) {
          alone.push(feature.properties.position);
          continue;
        }
        const [lng, lat] = feature.geometry.coordinates;
        clusters.push({
          lat,
          lng,
          count: feature.properties.point_count,
          expansion_zoom: index.getClusterExpansionZoom(feature.properties.cluster_id),
          leaves: index.getLeaves(feature.properties.cluster_id, Infinity).map((leaf) => leaf.properties.position),
        });
      }
      return { alone, clusters };
    }

    const zoom = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, 2, 16, 17));
    const mapCriteria = fc.record({
      query: criteria,
      bbox: fc.option(box, { nil: undefined }),
      near: fc.option(near, { nil: undefined }),
    });

    it("clusters: what supercluster makes of the same markers; counts add up to the markers they replace", () => {
      fc.assert(
        fc.property(mapCriteria, zoom, ({ query, bbox, near: within }, level) => {
          const request = { ...query, bbox, near: within };
          const markers = Array.from(spotMarkers(catalog, request).positions);
          const map = spotClusters(catalog, request, level);
          const clusters: Cluster[] = JSON.parse(`[${map.clusters.toString()}]`);
          const expected = bruteClusters(markers, level);
          // The markers left alone keep the answer's order (nearest first with near).
          expect(Array.from(map.positions)).toEqual(markers.filter((p) => expected.alone.includes(p)));
          expect(clusters.length).toBe(expected.clusters.length);
          const byPlace = <C extends { lat: number; lng: number; count: number }>(list: C[]) =>
            [...list].sort((a, b) => b.count - a.count || b.lat - a.lat || a.lng - b.lng);
          byPlace(expected.clusters).forEach((cluster, i) => {
            const answered = byPlace(clusters)[i];
            expect(answered.count).toBe(cluster.count);
            expect(answered.lat).toBeCloseTo(cluster.lat, 5);
            expect(answered.lng).toBeCloseTo(cluster.lng, 5);
            expect(answered.expansion_zoom).toBe(cluster.expansion_zoom);
            expect(answered.expansion_zoom).toBeGreaterThan(level);
          });
          // Every marker is either alone or in exactly one cluster.
          const replaced = expected.clusters.flatMap((cluster) => cluster.leaves);
          expect(replaced.length).toBe(clusters.reduce((sum, cluster) => sum + cluster.count, 0));
          expect([...map.positions, ...replaced].sort((a, b) => a - b)).toEqual([...markers].sort((a, b) => a - b));
          if (level > 16) expect(clusters).toEqual([]);
        }),
        { ...RUNS, numRuns: 80 },
      );
    });

    it("the world map the build clustered is what supercluster makes of every marker, at every zoom", () => {
      const markers = Array.from(spotMarkers(catalog, { filters: {} }).positions);
      expect(markers.length).toBe(located.length);
      for (let level = 0; level <= 20; level++) {
        const map = spotClusters(catalog, { filters: {} }, level);
        const expected = bruteClusters(markers, level);
        expect(Array.from(map.positions), `zoom ${level}`).toEqual(markers.filter((p) => expected.alone.includes(p)));
        const counts = JSON.parse(`[${map.clusters.toString()}]`).map((cluster: { count: number }) => cluster.count);
        expect(counts, `zoom ${level}`).toEqual(expected.clusters.map((c) => c.count).sort((a, b) => b - a));
      }
    });
  });
}

describe("geo answers on a catalog where no spot has coordinates", async () => {
  // Its index holds one dummy point at (0, 0) that no spot is: every area around it is empty.
  const catalog = await generatedWith(40, 5, () => "nowhere");

  it("has no spot in a box or a circle around the dummy point, and no marker", () => {
    const bbox = { minLat: -1, minLng: -1, maxLat: 1, maxLng: 1 };
    expect(listSpots(catalog, { filters: {}, bbox }, EVERYTHING).total).toBe(0);
    expect(listSpots(catalog, { filters: {}, near: { lat: 0, lng: 0, radiusKm: 100 } }, EVERYTHING).total).toBe(0);
    expect(spotMarkers(catalog, { filters: {} }).positions.length).toBe(0);
    expect(listSpots(catalog, { filters: {} }, EVERYTHING).total).toBe(40);
  });
});

describe("near on a catalog where many spots share one point", async () => {
  // 40 of 2,000 spots at one point: at any page size, the page is those spots in the usual
  // order, however the index's walk outward meets them.
  const catalog = await generatedWith(2000, 20, (i) => (i % 50 === 7 ? [21.665, -158.053, "US"] : undefined));
  const spots = entriesOf<SpotEntry>(catalog.spots).map(({ spot }) => spot);
  const atThePoint = spots.flatMap((spot, position) => (spot.latitude === 21.665 ? [position] : []));

  it("gives every page size those spots first, in the usual order, at 0 km", () => {
    expect(atThePoint.length).toBe(40);
    const near = { lat: 21.665, lng: -158.053 };
    for (let limit = 1; limit <= 40; limit++) {
      const page = listSpots(catalog, { filters: {}, near }, { limit, offset: 0 });
      expect(Array.from(page.positions), `limit ${limit}`).toEqual(atThePoint.slice(0, limit));
      expect(Array.from(page.distancesKm!)).toEqual(Array(limit).fill(0));
    }
  });
});
