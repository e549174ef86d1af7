/** The bitset operations against the same sets as plain arrays (fast-check, fixed seed). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addPositions,
  andInto,
  countBits,
  emptyBits,
  firstPositions,
  hasNoBits,
  isDense,
  keepSet,
  orInto,
} from "../../runtime/catalog/bits.ts";

const RUNS = { seed: 20261124, numRuns: 200 };
const SIZE = 1000;
/** A sorted set of distinct positions below SIZE, from empty to every one of them. */
const positions = fc
  .uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { maxLength: SIZE })
  .map((values) => Int32Array.from(values).sort());
const bitsOf = (set: Int32Array) => addPositions(emptyBits(SIZE), set);

describe("bitsets of positions", () => {
  it("count, list and filter what they hold", () => {
    fc.assert(
      fc.property(
        positions,
        positions,
        fc.integer({ min: 0, max: SIZE + 5 }),
        fc.nat(SIZE + 5),
        (a, b, count, from) => {
          const bits = bitsOf(a);
          expect(countBits(bits)).toBe(a.length);
          expect(hasNoBits(bits)).toBe(a.length === 0);
          expect(Array.from(firstPositions(bits, Number.POSITIVE_INFINITY))).toEqual(Array.from(a));
          expect(Array.from(firstPositions(bits, count))).toEqual(Array.from(a.subarray(0, count)));
          // A page deeper in: the positions from the from-th, up to the count-th or to the end.
          expect(Array.from(firstPositions(bits, count, from))).toEqual(Array.from(a.subarray(from, count)));
          expect(Array.from(firstPositions(bits, Number.POSITIVE_INFINITY, from))).toEqual(
            Array.from(a.subarray(from)),
          );
          const inB = new Set(b);
          expect(Array.from(keepSet(a, bitsOf(b)))).toEqual(Array.from(a).filter((position) => inB.has(position)));
        },
      ),
      RUNS,
    );
  });

  it("AND and OR are intersection and union", () => {
    fc.assert(
      fc.property(positions, positions, (a, b) => {
        const inB = new Set(b);
        const and = bitsOf(a);
        andInto(and, bitsOf(b));
        expect(Array.from(firstPositions(and, Number.POSITIVE_INFINITY))).toEqual(
          Array.from(a).filter((position) => inB.has(position)),
        );
        const or = bitsOf(a);
        orInto(or, bitsOf(b));
        expect(Array.from(firstPositions(or, Number.POSITIVE_INFINITY))).toEqual(
          [...new Set([...a, ...b])].sort((x, y) => x - y),
        );
      }),
      RUNS,
    );
  });

  it("counts the highest bit of a word (popcount is unsigned)", () => {
    const bits = bitsOf(Int32Array.from([31, 63, 999]));
    expect(countBits(bits)).toBe(3);
    expect(Array.from(firstPositions(bits, 2))).toEqual([31, 63]);
    expect(Array.from(firstPositions(bits, 3, 1))).toEqual([63, 999]);
    expect(Array.from(firstPositions(bits, 3, 2))).toEqual([999]);
  });

  it("keeps a set as a bitset from 1 item in 32", () => {
    expect(isDense(0, 10)).toBe(false);
    expect(isDense(31, 1000)).toBe(false);
    expect(isDense(32, 1000)).toBe(true);
  });
});
