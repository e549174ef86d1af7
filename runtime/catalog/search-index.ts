/**
 * The full-text index, shared by the build (which fills and exports it) and the
 * runtime (which imports it). FlexSearch does not export its options, so this module
 * is the one place they live, and `SEARCH_OPTIONS` names them in the snapshot.
 *
 * Two FlexSearch documents over the same fields: `exact` (whole words) answers every
 * word of a query but the last, and `prefix` (every prefix of every word) answers the
 * last, so search-as-you-type works while earlier words must match whole.
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

/**
 * FlexSearch has no field boosts, so relevance is ours: each query word scores the
 * weight of the best field it matches in, and an item's relevance is the sum.
 * Name, then region and country, then tags, then summary (decisions.md).
 */
const FIELD_WEIGHTS: Record<SearchField, number> = { name: 8, place: 4, tags: 2, summary: 1 };

/** Changing anything in this module means changing this string (and rebuilding). */
export const SEARCH_OPTIONS = "search-2:latin-default+apostrophes:exact=strict,prefix=forward:name,place,tags,summary";

export type SearchExport = { exact: Record<string, unknown>; prefix: Record<string, unknown> };
export interface SearchIndex {
  exact: Document<SearchDocument>;
  prefix: Document<SearchDocument>;
  size: number;
}

/**
 * The default encoder folds case and accents (NFKD) and collapses repeated letters
 * (`teahupoo` and `teahupo` both become `teahupo`); apostrophes would split words
 * (`Pe'ahi` → `pe`, `ahi`), so they are removed before that.
 */
const encoder = new Encoder({ prepare: (text: string) => text.replace(/['’ʼ`´‘]/g, "") });

function createDocument(tokenize: "strict" | "forward"): Document<SearchDocument> {
  return new Document<SearchDocument>({ encoder, tokenize, document: { id: "id", index: [...SEARCH_FIELDS] } });
}

function createSearchIndex(): SearchIndex {
  return { exact: createDocument("strict"), prefix: createDocument("forward"), size: 0 };
}

export function buildSearchIndex(docs: SearchDocument[]): SearchIndex {
  const index = createSearchIndex();
  for (const doc of docs) {
    index.exact.add(doc);
    index.prefix.add(doc);
  }
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
  return { exact: dump(index.exact), prefix: dump(index.prefix) };
}

export function importSearchIndex(data: SearchExport, size: number): SearchIndex {
  const index = createSearchIndex();
  // import() accepts parsed data although its type says string.
  for (const [key, value] of Object.entries(data.exact)) index.exact.import(key, value as string);
  for (const [key, value] of Object.entries(data.prefix)) index.prefix.import(key, value as string);
  index.size = size;
  return index;
}

/** The words of a query as the index sees them; empty when it has no word characters. */
export function queryTerms(q: string): string[] {
  return encoder.encode(q);
}

/**
 * Positions of the items that match every word of `q`, most relevant first, equal
 * relevance in collection order. `null` when `q` has no words (treated as absent).
 */
export function searchPositions(index: SearchIndex, q: string): number[] | null {
  const terms = queryTerms(q);
  if (terms.length === 0) return null;
  const scores = new Map<number, number>();
  terms.forEach((term, i) => {
    const isLast = i === terms.length - 1;
    const best = bestFieldWeights(isLast ? index.prefix : index.exact, term, index.size);
    if (i === 0) {
      for (const [position, weight] of best) scores.set(position, weight);
      return;
    }
    for (const [position, score] of scores) {
      const weight = best.get(position);
      if (weight === undefined) scores.delete(position);
      else scores.set(position, score + weight);
    }
  });
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([position]) => position);
}

/** For one term: each matching position with the weight of its best matching field. */
function bestFieldWeights(doc: Document<SearchDocument>, term: string, size: number): Map<number, number> {
  const best = new Map<number, number>();
  for (const { field, result } of doc.search(term, { limit: Math.max(size, 1) })) {
    const weight = FIELD_WEIGHTS[field as SearchField];
    for (const id of result) {
      const position = id as number;
      if ((best.get(position) ?? 0) < weight) best.set(position, weight);
    }
  }
  return best;
}
