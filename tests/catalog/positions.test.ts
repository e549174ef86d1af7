/** The set operations on sorted position lists, against plain arrays (fast-check, fixed seed). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intersectAll, smallestOf, smallestSorted, union } from "../../runtime/catalog/positions.ts";

const RUNS = { seed: 20261124, numRuns: 200 };
const sortedSet = fc
  .uniqueArray(fc.integer({ min: 0, max: 2000 }), { maxLength: 400 })
  .map((values) => Int32Array.from(values).sort());
const distinctKeys = fc.uniqueArray(fc.maxSafeNat(), { maxLength: 600 }); // rank keys are whole numbers

describe("sorted position lists", () => {
  it("intersect and unite like sets", () => {
    fc.assert(
      fc.property(fc.array(sortedSet, { minLength: 1, maxLength: 4 }), (lists) => {
        const arrays = lists.map((list) => Array.from(list));
        const common = arrays[0].filter((value) => arrays.every((array) => array.includes(value)));
        expect(Array.from(intersectAll(lists)!)).toEqual(common);
        expect(Array.from(union(lists))).toEqual([...new Set(arrays.flat())].sort((a, b) => a - b));
      }),
      RUNS,
    );
  });

  it("take the smallest keys in order, by heap or by selection, without changing the keys", () => {
    fc.assert(
      fc.property(distinctKeys, fc.integer({ min: 0, max: 700 }), (values, count) => {
        const keys = Float64Array.from(values);
        const expected = [...values].sort((a, b) => a - b).slice(0, count);
        expect(Array.from(smallestOf(keys, count))).toEqual(expected);
        expect(Array.from(keys)).toEqual(values);
        expect(Array.from(smallestSorted(Float64Array.from(values), count))).toEqual(expected);
      }),
      RUNS,
    );
  });
});
