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
import { queryTerms } from "../../core/search-index.ts";
import { heldBytes, type Memo } from "../memory-budget.ts";
import { type Positions, smallestSorted } from "./positions.ts";
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
  /** For the word being scored: the best points and fewest edits each position has reached. */
  wordPoints: Uint16Array;
  wordEdits: Uint8Array;
  /** Over the whole query: words matched, points and edits per position, and which were touched. */
  matched: Uint8Array;
  points: Uint32Array;
  edits: Uint8Array;
  touched: Uint32Array;
}

export function loadSearch(search: SearchIndex): LoadedSearch {
  const size = search.size;
  return {
    search,
    vocabulary: indexVocabulary(search.vocabulary),
    scratch: {
      wordPoints: new Uint16Array(size),
      wordEdits: new Uint8Array(size).fill(255),
      matched: new Uint8Array(size),
      points: new Uint32Array(size),
      edits: new Uint8Array(size),
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
  const first = smallestSorted(Float64Array.from(keys), count);
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
  const { wordPoints, wordEdits, matched, points, edits, touched } = scratch;
  const size = Math.max(search.size, 1);
  const required = words.filter((word) => word.required).length;
  wordCandidates(loaded.vocabulary, words).forEach((list, i) => {
    const reached: number[] = [];
    for (const candidate of list) {
      const factor = KIND_FACTOR[candidate.kind];
      for (const { field, result } of search.index.search(candidate.word, { limit: size })) {
        const gained = FIELD_POINTS[field as SearchField] * factor;
        for (const id of result) {
          const position = id as number;
          if (wordEdits[position] === 255) reached.push(position);
          if (candidate.edits < wordEdits[position]) {
            wordEdits[position] = candidate.edits;
            wordPoints[position] = gained;
          } else if (candidate.edits === wordEdits[position] && gained > wordPoints[position]) {
            wordPoints[position] = gained;
          }
        }
      }
    }
    for (const position of reached) {
      if (words[i].required) {
        matched[position]++;
        edits[position] += wordEdits[position];
      }
      points[position] += wordPoints[position];
      touched[position >>> 5] |= 1 << (position & 31);
      wordEdits[position] = 255;
      wordPoints[position] = 0;
    }
  });
  return collect(scratch, required);
}

/**
 * The touched positions (a scan of the touched bits, so in ascending order), those matching
 * every required word if any do, else those matching most, each with its rank key (rank in
 * the high part, position in the low 20 bits). Leaves the scratch space clean for the next query.
 */
function collect(scratch: Scratch, required: number): Ranking {
  const { matched, points, edits, touched } = scratch;
  let most = 0;
  let count = 0;
  for (let block = 0; block < touched.length; block++) {
    let bits = touched[block];
    while (bits !== 0) {
      const low = bits & -bits;
      const position = (block << 5) + 31 - Math.clz32(low);
      bits ^= low;
      count++;
      if (matched[position] > most) most = matched[position];
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
      if (matched[position] >= needed) {
        // Smaller is better: fewer words missed, then fewer typos, then more points.
        const rank = (MAX_WORDS - matched[position]) * 2 ** 18 + Math.min(edits[position], 63) * 2 ** 12;
        set[kept] = position;
        keys[kept++] = (rank + 4095 - Math.min(points[position], 4095)) * POSITION_SPACE + position;
      }
      matched[position] = 0;
      points[position] = 0;
      edits[position] = 0;
    }
  }
  // Copied to their size when fewer are kept: a memo holds what it is charged for.
  return kept === count ? { set, keys } : { set: set.slice(0, kept), keys: keys.slice(0, kept) };
}
