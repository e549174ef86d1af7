/**
 * The points of a box, walked with whole nodes copied, against KDBush's own `range` over
 * the same index: random points (clustered, repeated, on a grid), several node sizes, and
 * boxes at random, through points and around most of the points (fast-check, fixed seed).
 */
import fc from "fast-check";
import KDBush from "kdbush";
import { describe, expect, it } from "vitest";
import { writeIdsInBox } from "../../runtime/catalog/kd-box.ts";

const RUNS = { seed: 20261126, numRuns: 150 };

type Point = [lng: number, lat: number];

const lng = fc.double({ min: -180, max: 180, noNaN: true });
const lat = fc.double({ min: -90, max: 90, noNaN: true });
/** Points spread over the globe, crowded in one small area, or on a grid where many share a coordinate. */
const points: fc.Arbitrary<Point[]> = fc.oneof(
  fc.array(fc.tuple(lng, lat), { minLength: 1, maxLength: 3000, size: "max" }),
  fc.array(fc.tuple(fc.double({ min: 110, max: 155, noNaN: true }), fc.double({ min: -45, max: -10, noNaN: true })), {
    minLength: 1,
    maxLength: 3000,
    size: "max",
  }),
  fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -10, max: 10 })), {
    minLength: 1,
    maxLength: 3000,
    size: "max",
  }),
);

function indexOf(found: Point[], nodeSize: number): KDBush {
  const index = new KDBush(found.length, nodeSize);
  for (const [x, y] of found) index.add(x, y);
  return index.finish();
}

/** A box from two of the points (so edges pass through points), or any box, or nearly the points' extent. */
function boxFor(found: Point[]) {
  const pick = fc.nat(found.length - 1).map((i) => found[i]);
  const through = fc.tuple(pick, pick).map(([a, b]) => ({
    minLng: Math.min(a[0], b[0]),
    minLat: Math.min(a[1], b[1]),
    maxLng: Math.max(a[0], b[0]),
    maxLat: Math.max(a[1], b[1]),
  }));
  const any = fc.tuple(lng, lng, lat, lat).map(([a, b, c, d]) => ({
    minLng: Math.min(a, b),
    minLat: Math.min(c, d),
    maxLng: Math.max(a, b),
    maxLat: Math.max(c, d),
  }));
  const wide = fc.double({ min: 0, max: 0.2, noNaN: true }).map((shrink) => {
    const lngs = found.map((point) => point[0]);
    const lats = found.map((point) => point[1]);
    const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
    const [south, north] = [Math.min(...lats), Math.max(...lats)];
    return {
      minLng: west + (east - west) * shrink,
      minLat: south,
      maxLng: east,
      maxLat: north - (north - south) * shrink,
    };
  });
  return fc.oneof(through, any, wide);
}

describe("the points of a KDBush index inside a box", () => {
  it("are the ones KDBush's range finds, each once, after what the array already holds", () => {
    const cases = points.chain((found) =>
      fc.tuple(fc.constant(found), fc.constantFrom(2, 8, 64), fc.array(boxFor(found), { minLength: 1, maxLength: 6 })),
    );
    fc.assert(
      fc.property(cases, ([found, nodeSize, boxes]) => {
        const index = indexOf(found, nodeSize);
        const out = new Int32Array(found.length + 3).fill(-1);
        for (const { minLng, minLat, maxLng, maxLat } of boxes) {
          const count = writeIdsInBox(index, minLng, minLat, maxLng, maxLat, out, 3);
          const expected = index.range(minLng, minLat, maxLng, maxLat).sort((a, b) => a - b);
          expect(Array.from(out.subarray(3, count)).sort((a, b) => a - b)).toEqual(expected);
        }
        expect(Array.from(out.subarray(0, 3))).toEqual([-1, -1, -1]);
      }),
      RUNS,
    );
  });
});
