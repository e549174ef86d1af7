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
 * Cost: the postings of the candidate words, read once each; a query's scratch space
 * belongs to the loaded index and only the entries it touched are reset.
 */
import type { SearchField, SearchIndex } from "../../core/search-index.ts";
import { queryTerms, SEARCH_FIELDS } from "../../core/search-index.ts";
import { heldBytes, type Memo } from "../memory-budget.ts";
import { type Positions, smallestOf } from "./positions.ts";
import { type Candidate, candidates, indexVocabulary, type VocabularyIndex } from "./vocabulary.ts";

/** Points of a word found in each field (decisions.md: name, then region and country, then tags, then summary). */
const FIELD_POINTS: Record<SearchField, number> = { name: 8, pairs: 8, place: 4, tags: 2, summary: 1 };
/** Multipliers by how the word was reached: the word itself beats its plural, which beats a completion. */
const KIND_FACTOR: Record<Candidate["kind"], number> = { exact: 10, typo: 10, stem: 9, prefix: 8 };
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
const MAX_WORDS = 12;
/** Candidate words looked up per query word. */
const CANDIDATES_PER_WORD = 32;

/** A collection's index, ready for queries: the vocabulary laid out, and scratch space for one query. */
export interface LoadedSearch {
  search: SearchIndex;
  vocabulary: VocabularyIndex;
  scratch: Scratch;
}

interface Scratch {
  /**
   * For the word being scored, each position's best find so far as one number, smaller is
   * better: typos × 4096 + (4095 − points); UNREACHED where the word has not reached it.
   */
  wordBest: Uint16Array;
  /** The positions the word being scored has reached, in the order it reached them. */
  reached: Int32Array;
  /**
   * Over the whole query, per position: words matched, typos and points packed in one
   * number (matched << 20 | typos << 12 | points), and which positions were touched.
   * Packed, a word adds to one array instead of three; the fields cannot overflow into
   * each other (at most 12 words of 2 typos and 80 points each).
   */
  score: Uint32Array;
  touched: Uint32Array;
}

/** A position the word being scored has not reached (wordBest). */
const UNREACHED = 0xffff;

export function loadSearch(search: SearchIndex): LoadedSearch {
  const size = search.size;
  return {
    search,
    vocabulary: indexVocabulary(search.vocabulary),
    scratch: {
      wordBest: new Uint16Array(size).fill(UNREACHED),
      reached: new Int32Array(size),
      score: new Uint32Array(size),
      touched: new Uint32Array((size >>> 5) + 1),
    },
  };
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
}

/** How far a position is shifted in a rank key: the low 20 bits hold it (catalogs stay below 2^20 items). */
const POSITION_SPACE = 2 ** 20;

/**
 * What q matches, ranked. `null` when `q` has no words (treated as absent); empty when
 * nothing matches even one word.
 */
export function searchRanking(loaded: LoadedSearch, collection: string, q: string, memo?: Memo): Ranking | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const key = searchKey(collection, words);
  const remembered = memo?.get<Ranking>(key);
  if (remembered) return remembered;
  const ranking = rank(loaded, words);
  memo?.set(key, ranking, heldBytes(ranking.set, ranking.keys));
  return ranking;
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
function wordCandidates(vocabulary: VocabularyIndex, words: QueryWord[]): Candidate[][] {
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

function rank(loaded: LoadedSearch, words: QueryWord[]): Ranking {
  const { search, scratch } = loaded;
  const { wordBest, reached } = scratch;
  const required = words.filter((word) => word.required).length;
  wordCandidates(loaded.vocabulary, words).forEach((list, i) => {
    let count = 0;
    for (const candidate of list) {
      const factor = KIND_FACTOR[candidate.kind];
      for (const field of SEARCH_FIELDS) {
        const best = candidate.edits * 4096 + 4095 - FIELD_POINTS[field] * factor;
        // Unresolved, a field's postings come as FlexSearch holds them (a list per scoring
        // slot), not merged and copied into one list: all of them are read anyway.
        for (const slot of search.index.search(candidate.word, { index: field, resolve: false }).result) {
          if (slot) count = reach(slot as number[], best, wordBest, reached, count);
        }
      }
    }
    addWord(scratch, count, words[i].required);
  });
  return collect(scratch, required);
}

/**
 * Adds the word just scored to the query's score of each position it reached, and clears
 * its per-word state. A small word adds its points when found; only a required word counts
 * as matched, with its typos.
 */
function addWord(scratch: Scratch, count: number, isRequired: boolean): void {
  const { wordBest, reached, score, touched } = scratch;
  for (let k = 0; k < count; k++) {
    const position = reached[k];
    const best = wordBest[position];
    const points = 4095 - (best & 4095);
    score[position] += isRequired ? (1 << 20) + ((best >>> 12) << 12) + points : points;
    touched[position >>> 5] |= 1 << (position & 31);
    wordBest[position] = UNREACHED;
  }
}

/**
 * Records one candidate's postings for the word being scored: each position keeps its best
 * find (`best` when smaller), and a position reached for the first time is appended to
 * `reached`. Returns the new length of `reached`. A function of its own, on plain typed
 * arrays, so the engine keeps this hot loop monomorphic.
 */
function reach(postings: number[], best: number, wordBest: Uint16Array, reached: Int32Array, count: number): number {
  for (let j = 0; j < postings.length; j++) {
    const position = postings[j];
    const before = wordBest[position];
    if (before === UNREACHED) reached[count++] = position;
    if (best < before) wordBest[position] = best;
  }
  return count;
}

/**
 * The touched positions (a scan of the touched bits, so in ascending order), those matching
 * every required word if any do, else those matching most, each with its rank key (rank in
 * the high part, position in the low 20 bits). Leaves the scratch space clean for the next query.
 */
function collect(scratch: Scratch, required: number): Ranking {
  const { score, touched } = scratch;
  let most = 0;
  let count = 0;
  for (let block = 0; block < touched.length; block++) {
    let bits = touched[block];
    while (bits !== 0) {
      const low = bits & -bits;
      const position = (block << 5) + 31 - Math.clz32(low);
      bits ^= low;
      count++;
      if (score[position] >>> 20 > most) most = score[position] >>> 20;
    }
  }
  // Every required word, else as many as any item matches (at least one that is not a small word).
  const needed = Math.max(1, Math.min(required, most));
  const set = new Int32Array(count);
  const keys = new Float64Array(count);
  let kept = 0;
  for (let block = 0; block < touched.length; block++) {
    let bits = touched[block];
    if (bits === 0) continue;
    touched[block] = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      const position = (block << 5) + 31 - Math.clz32(low);
      bits ^= low;
      const packed = score[position];
      score[position] = 0;
      const matched = packed >>> 20;
      if (matched < needed) continue;
      // Smaller is better: fewer words missed, then fewer typos, then more points.
      const typos = (packed >>> 12) & 255;
      const rank = (MAX_WORDS - matched) * 2 ** 18 + typos * 2 ** 12 + 4095 - (packed & 4095);
      set[kept] = position;
      keys[kept++] = rank * POSITION_SPACE + position;
    }
  }
  // Copied to their size when fewer are kept: a memo holds what it is charged for.
  return kept === count ? { set, keys } : { set: set.slice(0, kept), keys: keys.slice(0, kept) };
}
