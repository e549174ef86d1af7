/**
 * Full-text search over a collection's prebuilt index, forgiving as surfers type:
 *
 * - every word must match, the last also as the start of a word (search-as-you-type);
 * - a word of 5+ characters also matches with one typo, of 9+ with two, the last word as a
 *   prefix too; a shorter word only as typed, a shorter last word only completes: Meilisearch's
 *   default typo tolerance, never looser (vocabulary.ts);
 * - plurals match singulars and the other way round (`lefts`, `waves`, `mentawais`);
 * - two adjacent words also match joined (`cloud break` finds Cloudbreak), and names were
 *   indexed with their adjacent words joined (`jbay` finds J-Bay);
 * - small words such as `in`, `the`, `surf` or `spots` never have to match, and never
 *   decide a result alone;
 * - when no item matches every word, the items matching the most words come back, and the
 *   answer says it is `relaxed` (a word no item holds makes it relaxed too).
 *
 * Ranking, best first: more words matched, then fewer typos in all, then the fields the
 * words were found in (name, then place, then tags, then summary; an exact word before a
 * plural before a completion), then collection order.
 *
 * A query goes through four files, each readable alone: its words and what each may mean
 * (search-words.ts, vocabulary.ts), their scores per item (search-scoring.ts, in a scratch
 * space from search-scratch.ts), then the ranking and its pages (search-ranking.ts). This
 * file strings them together and decides what the memo keeps.
 */
import type { Postings } from "../../core/search-index.ts";
import { itemsHolding, SEARCH_FIELDS } from "../../core/search-index.ts";
import { checkSearchLimits, SEARCH_LIMITS, type SearchLimits } from "../../core/search-limits.ts";
import { heldBytes, type Memo } from "../memory-budget.ts";
import { addPositions, type Bits, countBits, emptyBits, firstPositions, isDense, type PositionSet } from "./bits.ts";
import type { Positions } from "./positions.ts";
import {
  type FirstRanked,
  firstOfBest,
  firstOfRanking,
  firstScored,
  type Ranking,
  rankedPositions,
  rankScored,
} from "./search-ranking.ts";
import { type Find, missesAWord, scoreEveryReached, scoreNarrowing, wordFinds } from "./search-scoring.ts";
import { type Scratch, ScratchPool } from "./search-scratch.ts";
import { type QueryWord, queryWords, searchKey, wordCandidates } from "./search-words.ts";
import { indexVocabulary, type VocabularyIndex } from "./vocabulary.ts";

export type { FirstRanked, Ranking } from "./search-ranking.ts";

/** q's matches as a set, and whether they are relaxed (Ranking.relaxed). */
export type SearchMatches = PositionSet & { relaxed: boolean };

/** A collection's index, ready for queries: the vocabulary laid out, and scratch space for queries. */
export interface LoadedSearch {
  search: Postings;
  vocabulary: VocabularyIndex;
  /**
   * Per field (in SEARCH_FIELDS order), the positions of each word held by at least 1 item
   * in 32, as a bitset (bits.ts): a common word and its typo and prefix neighbours then
   * cost word operations for the positions already reached, not one step per posting.
   */
  common: Map<string, Bits>[];
  /** Every position: what a word is scored within when nothing narrows it. */
  every: Bits;
  scratch: ScratchPool;
}

/**
 * `vocabulary` may be indexed beforehand: it needs only the snapshot's JSON, not the
 * postings. An index past the limits of the packed keys (core/search-limits.ts) is refused.
 */
export function loadSearch(
  search: Postings,
  vocabulary = indexVocabulary(search.vocabulary),
  limits: SearchLimits = SEARCH_LIMITS,
): LoadedSearch {
  const counts = { items: search.size, words: search.vocabulary.words.length };
  checkSearchLimits("the snapshot's search index", counts, limits);
  return {
    search,
    vocabulary,
    common: commonWords(search),
    every: allBits(search.size),
    scratch: new ScratchPool(search.size),
  };
}

function allBits(size: number): Bits {
  const bits = emptyBits(size);
  bits.fill(0xffffffff, 0, size >>> 5);
  if (size & 31) bits[size >>> 5] = 2 ** (size & 31) - 1;
  return bits;
}

/** The bitsets of LoadedSearch.common: only words the vocabulary counts in 1 item in 32 can be that common. */
function commonWords(search: Postings): Map<string, Bits>[] {
  const { words, counts } = search.vocabulary;
  const common = SEARCH_FIELDS.map(() => new Map<string, Bits>());
  for (let i = 0; i < words.length; i++) {
    if (!isDense(counts[i], search.size)) continue;
    search.fields.forEach((postings, f) => {
      const held = itemsHolding(postings, words[i]);
      if (held && isDense(held.length, search.size))
        common[f].set(words[i], addPositions(emptyBits(search.size), held));
    });
  }
  return common;
}

/** Each query word's finds, best first. */
function findWords(loaded: LoadedSearch, words: QueryWord[]): Find[][] {
  return wordFinds(loaded.search, loaded.common, wordCandidates(loaded.vocabulary, words));
}

/** The ranking the memo keeps for a query's key, if it has one. */
function rememberedRanking(memo: Memo | undefined, key: string): Ranking | undefined {
  return memo?.get<Ranking>(key);
}

/**
 * A remembered ranking's matches, best first: sorted the first time a page is read from the
 * memo, and kept beside the ranking under a key of their own (and charged there), so that
 * each later page costs a walk to its items instead of a selection among all the matches.
 */
function rememberedBest(memo: Memo, key: string, ranking: Ranking): Positions {
  const bestKey = `${key} best first`;
  let best = memo.get<Positions>(bestKey);
  if (!best) {
    best = rankedPositions(ranking.keys);
    memo.set(bestKey, best, heldBytes(best));
  }
  return best;
}

/**
 * What q matches, ranked. `null` when `q` has no words (treated as absent); empty when
 * nothing matches even one word.
 */
export function searchRanking(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): Ranking | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const key = searchKey(collection, words);
  return (
    rememberedRanking(memo, key) ??
    loaded.scratch.use((scratch) => wholeRanking(loaded, scratch, key, words, findWords(loaded, words), memo))
  );
}

/** The words' ranking over the whole collection, made now and kept in the memo. */
function wholeRanking(
  loaded: LoadedSearch,
  scratch: Scratch,
  key: string,
  words: QueryWord[],
  found: Find[][],
  memo?: Memo,
): Ranking {
  const relaxed = scoreNarrowing(scratch, words, found, loaded.every)
    ? missesAWord(words, found)
    : scoreEveryReached(scratch, words, found, loaded.every);
  const ranking = rankScored(scratch, relaxed);
  memo?.set(key, ranking, heldBytes(ranking.set, ranking.keys, ...(ranking.bits ? [ranking.bits] : [])));
  return ranking;
}

/**
 * What q matches over the whole collection, unranked (what facets count over): a bitset
 * when the matches are 1 item in 32 or more, else an ascending list. The memo's
 * ranking answers when it has one; otherwise the words are scored as for a ranking, but no
 * rank key is made for the matches (for `reef` at 100k, 92,000 of them).
 */
export function searchMatches(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): SearchMatches | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const remembered = rememberedRanking(memo, searchKey(collection, words));
  if (remembered) return matchesOf(remembered);
  return loaded.scratch.use((scratch) => {
    const found = findWords(loaded, words);
    if (!scoreNarrowing(scratch, words, found, loaded.every)) {
      return matchesOf(rankScored(scratch, scoreEveryReached(scratch, words, found, loaded.every)));
    }
    const { everyWord } = scratch;
    const count = countBits(everyWord);
    const relaxed = missesAWord(words, found);
    return isDense(count, loaded.search.size)
      ? { bits: everyWord.slice(), relaxed }
      : { positions: firstPositions(everyWord, count), relaxed };
  });
}

/** A ranking's matches, as its bitset when it has one. */
function matchesOf({ bits, set, relaxed }: Ranking): SearchMatches {
  return bits ? { bits, relaxed } : { positions: set, relaxed };
}

/**
 * The first `count` of q's matches among the positions `within` allows (every position
 * without it), best first, and how many there are: what a page of a list needs. `null`
 * when `q` has no words.
 *
 * When some of those positions match every required word, the answer over the whole
 * collection is exactly those matches, so the part `within` keeps is the same, rank for
 * rank: the words are scored only there (a filtered page costs what it keeps, not what q
 * matches alone), and the page is taken straight from the scores, keeping the best `count`
 * in a heap: no rank key is made for each of the thousands of matches a page does not
 * show. Otherwise the page comes from q's whole ranking.
 *
 * The whole ranking is also what the memo keeps, from the second time q is asked for (a
 * second page, another filter; the memo's askedBefore): a q asked for once has its page
 * made the cheap way. Pages taken from the memo's ranking read its matches sorted once,
 * best first (rememberedBest).
 */
export function searchFirst(
  loaded: LoadedSearch,
  collection: string,
  q: string,
  count: number,
  memo?: Memo,
  within?: Bits,
): FirstRanked | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const key = searchKey(collection, words);
  const remembered = rememberedRanking(memo, key);
  if (memo && remembered) return firstOfBest(remembered, rememberedBest(memo, key, remembered), count, within);
  const askedBefore = memo?.askedBefore(key) ?? false;
  return loaded.scratch.use((scratch) => {
    const found = findWords(loaded, words);
    if (!askedBefore && scoreNarrowing(scratch, words, found, within ?? loaded.every)) {
      const total = countBits(scratch.everyWord);
      const relaxed = missesAWord(words, found);
      const positions =
        count * 8 <= total ? firstScored(scratch, count) : rankedPositions(rankScored(scratch, relaxed).keys, count);
      return { positions, total, relaxed };
    }
    return firstOfRanking(wholeRanking(loaded, scratch, key, words, found, memo), count, within);
  });
}

/** Every match of q, best first (for tools and tests; answers take only the page they show). */
export function searchPositions(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): Positions | null {
  const ranking = searchRanking(loaded, collection, q, memo);
  return ranking && rankedPositions(ranking.keys);
}
