/**
 * Full-text search over a collection's prebuilt index, forgiving as surfers type:
 *
 * - every word must match, the last also as the start of a word (search-as-you-type);
 * - a word of 4+ characters also matches with one typo, of 8+ with two (vocabulary.ts);
 * - plurals match singulars and the other way round (`lefts`, `waves`, `mentawais`);
 * - two adjacent words also match joined (`cloud break` finds Cloudbreak), and names were
 *   indexed with their adjacent words joined (`jbay` finds J-Bay);
 * - small words such as `in`, `the`, `surf` or `spots` never have to match, and never
 *   decide a result alone;
 * - when no item matches every word, the items matching the most words come back.
 *
 * Ranking, best first: more words matched, then fewer typos in all, then the fields the
 * words were found in (name, then place, then tags, then summary; an exact word before a
 * plural before a completion), then collection order.
 *
 * Cost: each query word's finds are taken best first, so a position is scored once per
 * word, when first reached. A common word (held by 1 item in 32 or more) is kept as a
 * bitset at load: the positions a better find already reached cost a word operation per
 * 32, not a step per posting. Rare words are read from their postings.
 *
 * Most queries have items matching every required word (leaving out words no item holds),
 * and then only those are the answer. So the words are taken fewest items first, and each
 * later word is scored only on the items every earlier word reached: `mea reef` scores the
 * few hundred items holding `mea`, not the tens of thousands holding `reef`. When the words
 * have no item in common, the query starts again scoring every item reached, and the items
 * matching the most words are the answer. A query's scratch space belongs to the loaded
 * index and is cleared after it.
 */
import type { Postings, SearchField } from "../../core/search-index.ts";
import { itemsHolding, queryTerms, SEARCH_FIELDS } from "../../core/search-index.ts";
import { heldBytes, type Memo } from "../memory-budget.ts";
import {
  addPositions,
  andInto,
  type Bits,
  countBits,
  emptyBits,
  firstPositions,
  hasBit,
  hasNoBits,
  isDense,
  type PositionSet,
  popcount,
} from "./bits.ts";
import { keepSmallest, type Positions, smallestOf } from "./positions.ts";
import { type Candidate, candidates, indexVocabulary, type VocabularyIndex } from "./vocabulary.ts";

/** Points of a word found in each field (decisions.md: name, then region and country, then tags, then summary). */
export const FIELD_POINTS: Record<SearchField, number> = { name: 8, pairs: 8, place: 4, tags: 2, summary: 1 };
/** Multipliers by how the word was reached: the word itself beats its plural, which beats a completion. */
export const KIND_FACTOR: Record<Candidate["kind"], number> = { exact: 10, typo: 10, stem: 9, prefix: 8 };
/** Words that never decide a result: they add points when found, nothing when not. */
export const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "at",
  "best",
  "for",
  "in",
  "near",
  "of",
  "on",
  "spot",
  "spots",
  "surf",
  "surfing",
  "the",
  "to",
  "wave",
  "waves",
  "where",
  "with",
]);
/** Words of a query beyond this many are not searched (a query is at most 200 characters anyway). */
export const MAX_WORDS = 12;
/** Candidate words looked up per query word. */
const CANDIDATES_PER_WORD = 32;

/** A collection's index, ready for queries: the vocabulary laid out, and scratch space for one query. */
export interface LoadedSearch {
  search: Postings;
  vocabulary: VocabularyIndex;
  /**
   * Per field (in SEARCH_FIELDS order), the positions of each word held by at least 1 item
   * in 32, as a bitset (bits.ts): a common word and its typo and prefix neighbours then
   * cost word operations for the positions already reached, not one step per posting.
   */
  common: Map<string, Bits>[];
  scratch: Scratch;
}

interface Scratch {
  /** The positions the word being scored has reached. */
  wordBits: Bits;
  /**
   * The query's matches as they are worked out: the positions every required word that
   * matches anything has reached (or, when none are, those matching the most words).
   */
  everyWord: Bits;
  /**
   * Over the whole query, per position: words matched, typos and points packed in one
   * number (matched << 20 | typos << 12 | points), and which positions were touched.
   * Packed, a word adds to one array instead of three; the fields cannot overflow into
   * each other (at most 12 words of 2 typos and 80 points each).
   */
  score: Uint32Array;
  touched: Bits;
  /** Every position: what a word is scored within when nothing narrows it. */
  every: Bits;
}

/** `vocabulary` may be indexed beforehand: it needs only the snapshot's JSON, not the postings. */
export function loadSearch(search: Postings, vocabulary = indexVocabulary(search.vocabulary)): LoadedSearch {
  const size = search.size;
  return {
    search,
    vocabulary,
    common: commonWords(search),
    scratch: {
      wordBits: emptyBits(size),
      everyWord: emptyBits(size),
      score: new Uint32Array(size),
      touched: emptyBits(size),
      every: allBits(size),
    },
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

interface QueryWord {
  term: string;
  /** Characters the person typed for it (doubled letters included), which sets the typos allowed. */
  typed: number;
  required: boolean;
}

/** A query's words as the index sees them, each with its typed length and whether it must match. */
export function queryWords(q: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const token of q.split(/\s+/)) {
    const terms = queryTerms(token);
    for (const term of terms)
      words.push({ term, typed: terms.length === 1 ? token.length : term.length, required: true });
  }
  const kept = words.slice(0, MAX_WORDS);
  if (kept.some((word) => !STOP_WORDS.has(word.term))) {
    for (const word of kept) word.required = !STOP_WORDS.has(word.term);
  }
  return kept;
}

/**
 * The memo key of a query: its words, all but the last in sorted order (matching does not
 * depend on their order; only the last is also a prefix).
 */
export function searchKey(collection: string, words: QueryWord[]): string {
  const terms = words.map((word) => `${word.term}/${word.typed}`);
  return `search ${collection} ${[...terms.slice(0, -1)].sort().join(" ")} ${terms.at(-1)}`;
}

/**
 * The items that match q, as a set, and each one's rank: sorting the keys orders the items
 * best first (equal ranks in collection order), and a key holds its item's position in its
 * low 20 bits. Nothing is sorted here: a page needs only its first few, a facet only the set.
 */
export interface Ranking {
  /** The matching positions, ascending. */
  set: Positions;
  /** The rank key of each position of `set`, aligned with it. */
  keys: Float64Array;
  /** `set` as a bitset too when it holds 1 item in 32 or more: filters and facets then AND it (bits.ts). */
  bits?: Bits;
  /**
   * Every match, best first, for a ranking the memo keeps: sorted the first time a page is
   * taken from it there (and charged when it was kept), so that each later page costs a
   * walk to its items instead of a selection among all the matches.
   */
  best?: Positions;
}

/** How far a position is shifted in a rank key: the low 20 bits hold it (catalogs stay below 2^20 items). */
const POSITION_SPACE = 2 ** 20;

/**
 * What q matches, ranked. `null` when `q` has no words (treated as absent); empty when
 * nothing matches even one word.
 */
export function searchRanking(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): Ranking | null {
  const words = queryWords(q);
  return words.length === 0 ? null : wholeRanking(loaded, collection, words, memo);
}

/** The words' ranking over the whole collection, from the memo or made and kept there (`found`, when known). */
function wholeRanking(
  loaded: LoadedSearch,
  collection: string,
  words: QueryWord[],
  memo?: Memo,
  found?: Find[][],
): Ranking {
  const key = searchKey(collection, words);
  const remembered = memo?.get<Ranking>(key);
  if (remembered) return remembered;
  found ??= wordFinds(loaded, words);
  const { scratch } = loaded;
  const reached = scoreNarrowing(scratch, words, found, scratch.every);
  const ranking = reached === null ? rankEveryReached(scratch, words, found) : rankScored(scratch, reached);
  // Charged for `best` as well, which the first page taken from the memo adds: as many positions as `set`.
  const bytes = heldBytes(ranking.set, ranking.keys, ...(ranking.bits ? [ranking.bits] : [])) + ranking.set.byteLength;
  memo?.set(key, ranking, bytes);
  return ranking;
}

/**
 * What q matches over the whole collection, unranked (what facets count over): a bitset
 * when the matches are 1 item in 32 or more, else an ascending list. The memo's
 * ranking answers when it has one; otherwise the words are scored as for a ranking, but no
 * rank key is made for the matches (for `reef` at 100k, 92,000 of them).
 */
export function searchMatches(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): PositionSet | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const remembered = memo?.get<Ranking>(searchKey(collection, words));
  if (remembered) return matchesOf(remembered);
  const found = wordFinds(loaded, words);
  const { scratch } = loaded;
  const reached = scoreNarrowing(scratch, words, found, scratch.every);
  if (reached === null) return matchesOf(rankEveryReached(scratch, words, found));
  const { everyWord, score } = scratch;
  const count = countBits(everyWord);
  const matches = isDense(count, score.length)
    ? { bits: everyWord.slice() }
    : { positions: firstPositions(everyWord, count) };
  clear(scratch, reached);
  return matches;
}

/** A ranking's matches, as its bitset when it has one. */
function matchesOf(ranking: Ranking): PositionSet {
  return ranking.bits ? { bits: ranking.bits } : { positions: ranking.set };
}

/** The first positions of a list, best first, and how many there are in all. */
export interface FirstRanked {
  positions: Positions;
  total: number;
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
 * show. Otherwise the page comes from q's whole ranking (searchRanking, memoized).
 *
 * The whole ranking is also what the memo keeps, from the second time q is asked for (a
 * second page, another filter; the memo's askedBefore): a q asked for once has its page
 * made the cheap way. Pages taken from the memo's ranking read its matches sorted once,
 * best first: paging through q costs each page a walk to its items (over those a filter
 * leaves out too), not a selection among all of q's matches.
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
  const remembered = memo?.get<Ranking>(key);
  if (remembered) return firstAllowed(remembered, count, within);
  let ranking = memo?.askedBefore(key) ? wholeRanking(loaded, collection, words, memo) : undefined;
  if (!ranking) {
    const { scratch } = loaded;
    const found = wordFinds(loaded, words);
    const reached = scoreNarrowing(scratch, words, found, within ?? scratch.every);
    if (reached !== null) {
      const total = countBits(scratch.everyWord);
      const positions =
        count * 8 <= total
          ? firstScored(scratch, count)
          : rankedPositions(rankingOf(scratch.score, scratch.everyWord).keys, count);
      clear(scratch, reached);
      return { positions, total };
    }
    ranking = wholeRanking(loaded, collection, words, memo, found);
  }
  const keys = within ? allowedKeys(ranking, within) : ranking.keys;
  return { positions: rankedPositions(keys, count), total: keys.length };
}

/**
 * The first `count` matches of a ranking the memo keeps that `within` allows (all without
 * it), best first, and how many it allows: read from its matches sorted once, best first.
 */
function firstAllowed(ranking: Ranking, count: number, within?: Bits): FirstRanked {
  ranking.best ??= rankedPositions(ranking.keys);
  const { best } = ranking;
  if (!within) return { positions: best.subarray(0, count), total: best.length };
  const positions = new Int32Array(Math.min(count, best.length));
  let kept = 0;
  for (let i = 0; i < best.length && kept < positions.length; i++) {
    if (hasBit(within, best[i])) positions[kept++] = best[i];
  }
  return { positions: positions.subarray(0, kept), total: allowedCount(ranking, within) };
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

/** The first `count` of these rank keys' positions, best first. The keys are not changed. */
export function rankedPositions(keys: Float64Array, count = keys.length): Positions {
  const first = smallestOf(keys, count);
  const positions = new Int32Array(first.length);
  for (let i = 0; i < first.length; i++) positions[i] = first[i] % POSITION_SPACE;
  return positions;
}

/** Every match of q, best first (for tools and tests; answers take only the page they show). */
export function searchPositions(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): Positions | null {
  const ranking = searchRanking(loaded, collection, q, memo);
  return ranking && rankedPositions(ranking.keys);
}

/** The candidates of each query word, joined neighbours included (`cloud` + `break` → `cloudbreak`). */
export function wordCandidates(vocabulary: VocabularyIndex, words: QueryWord[]): Candidate[][] {
  const own = words.map((word, i) =>
    candidates(vocabulary, word.term, word.typed, i === words.length - 1, CANDIDATES_PER_WORD),
  );
  const all = own.map((list) => [...list]);
  for (let i = 0; i + 1 < words.length; i++) {
    const [joined] = queryTerms(words[i].term + words[i + 1].term);
    if (!joined) continue;
    const typed = words[i].typed + words[i + 1].typed;
    const asPrefix = i + 1 === words.length - 1;
    // Joined words are matched exactly (or, last, as a prefix): a typo across two words is a guess too far.
    const found = candidates(vocabulary, joined, typed, asPrefix, 4, false).filter(
      (candidate) => candidate.kind !== "stem",
    );
    // A joined pair stands for both words: an item holding it matches each of them.
    all[i].push(...found);
    all[i + 1].push(...found);
  }
  return all;
}

/** One place a query word was found: a candidate word in one field, its postings, and how good a find it is. */
interface Find {
  /** The postings as a bitset for a common word, else as positions. */
  bits?: Bits;
  held?: Int32Array;
  /** How many items hold it. */
  size: number;
  /** Smaller is better: typos × 4096 + (4095 − points). */
  best: number;
}

/** At most as many items as a word's finds hold together: the order in which words narrow the query. */
const heldBy = (found: Find[]) => found.reduce((sum, find) => sum + find.size, 0);

/** Each query word's finds. */
function wordFinds(loaded: LoadedSearch, words: QueryWord[]): Find[][] {
  return wordCandidates(loaded.vocabulary, words).map((list) => finds(loaded, list));
}

/**
 * Scores the query when some items (of `within`) match every required word that matches
 * anything: words fewest items first, each scored only within the items all earlier ones
 * reached, the small words last. Those items are left in `everyWord`, and the count of
 * positions scored is returned (for `clear`). `null`, the scratch space left clean, when
 * the words have no item (of `within`) in common.
 */
function scoreNarrowing(scratch: Scratch, words: QueryWord[], found: Find[][], within: Bits): number | null {
  const required = [...words.keys()].filter((i) => words[i].required && found[i].length > 0);
  if (required.length === 0) return null;
  required.sort((a, b) => heldBy(found[a]) - heldBy(found[b]));
  let reached = 0;
  for (const [k, i] of required.entries()) {
    reached += scoreWord(scratch, found[i], true, k === 0 ? within : scratch.everyWord);
    if (k === 0) scratch.everyWord.set(scratch.wordBits);
    else andInto(scratch.everyWord, scratch.wordBits);
    if (hasNoBits(scratch.everyWord)) {
      clear(scratch, reached);
      return null;
    }
  }
  words.forEach((word, i) => {
    if (!word.required) reached += scoreWord(scratch, found[i], false, scratch.everyWord);
  });
  return reached;
}

/** The ranking of the scored matches in `everyWord`; leaves the scratch space clean. */
function rankScored(scratch: Scratch, reached: number): Ranking {
  const ranking = rankingOf(scratch.score, scratch.everyWord);
  clear(scratch, reached);
  return ranking;
}

/** The first `count` scored matches in `everyWord`, best first: their keys kept in a max-heap of `count`. */
function firstScored(scratch: Scratch, count: number): Positions {
  const { score, everyWord } = scratch;
  const heap = new Float64Array(count);
  let size = 0;
  for (let block = 0; block < everyWord.length; block++) {
    for (let bits = everyWord[block]; bits !== 0; bits &= bits - 1) {
      const position = (block << 5) + 31 - Math.clz32(bits & -bits);
      size = keepSmallest(heap, size, rankKey(score[position], position));
    }
  }
  const first = heap.subarray(0, size).sort();
  const positions = new Int32Array(size);
  for (let i = 0; i < size; i++) positions[i] = first[i] % POSITION_SPACE;
  return positions;
}

/** The ranking when no item matches every required word: every item reached is scored, those matching most win. */
function rankEveryReached(scratch: Scratch, words: QueryWord[], found: Find[][]): Ranking {
  const required = words.filter((word) => word.required).length;
  let reached = 0;
  found.forEach((wordFinds, i) => {
    reached += scoreWord(scratch, wordFinds, words[i].required, scratch.every);
  });
  keepMostMatched(scratch, required);
  return rankScored(scratch, reached);
}

/**
 * A word's finds, best first: a position takes the first find that reaches it, which is its
 * best. Only the fields that hold a candidate word are finds.
 */
function finds(loaded: LoadedSearch, list: Candidate[]): Find[] {
  const found: Find[] = [];
  for (const candidate of list) {
    const factor = KIND_FACTOR[candidate.kind];
    SEARCH_FIELDS.forEach((field, f) => {
      const held = itemsHolding(loaded.search.fields[f], candidate.word);
      if (!held) return;
      const best = candidate.edits * 4096 + 4095 - FIELD_POINTS[field] * factor;
      const bits = loaded.common[f].get(candidate.word);
      found.push(bits ? { bits, size: held.length, best } : { held, size: held.length, best });
    });
  }
  return found.sort((a, b) => a.best - b.best);
}

/**
 * Adds one query word to the score of each position `within` that it reaches, with its best
 * find there. A small word adds its points when found; only a required word counts as
 * matched, with its typos. Leaves the word's positions (within) in `wordBits`; returns how
 * many it reached.
 */
function scoreWord(scratch: Scratch, found: Find[], isRequired: boolean, within: Bits): number {
  scratch.wordBits.fill(0);
  let reached = 0;
  for (const { bits, held, best } of found) {
    const points = 4095 - (best & 4095);
    const added = isRequired ? (1 << 20) + ((best >>> 12) << 12) + points : points;
    if (bits) reached += addBits(scratch, bits, within, added);
    if (held) reached += addPostings(scratch, held, within, added);
  }
  return reached;
}

/**
 * Adds `added` to the positions (within) of a common word the query word has not reached
 * yet. The positions already reached, or outside, cost a word operation per 32 of them.
 * Returns how many were new.
 */
function addBits(scratch: Scratch, bits: Bits, within: Bits, added: number): number {
  const { wordBits, touched, score } = scratch;
  let count = 0;
  for (let block = 0; block < bits.length; block++) {
    let fresh = bits[block] & within[block] & ~wordBits[block];
    if (fresh === 0) continue;
    wordBits[block] |= fresh;
    touched[block] |= fresh;
    while (fresh !== 0) {
      const low = fresh & -fresh;
      score[(block << 5) + 31 - Math.clz32(low)] += added;
      fresh ^= low;
      count++;
    }
  }
  return count;
}

/** The same for a word's positions (a function of its own, so the engine keeps this hot loop monomorphic). */
function addPostings(scratch: Scratch, postings: Int32Array, within: Bits, added: number): number {
  const { wordBits, touched, score } = scratch;
  let count = 0;
  for (let j = 0; j < postings.length; j++) {
    const position = postings[j];
    const block = position >>> 5;
    const bit = 1 << (position & 31);
    if ((wordBits[block] & bit) !== 0 || (within[block] & bit) === 0) continue;
    wordBits[block] |= bit;
    touched[block] |= bit;
    score[position] += added;
    count++;
  }
  return count;
}

/** A position's rank key from its packed score: smaller is better (fewer words missed, fewer typos, more points). */
function rankKey(packed: number, position: number): number {
  const matched = packed >>> 20;
  const typos = (packed >>> 12) & 255;
  const rank = (MAX_WORDS - matched) * 2 ** 18 + typos * 2 ** 12 + 4095 - (packed & 4095);
  return rank * POSITION_SPACE + position;
}

/** The matches (ascending), each with its rank key, and as a bitset too when they are many. */
function rankingOf(score: Uint32Array, matches: Bits): Ranking {
  const count = countBits(matches);
  const set = new Int32Array(count);
  const keys = new Float64Array(count);
  let kept = 0;
  for (let block = 0; block < matches.length; block++) {
    for (let bits = matches[block]; bits !== 0; bits &= bits - 1) {
      const position = (block << 5) + 31 - Math.clz32(bits & -bits);
      set[kept] = position;
      keys[kept++] = rankKey(score[position], position);
    }
  }
  return { set, keys, bits: isDense(count, score.length) ? matches.slice() : undefined };
}

/**
 * When no item matches all the required words that match anything: the touched positions
 * matching the most words (at least one that is not a small word) become the matches.
 */
function keepMostMatched(scratch: Scratch, required: number): void {
  const { score, touched, everyWord } = scratch;
  let most = 0;
  for (let block = 0; block < touched.length; block++) {
    for (let bits = touched[block]; bits !== 0; bits &= bits - 1) {
      const matched = score[(block << 5) + 31 - Math.clz32(bits & -bits)] >>> 20;
      if (matched > most) most = matched;
    }
  }
  const needed = Math.max(1, Math.min(required, most));
  for (let block = 0; block < touched.length; block++) {
    let kept = 0;
    for (let bits = touched[block]; bits !== 0; bits &= bits - 1) {
      const low = bits & -bits;
      if (score[(block << 5) + 31 - Math.clz32(low)] >>> 20 >= needed) kept |= low;
    }
    everyWord[block] = kept;
  }
}

/**
 * Leaves the scratch space clean for the next query: the scores of the touched positions
 * one by one when few were reached, else all of them at once (a fill is far cheaper per
 * position than a walk over the touched bits).
 */
function clear(scratch: Scratch, reached: number): void {
  const { score, touched, everyWord } = scratch;
  everyWord.fill(0);
  if (reached * 16 >= score.length) {
    score.fill(0);
    touched.fill(0);
    return;
  }
  for (let block = 0; block < touched.length; block++) {
    let bits = touched[block];
    if (bits === 0) continue;
    touched[block] = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      score[(block << 5) + 31 - Math.clz32(low)] = 0;
      bits ^= low;
    }
  }
}
