/**
 * Sets of item positions as bitsets, one bit per item of the collection. A sorted list
 * (positions.ts) costs what it holds; a bitset costs the catalog size / 32, whatever it
 * holds. So a value held by at least 1 item in 32 is also kept as a bitset: ANDing and
 * ORing the common values (a big country, a wave type, a tier) is then a few thousand
 * word operations at 100k items, instead of merging lists of tens of thousands.
 */
import type { Positions } from "./positions.ts";

export type Bits = Uint32Array;

/** A set of positions: a sorted list, or a bitset (often shared with the collection: never mutate either). */
export type PositionSet = { positions: Positions; bits?: undefined } | { bits: Bits; positions?: undefined };

/** Whether a set of `count` positions out of `size` is worth a bitset (it is no longer than its list). */
export function isDense(count: number, size: number): boolean {
  return count > 0 && count * 32 >= size;
}

export function emptyBits(size: number): Bits {
  return new Uint32Array((size >>> 5) + 1);
}

/** Sets the bits of these positions. */
export function addPositions(bits: Bits, positions: Positions): Bits {
  for (let i = 0; i < positions.length; i++) bits[positions[i] >>> 5] |= 1 << (positions[i] & 31);
  return bits;
}

export function orInto(target: Bits, bits: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] |= bits[i];
}

export function andInto(target: Bits, bits: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] &= bits[i];
}

export function hasBit(bits: Bits, position: number): boolean {
  return (bits[position >>> 5] & (1 << (position & 31))) !== 0;
}

/**
 * A membership test for one set, sized to the catalog in bits (12.5 kB at 100k items):
 * cheap to fill with a set's positions and to ask about any other list's.
 */
export function membership(set: Positions, size: number): (position: number) => boolean {
  const bits = addPositions(emptyBits(size), set);
  return (position) => hasBit(bits, position);
}

/** Whether no bit is set. */
export function hasNoBits(bits: Bits): boolean {
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) return false;
  return true;
}

/** How many bits of one word are set, without a loop over them. */
export function popcount(word: number): number {
  let rest = word - ((word >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return Math.imul((rest + (rest >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many bits are set. */
export function countBits(bits: Bits): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += popcount(bits[i]);
  return count;
}

/**
 * The set's positions in ascending order, from the `from`-th (0 for the first) up to but not
 * including the `count`-th (all of them for Infinity). Whole words before the `from`-th are
 * counted, not walked: a deep page costs about a word operation per 32 items before it.
 */
export function firstPositions(bits: Bits, count: number, from = 0): Positions {
  // A count beyond what the set can hold (Infinity) asks for all of them: count them first.
  const out = new Int32Array(Math.max(0, (count >= bits.length * 32 ? countBits(bits) : count) - from));
  let block = 0;
  let before = 0;
  for (; block < bits.length; block++) {
    const inWord = popcount(bits[block]);
    if (before + inWord > from) break;
    before += inWord;
  }
  let filled = 0;
  let word = block < bits.length ? bits[block] : 0;
  for (let drop = from - before; drop > 0; drop--) word &= word - 1; // the lowest set bit cleared
  while (filled < out.length && block < bits.length) {
    while (word !== 0 && filled < out.length) {
      const low = word & -word;
      out[filled++] = (block << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
    if (++block < bits.length) word = bits[block];
  }
  return out.subarray(0, filled);
}

/** The positions of a sorted list that are also in the bitset, still sorted. */
export function keepSet(positions: Positions, bits: Bits): Positions {
  const out = new Int32Array(positions.length);
  let count = 0;
  for (let i = 0; i < positions.length; i++) if (hasBit(bits, positions[i])) out[count++] = positions[i];
  return out.subarray(0, count);
}
