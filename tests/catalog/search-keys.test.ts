/**
 * The three packed numbers of search, at the edges of what they must hold: a packed score
 * keeps its three counts apart for the largest query, a rank key orders matches by words
 * matched, typos, points and then position for every position an index may hold, and a
 * candidate key orders candidates and gives back the word's index for every count and
 * index the limits allow (core/search-limits.ts). Every key stays an exact integer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEARCH_LIMITS } from "../../core/search-limits.ts";
import { packRankKey, positionOfRankKey } from "../../runtime/catalog/search-ranking.ts";
import {
  FIELD_POINTS,
  KIND_FACTOR,
  matchedOf,
  packScore,
  pointsOf,
  SCORE_LIMITS,
  typosOf,
} from "../../runtime/catalog/search-scoring.ts";
import { MAX_WORDS } from "../../runtime/catalog/search-words.ts";
import { allowedEdits, packCandidateKey, wordIndexOfCandidateKey } from "../../runtime/catalog/vocabulary.ts";

const MOST_TYPOS = MAX_WORDS * allowedEdits(1000);
const MOST_POINTS = MAX_WORDS * Math.max(...Object.values(FIELD_POINTS)) * Math.max(...Object.values(KIND_FACTOR));
const LAST_POSITION = SEARCH_LIMITS.items - 1;

describe("a packed score", () => {
  it("has room for the most words, typos and points a query can add", () => {
    expect(MOST_TYPOS).toBeLessThanOrEqual(SCORE_LIMITS.typos);
    expect(MOST_POINTS).toBeLessThanOrEqual(SCORE_LIMITS.points);
    const score = packScore(MAX_WORDS, MOST_TYPOS, MOST_POINTS);
    expect(score).toBeLessThan(2 ** 32); // it lives in a Uint32Array
    expect([matchedOf(score), typosOf(score), pointsOf(score)]).toEqual([MAX_WORDS, MOST_TYPOS, MOST_POINTS]);
  });

  it("is the sum of its words' scores", () => {
    expect(packScore(1, 2, 80) + packScore(1, 0, 8) + packScore(0, 0, 4)).toBe(packScore(2, 2, 92));
  });
});

describe("a rank key", () => {
  const score = fc.record({
    matched: fc.integer({ min: 0, max: MAX_WORDS }),
    typos: fc.integer({ min: 0, max: MOST_TYPOS }),
    points: fc.integer({ min: 0, max: MOST_POINTS }),
    position: fc.integer({ min: 0, max: LAST_POSITION }),
  });
  type Scored = { matched: number; typos: number; points: number; position: number };
  const key = ({ matched, typos, points, position }: Scored) =>
    packRankKey(packScore(matched, typos, points), position);
  /** The definition: more words matched, then fewer typos, then more points, then collection order. */
  const better = (a: Scored, b: Scored) =>
    b.matched - a.matched || a.typos - b.typos || b.points - a.points || a.position - b.position;

  it("orders matches as the ranking's definition does, for every position an index may hold", () => {
    fc.assert(
      fc.property(score, score, (a, b) => {
        expect(Math.sign(key(a) - key(b))).toBe(Math.sign(better(a, b)));
      }),
      { seed: 20261128, numRuns: 2000 },
    );
  });

  it("gives back its position, and stays an exact integer at the limits", () => {
    const worst = key({ matched: 0, typos: SCORE_LIMITS.typos, points: 0, position: LAST_POSITION });
    expect(Number.isSafeInteger(worst)).toBe(true);
    expect(positionOfRankKey(worst)).toBe(LAST_POSITION);
    expect(positionOfRankKey(key({ matched: MAX_WORDS, typos: 0, points: MOST_POINTS, position: 0 }))).toBe(0);
  });
});

describe("a candidate key", () => {
  const candidate = fc.record({
    order: fc.integer({ min: 0, max: 8 }),
    count: fc.integer({ min: 0, max: SEARCH_LIMITS.items }),
    index: fc.integer({ min: 0, max: SEARCH_LIMITS.words - 1 }),
  });
  type Offered = { order: number; count: number; index: number };
  const key = ({ order, count, index }: Offered) => packCandidateKey(order, count, index);

  it("orders by edits and kind, then more items, then the word, for every count and index the limits allow", () => {
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        const better = a.order - b.order || b.count - a.count || a.index - b.index;
        expect(Math.sign(key(a) - key(b))).toBe(Math.sign(better));
        expect(wordIndexOfCandidateKey(key(a))).toBe(a.index);
      }),
      { seed: 20261128, numRuns: 2000 },
    );
  });

  it("stays an exact integer at the limits", () => {
    const largest = key({ order: 8, count: 0, index: SEARCH_LIMITS.words - 1 });
    expect(Number.isSafeInteger(largest)).toBe(true);
    expect(wordIndexOfCandidateKey(largest)).toBe(SEARCH_LIMITS.words - 1);
    expect(key({ order: 1, count: SEARCH_LIMITS.items, index: 0 })).toBeGreaterThan(
      key({ order: 0, count: 0, index: 0 }),
    );
  });
});
