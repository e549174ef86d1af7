/**
 * Ranking and paging a query's matches once they are scored (search-scoring.ts).
 *
 * Each match gets a rank key, one number: sorting the keys orders the matches best first
 * (more words matched, then fewer typos, then more points, then collection order), and a
 * key holds its match's position in its low bits. Nothing is sorted that need not be: a
 * page selects its first few keys (a heap of its size), a facet needs only the set.
 */
import type { Bits } from "./bits.ts";
import { countBits, hasBit, isDense, popcount } from "./bits.ts";
import { keepSmallest, type Positions, smallestOf } from "./positions.ts";
import { matchedOf, pointsOf, SCORE_LIMITS, typosOf } from "./search-scoring.ts";
import type { Scratch } from "./search-scratch.ts";
import { MAX_WORDS } from "./search-words.ts";

/**
 * The items that match a query, as a set, and each one's rank key (packRankKey). Kept in
 * the memo as it is made: nothing changes it afterwards.
 */
export interface Ranking {
  /** The matching positions, ascending. */
  readonly set: Positions;
  /** The rank key of each position of `set`, aligned with it. */
  readonly keys: Float64Array;
  /** `set` as a bitset too when it holds 1 item in 32 or more: filters and facets then AND it (bits.ts). */
  readonly bits?: Bits;
  /** True when no item matched every required word and `set` holds those matching the most (search.ts). */
  readonly relaxed: boolean;
}

/** The first positions of a list, best first, how many there are in all, and whether they are relaxed. */
export interface FirstRanked {
  positions: Positions;
  total: number;
  relaxed: boolean;
}

/**
 * A match's rank key: smaller is better. Its rank is words missed × 2^20 + typos × 2^12 +
 * (4095 − points): below 13 × 2^20 < 2^24, since at most MAX_WORDS (12) words are missed
 * and a packed score's typos and points fit their 8 and 12 bits (SCORE_LIMITS). The
 * position takes the 29 bits below the rank: 24 + 29 = 53 bits, exact in a Float64.
 * Positions stay below 2^29 because a search index holds fewer than 2^27 items
 * (core/search-limits.ts, checked at build and at load).
 */
export function packRankKey(score: number, position: number): number {
  const missed = MAX_WORDS - matchedOf(score);
  const rank = missed * 2 ** 20 + typosOf(score) * 2 ** 12 + (SCORE_LIMITS.points - pointsOf(score));
  return rank * POSITION_SPACE + position;
}

export function positionOfRankKey(key: number): number {
  return key % POSITION_SPACE;
}

/** How far a rank is shifted in a rank key: the low 29 bits hold the position. */
const POSITION_SPACE = 2 ** 29;

/** The scored matches in `everyWord` (ascending), each with its rank key, and as a bitset too when they are many. */
export function rankScored(scratch: Scratch, relaxed: boolean): Ranking {
  const { score, everyWord: matches } = scratch;
  const count = countBits(matches);
  const set = new Int32Array(count);
  const keys = new Float64Array(count);
  let kept = 0;
  for (let block = 0; block < matches.length; block++) {
    for (let bits = matches[block]; bits !== 0; bits &= bits - 1) {
      const position = (block << 5) + 31 - Math.clz32(bits & -bits);
      set[kept] = position;
      keys[kept++] = packRankKey(score[position], position);
    }
  }
  return { set, keys, bits: isDense(count, score.length) ? matches.slice() : undefined, relaxed };
}

/** The first `count` scored matches in `everyWord`, best first: their keys kept in a max-heap of `count`. */
export function firstScored(scratch: Scratch, count: number): Positions {
  const { score, everyWord } = scratch;
  const heap = new Float64Array(count);
  let size = 0;
  for (let block = 0; block < everyWord.length; block++) {
    for (let bits = everyWord[block]; bits !== 0; bits &= bits - 1) {
      const position = (block << 5) + 31 - Math.clz32(bits & -bits);
      size = keepSmallest(heap, size, packRankKey(score[position], position));
    }
  }
  const first = heap.subarray(0, size).sort();
  const positions = new Int32Array(size);
  for (let i = 0; i < size; i++) positions[i] = positionOfRankKey(first[i]);
  return positions;
}

/** The first `count` of these rank keys' positions, best first. The keys are not changed. */
export function rankedPositions(keys: Float64Array, count = keys.length): Positions {
  const first = smallestOf(keys, count);
  const positions = new Int32Array(first.length);
  for (let i = 0; i < first.length; i++) positions[i] = positionOfRankKey(first[i]);
  return positions;
}

/** The first `count` of a ranking's matches that `within` allows (all without it), best first, and how many. */
export function firstOfRanking(ranking: Ranking, count: number, within?: Bits): FirstRanked {
  const keys = within ? allowedKeys(ranking, within) : ranking.keys;
  return { positions: rankedPositions(keys, count), total: keys.length, relaxed: ranking.relaxed };
}

/**
 * The same, read from the ranking's matches sorted once, best first (`best`, which the memo
 * keeps beside a ranking): a page costs a walk to its items, not a selection among all.
 */
export function firstOfBest(ranking: Ranking, best: Positions, count: number, within?: Bits): FirstRanked {
  const { relaxed } = ranking;
  if (!within) return { positions: best.subarray(0, count), total: best.length, relaxed };
  const positions = new Int32Array(Math.min(count, best.length));
  let kept = 0;
  for (let i = 0; i < best.length && kept < positions.length; i++) {
    if (hasBit(within, best[i])) positions[kept++] = best[i];
  }
  return { positions: positions.subarray(0, kept), total: allowedCount(ranking, within), relaxed };
}

/** How many of a ranking's matches the bitset allows: an AND of two bitsets, when the matches are one. */
function allowedCount({ set, bits }: Ranking, allowed: Bits): number {
  let count = 0;
  if (bits) for (let block = 0; block < bits.length; block++) count += popcount(bits[block] & allowed[block]);
  else for (let i = 0; i < set.length; i++) if (hasBit(allowed, set[i])) count++;
  return count;
}

/**
 * The rank keys of the matches the bitset allows, in the same order. When the matches are
 * a bitset too, only the ones both hold are visited: the index of one among the sorted
 * matches is the count of the matches' bits before it.
 */
function allowedKeys(ranking: Ranking, allowed: Bits): Float64Array {
  const kept = new Float64Array(allowedCount(ranking, allowed));
  if (ranking.bits) return allowedKeysOfBits(ranking, ranking.bits, allowed, kept);
  const { set: matches, keys } = ranking;
  let filled = 0;
  for (let i = 0; i < matches.length; i++) if (hasBit(allowed, matches[i])) kept[filled++] = keys[i];
  return kept;
}

function allowedKeysOfBits(ranking: Ranking, matched: Bits, allowed: Bits, kept: Float64Array): Float64Array {
  let filled = 0;
  let before = 0;
  for (let block = 0; block < matched.length; block++) {
    const word = matched[block];
    for (let both = word & allowed[block]; both !== 0; both &= both - 1) {
      const low = both & -both;
      // The matches below this one in its word: the bits of `word` under its lowest set bit.
      kept[filled++] = ranking.keys[before + popcount(word & (low - 1))];
    }
    before += popcount(word);
  }
  return kept;
}
