/**
 * The full-text index, shared by the build (which fills and exports it) and the
 * runtime (which imports it). FlexSearch does not export its options, so this module
 * is the one place they live, and `SEARCH_OPTIONS` names them in the snapshot.
 *
 * Every word of a query but the last must match a whole word; the last may be the
 * start of one, so search-as-you-type works. Two FlexSearch documents serve that:
 * `exact` (whole words of every field) and `prefix` (every prefix of every name word).
 * Places and tags use few distinct words, so a last word's completions among them are
 * found in their vocabularies (kept beside the index) and looked up whole, rather than
 * indexing every prefix: that keeps the index, and the start-up that loads it, small.
 * Summary words match whole only.
 */
import { Document, Encoder } from "flexsearch";

/** Searchable text of one item; `id` is the item's position in its collection. */
export interface SearchDocument {
  id: number;
  name: string;
  place: string;
  tags: string;
  summary: string;
  [key: string]: string | number;
}

export const SEARCH_FIELDS = ["name", "place", "tags", "summary"] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const PREFIX_FIELDS: SearchField[] = ["name"];
/** Fields whose last-word completions come from a vocabulary. */
const VOCABULARY_FIELDS = ["place", "tags"] as const;
type VocabularyField = (typeof VOCABULARY_FIELDS)[number];

/**
 * FlexSearch has no field boosts, so relevance is ours: each query word scores the
 * weight of the best field it matches in, and an item's relevance is the sum.
 * Name, then region and country, then tags, then summary (decisions.md).
 */
const FIELD_WEIGHTS: Record<SearchField, number> = { name: 8, place: 4, tags: 2, summary: 1 };

/** Changing anything in this module means changing this string (and rebuilding). */
export const SEARCH_OPTIONS =
  "search-4:latin-default+apostrophes:exact=strict:name,place,tags,summary;prefix=forward:name;vocabulary:place,tags";

export type SearchExport = {
  exact: Record<string, unknown>;
  prefix: Record<string, unknown>;
  /** The distinct encoded words of the vocabulary fields, sorted. */
  vocabulary: Record<VocabularyField, string[]>;
};
export interface SearchIndex {
  exact: Document<SearchDocument>;
  prefix: Document<SearchDocument>;
  vocabulary: Record<VocabularyField, string[]>;
  size: number;
  /** Recent answers by normalized words, least recently used first. */
  remembered: Map<string, number[]>;
}

/**
 * The default encoder folds case and accents (NFKD) and collapses repeated letters
 * (`teahupoo` and `teahupo` both become `teahupo`); apostrophes would split words
 * (`Pe'ahi` → `pe`, `ahi`), so they are removed before that.
 */
const encoder = new Encoder({ prepare: (text: string) => text.replace(/['’ʼ`´‘]/g, "") });

function createDocument(tokenize: "strict" | "forward", fields: readonly SearchField[]): Document<SearchDocument> {
  return new Document<SearchDocument>({ encoder, tokenize, document: { id: "id", index: [...fields] } });
}

function createSearchIndex(): SearchIndex {
  return {
    exact: createDocument("strict", SEARCH_FIELDS),
    prefix: createDocument("forward", PREFIX_FIELDS),
    vocabulary: { place: [], tags: [] },
    size: 0,
    remembered: new Map(),
  };
}

export function buildSearchIndex(docs: SearchDocument[]): SearchIndex {
  const index = createSearchIndex();
  const words = { place: new Set<string>(), tags: new Set<string>() };
  for (const doc of docs) {
    index.exact.add(doc);
    index.prefix.add(doc);
    for (const field of VOCABULARY_FIELDS) for (const word of encoder.encode(doc[field])) words[field].add(word);
  }
  index.vocabulary = { place: [...words.place].sort(), tags: [...words.tags].sort() };
  index.size = docs.length;
  return index;
}

/** The index as plain JSON data (FlexSearch exports JSON strings; we embed them parsed). */
export function exportSearchIndex(index: SearchIndex): SearchExport {
  const dump = (doc: Document<SearchDocument>) => {
    const parts: Record<string, unknown> = {};
    doc.export((key: string, data: string) => {
      parts[key] = JSON.parse(data);
    });
    return parts;
  };
  return { exact: dump(index.exact), prefix: dump(index.prefix), vocabulary: index.vocabulary };
}

export function importSearchIndex(data: SearchExport, size: number): SearchIndex {
  const index = createSearchIndex();
  // import() accepts parsed data although its type says string.
  for (const [key, value] of Object.entries(data.exact)) index.exact.import(key, value as string);
  for (const [key, value] of Object.entries(data.prefix)) index.prefix.import(key, value as string);
  index.vocabulary = data.vocabulary;
  index.size = size;
  return index;
}

/** The words of a query as the index sees them; empty when it has no word characters. */
export function queryTerms(q: string): string[] {
  return encoder.encode(q);
}

/** How many answers to remember: search-as-you-type sends the same words again and again. */
const REMEMBERED_QUERIES = 256;

/**
 * Positions of the items that match every word of `q`, most relevant first, equal
 * relevance in collection order. `null` when `q` has no words (treated as absent).
 */
export function searchPositions(index: SearchIndex, q: string): number[] | null {
  const terms = queryTerms(q);
  if (terms.length === 0) return null;
  const key = terms.join(" ");
  const remembered = index.remembered.get(key);
  if (remembered) {
    index.remembered.delete(key);
    index.remembered.set(key, remembered); // most recently used last
    return remembered;
  }
  const positions = rankedPositions(index, terms);
  index.remembered.set(key, positions);
  if (index.remembered.size > REMEMBERED_QUERIES) index.remembered.delete(index.remembered.keys().next().value!);
  return positions;
}

/**
 * Scores live in typed arrays indexed by position: a term adds the weight of its best
 * field to the items every earlier term matched. Scores are small integers, so the
 * answer is ordered by bucketing, with positions visited in ascending order. (No Map
 * per term: common words match half a large catalog.)
 */
function rankedPositions(index: SearchIndex, terms: string[]): number[] {
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
      for (const field of VOCABULARY_FIELDS)
        for (const word of completions(index.vocabulary[field], term)) collect(index.exact, word, [field]);
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
  for (let position = 0; position < size; position++) {
    if (matchedTerms[position] !== terms.length) continue;
    (buckets[score[position]] ??= []).push(position);
  }
  const positions: number[] = [];
  for (let bucket = buckets.length - 1; bucket >= 0; bucket--) if (buckets[bucket]) positions.push(...buckets[bucket]);
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
  for (const { field, result } of doc.search(word, {
    limit: Math.max(size, 1),
    ...(fields ? { index: fields } : {}),
  })) {
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
