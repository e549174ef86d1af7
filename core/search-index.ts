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
 * Summary words match whole only. How words are ranked is the runtime's business
 * (runtime/catalog/search.ts); this module only fixes what the index holds.
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
export type SearchField = (typeof SEARCH_FIELDS)[number];
const PREFIX_FIELDS: SearchField[] = ["name"];
/** Fields whose last-word completions come from a vocabulary. */
export const VOCABULARY_FIELDS = ["place", "tags"] as const;
type VocabularyField = (typeof VOCABULARY_FIELDS)[number];

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
