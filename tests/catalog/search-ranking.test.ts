/**
 * The ranking of runtime/catalog/search.ts against its definition, computed the plain way
 * over the real snapshot: for each query word, each item's best find among the word's
 * candidates in every field (FlexSearch's postings, read whole); the items matching every
 * required word, else those matching the most (then the answer is relaxed); ranked by words
 * matched, then typos, then points. The runtime gets there another way (finds best first, common words as bitsets,
 * only the items matching every word collected), so the two must agree on every query.
 */
import fc from "fast-check";
import type { Document } from "flexsearch";
import { describe, expect, it } from "vitest";
import { SEARCH_FIELDS, type SearchDocument } from "../../core/search-index.ts";
import { addPositions, emptyBits, hasBit } from "../../runtime/catalog/bits.ts";
import { type LoadedSearch, searchFirst, searchMatches, searchRanking } from "../../runtime/catalog/search.ts";
import { packRankKey, positionOfRankKey } from "../../runtime/catalog/search-ranking.ts";
import { FIELD_POINTS, KIND_FACTOR, packScore } from "../../runtime/catalog/search-scoring.ts";
import { queryWords, searchKey, wordCandidates } from "../../runtime/catalog/search-words.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import { testCatalog } from "../helpers/app.ts";
import { freshSearch } from "../helpers/fresh-search.ts";

/**
 * Position → rank key for what q matches, by the definition, with FlexSearch finding each word
 * (the key packs words matched, typos and points as search-keys.test.ts checks it orders them),
 * and whether the matches are relaxed: there are some, and they miss a required word.
 */
function plainRanking(
  loaded: LoadedSearch,
  flexsearch: Document<SearchDocument>,
  q: string,
): { ranks: Map<number, number>; relaxed: boolean } | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const scores = new Map<number, { matched: number; typos: number; points: number }>();
  wordCandidates(loaded.vocabulary, words).forEach((list, i) => {
    const best = new Map<number, { typos: number; points: number }>();
    for (const candidate of list) {
      for (const field of SEARCH_FIELDS) {
        const points = FIELD_POINTS[field] * KIND_FACTOR[candidate.kind];
        const [hit] = flexsearch.search(candidate.word, { index: field, limit: 1e6 });
        for (const position of (hit?.result ?? []) as number[]) {
          const known = best.get(position);
          const better =
            !known || candidate.edits < known.typos || (candidate.edits === known.typos && points > known.points);
          if (better) best.set(position, { typos: candidate.edits, points });
        }
      }
    }
    for (const [position, find] of best) {
      const score = scores.get(position) ?? { matched: 0, typos: 0, points: 0 };
      if (words[i].required) {
        score.matched++;
        score.typos += find.typos;
      }
      score.points += find.points;
      scores.set(position, score);
    }
  });
  const required = words.filter((word) => word.required).length;
  const most = Math.max(0, ...[...scores.values()].map((score) => score.matched));
  const needed = Math.max(1, Math.min(required, most));
  const ranks = new Map<number, number>();
  for (const [position, { matched, typos, points }] of scores) {
    if (matched >= needed) ranks.set(position, packRankKey(packScore(matched, typos, points), position));
  }
  return { ranks, relaxed: ranks.size > 0 && needed < required };
}

const catalog = testCatalog();
const built = freshSearch(catalog);

describe.each([
  ["spots", catalog.spots.search, built.spots.flexsearch],
  ["surfers", catalog.surfers.search, built.surfers.flexsearch],
])("the %s ranking", (_, loaded, flexsearch) => {
  const words = loaded.search.vocabulary.words;
  /** A word of the index as someone types it: whole, cut short, with a typo, a plural, or a small word. */
  const typed = fc.tuple(fc.nat(words.length - 1), fc.nat(5)).map(([i, how]) => {
    const word = words[i];
    if (how === 1) return word.slice(0, Math.max(1, word.length - 2));
    if (how === 2) return `${word.slice(0, 2)}x${word.slice(3)}`;
    if (how === 3) return `${word}s`;
    if (how === 4) return ["the", "surf", "in", "zzqx", "spots"][i % 5];
    return word;
  });

  it("is the plain definition's, item for item and rank for rank", () => {
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 4 }), (parts) => {
        const q = parts.join(" ");
        const ranking = searchRanking(loaded, "test", q);
        const plain = plainRanking(loaded, flexsearch, q);
        expect(ranking === null).toBe(plain === null);
        if (!ranking || !plain) return;
        const got = new Map([...ranking.set].map((position, k) => [position, ranking.keys[k]]));
        expect(got).toEqual(plain.ranks);
        expect(ranking.relaxed).toBe(plain.relaxed);
        expect([...ranking.set]).toEqual([...ranking.set].sort((a, b) => a - b));
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });

  it("says when the answer is relaxed: no item matches every word, or a word matches nothing", () => {
    const relaxed = (q: string) => searchRanking(loaded, "test", q)?.relaxed;
    const first = words.find((word) => word.length > 5)!;
    expect(relaxed(first)).toBe(false);
    expect(relaxed(`${first} zzqxzzqx`)).toBe(true);
    expect(relaxed(`the ${first}`)).toBe(false); // small words never need to match
    expect(relaxed("zzqxzzqx")).toBe(false); // nothing matches: nothing is relaxed
  });

  it("keeps q's whole ranking in the memo from its second ask, and gives the same pages meanwhile", () => {
    const memo = new MemoryBudget(2 ** 22);
    const allowed = addPositions(emptyBits(loaded.search.size), Int32Array.from([0, 1, 2, 3, 5, 8, 13, 21, 34]));
    for (const q of ["reef", "point left", "pipline", "zzzz reef"]) {
      const key = searchKey("memo", queryWords(q));
      const plain = [searchFirst(loaded, "memo", q, 3), searchFirst(loaded, "memo", q, 7, undefined, allowed)];
      expect(searchFirst(loaded, "memo", q, 3, memo)).toEqual(plain[0]);
      expect(memo.get(key)).toBeUndefined();
      expect(searchFirst(loaded, "memo", q, 7, memo, allowed)).toEqual(plain[1]);
      expect(memo.get(key)).toEqual(searchRanking(loaded, "memo", q));
      expect(searchFirst(loaded, "memo", q, 3, memo)).toEqual(plain[0]);
      expect(searchFirst(loaded, "memo", q, 7, memo, allowed)).toEqual(plain[1]);
    }
  });

  /** A page asked for: a query, maybe a filter (the positions it allows), and how many first matches. */
  const pageAsked = (most: number) =>
    fc
      .tuple(
        fc.array(typed, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" ")),
        fc.option(fc.array(fc.nat(loaded.search.size - 1)), { nil: undefined }),
        fc.integer({ min: 1, max: most }),
      )
      .map(([q, picks, count]) => ({
        q,
        within: picks && addPositions(emptyBits(loaded.search.size), Int32Array.from(picks)),
        count,
      }));

  it("gives the same pages from the memo's ranking as without a memo, with and without a filter", () => {
    const memo = new MemoryBudget(2 ** 24);
    fc.assert(
      fc.property(pageAsked(60), ({ q, within, count }) => {
        searchRanking(loaded, "pages", q, memo); // the memo now keeps q's ranking
        // Twice: the first page taken from the memo sorts its matches, the second reads them sorted.
        for (let time = 0; time < 2; time++) {
          expect(searchFirst(loaded, "pages", q, count, memo, within)).toEqual(
            searchFirst(loaded, "pages", q, count, undefined, within),
          );
        }
      }),
      { seed: 20261127, numRuns: 400 },
    );
  });

  it("gives a page of the items a filter allows as the whole ranking orders them", () => {
    let scoredWithin = 0;
    fc.assert(
      fc.property(pageAsked(40), ({ q, within, count }) => {
        const whole = searchRanking(loaded, "test", q);
        const first = searchFirst(loaded, "test", q, count, undefined, within);
        expect(first === null).toBe(whole === null);
        if (!whole || !first) return;
        const allowed = [...whole.keys].filter((_, k) => !within || hasBit(within, whole.set[k]));
        const best = allowed.sort((a, b) => a - b).slice(0, count);
        expect({ positions: [...first.positions], total: first.total, relaxed: first.relaxed }).toEqual({
          positions: best.map(positionOfRankKey),
          total: allowed.length,
          relaxed: whole.relaxed,
        });
        expect(searchMatches(loaded, "test", q)?.relaxed).toBe(whole.relaxed);
        if (within && first.total < whole.set.length) scoredWithin++;
      }),
      { seed: 20261126, numRuns: 600 },
    );
    // Pages scored only among the allowed items were among them, beside pages of the whole ranking.
    expect(scoredWithin).toBeGreaterThan(20);
  });
});
