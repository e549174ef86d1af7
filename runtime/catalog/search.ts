/**
 * Full-text search over a collection's prebuilt index: every word of `q` must match, the
 * last also as the start of a word, and matches are ranked by the fields they hit.
 */
import type { Document } from "flexsearch";
import {
  queryTerms,
  type SearchDocument,
  type SearchField,
  type SearchIndex,
  VOCABULARY_FIELDS,
} from "../../core/search-index.ts";
import type { Memo } from "../memory-budget.ts";
import type { Positions } from "./positions.ts";

/**
 * FlexSearch has no field boosts, so relevance is ours: each query word scores the
 * weight of the best field it matches in, and an item's relevance is the sum.
 * Name, then region and country, then tags, then summary (decisions.md).
 */
const FIELD_WEIGHTS: Record<SearchField, number> = { name: 8, place: 4, tags: 2, summary: 1 };

/**
 * The memo key of a query: its words as the index sees them, all but the last in sorted
 * order (the score is a sum, so `a on` and `on a`... differ only in which word is the prefix).
 */
export function searchKey(collection: string, terms: string[]): string {
  return `search ${collection} ${[...terms.slice(0, -1)].sort().join(" ")} ${terms.at(-1)}`;
}

/**
 * Positions of the items that match every word of `q`, most relevant first, equal
 * relevance in collection order. `null` when `q` has no words (treated as absent).
 */
export function searchPositions(index: SearchIndex, collection: string, q: string, memo?: Memo): Positions | null {
  const terms = queryTerms(q);
  if (terms.length === 0) return null;
  const key = searchKey(collection, terms);
  const remembered = memo?.get<Positions>(key);
  if (remembered) return remembered;
  const positions = rankedPositions(index, terms);
  memo?.set(key, positions, positions.byteLength);
  return positions;
}

/**
 * Scores live in typed arrays indexed by position: a term adds the weight of its best
 * field to the items every earlier term matched. Scores are small integers, so the
 * answer is ordered by bucketing, with positions visited in ascending order. (No Map
 * per term: common words match half a large catalog.)
 */
function rankedPositions(index: SearchIndex, terms: string[]): Positions {
  const size = index.size;
  const score = new Uint16Array(size);
  const matchedTerms = new Uint16Array(size);
  const best = new Uint8Array(size);
  terms.forEach((term, i) => {
    const touched: number[] = [];
    const collect = (doc: Document<SearchDocument>, word: string, fields?: SearchField[]) =>
      collectWeights(doc, word, size, best, touched, fields);
    if (i < terms.length - 1) collect(index.exact, term);
    else {
      // The last word: a prefix of a name, place or tag word, or a whole summary word.
      collect(index.prefix, term);
      for (const field of VOCABULARY_FIELDS) {
        for (const word of completions(index.vocabulary[field], term)) collect(index.exact, word, [field]);
      }
      collect(index.exact, term, ["summary"]);
    }
    for (const position of touched) {
      if (matchedTerms[position] === i) {
        matchedTerms[position] = i + 1;
        score[position] += best[position];
      }
      best[position] = 0; // ready for the next term
    }
  });
  const buckets: number[][] = [];
  let total = 0;
  for (let position = 0; position < size; position++) {
    if (matchedTerms[position] !== terms.length) continue;
    buckets[score[position]] ??= [];
    buckets[score[position]].push(position);
    total++;
  }
  const positions = new Int32Array(total);
  let next = 0;
  for (let bucket = buckets.length - 1; bucket >= 0; bucket--) {
    for (const position of buckets[bucket] ?? []) positions[next++] = position;
  }
  return positions;
}

/** Raises `best[position]` to the weight of each field where `word` matches; new positions go to `touched`. */
function collectWeights(
  doc: Document<SearchDocument>,
  word: string,
  size: number,
  best: Uint8Array,
  touched: number[],
  fields?: SearchField[],
): void {
  const options = { limit: Math.max(size, 1), ...(fields ? { index: fields } : {}) };
  for (const { field, result } of doc.search(word, options)) {
    const weight = FIELD_WEIGHTS[field as SearchField];
    for (const id of result) {
      const position = id as number;
      if (best[position] === 0) touched.push(position);
      if (best[position] < weight) best[position] = weight;
    }
  }
}

/** The words of a sorted vocabulary that start with `prefix` (binary search to the first). */
function completions(vocabulary: string[], prefix: string): string[] {
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (vocabulary[middle] < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let i = low; i < vocabulary.length && vocabulary[i].startsWith(prefix); i++) found.push(vocabulary[i]);
  return found;
}
