/**
 * The full-text index, shared by the build (which collects and exports it) and the runtime
 * (which imports it and ranks with it, runtime/catalog/search.ts). FlexSearch does not
 * export its options, so this module is the one place they live, and `SEARCH_OPTIONS`
 * names them in the snapshot.
 *
 * FlexSearch does what it does well: encoding text into words (folding case, accents and
 * doubled letters), at build time and for every query. The build collects, for each field
 * and encoded word, the items that hold it: what FlexSearch's Document index keeps for a
 * strict tokenizer, without the scoring slots, which the runtime never read, and with each
 * distinct word of the texts encoded once (FlexSearch's Document encodes every text whole,
 * so a word used by many items is encoded again for each). The tests check the postings
 * against a FlexSearch Document over the same documents.
 *
 * What FlexSearch has no option for is ours: the vocabulary kept beside the postings
 * (every distinct word, sorted, with how many items hold it) lets the runtime find a query
 * word's completions, typos and plurals among real words and then look those up whole, so
 * the index holds whole words only and stays small.
 *
 * The snapshot holds the postings (each field's words, and the items holding each) as raw
 * Int32 in the pieces file, which another thread reads and hashes while the main thread
 * parses the JSON: the runtime reads postings and nothing else. Importing FlexSearch's own
 * export would rebuild millions of JavaScript arrays at every start, and postings inside
 * the JSON (even as base64) would be most of what the main thread parses and hashes.
 *
 * Fields: `name` (the item's name and its other names), `pairs` (each adjacent pair of
 * their words joined, so `jbay` finds J-Bay and `mcnamara` finds Mc Namara; found only
 * whole, so they stay out of the vocabulary), `place` (region, country names and the
 * larger areas it belongs to), `tags`, `summary`.
 */
import { Encoder } from "flexsearch";
import { APOSTROPHES, foldLetters } from "./fold.ts";
import type { PackedInt32Ref } from "./packed.ts";
import { checkSearchLimits, SEARCH_LIMITS, type SearchLimits } from "./search-limits.ts";

/**
 * What the build knows of an item for search; `id` is its position in its collection. The
 * names (the item's own first, then its other names) become the `name` and `pairs` fields
 * where the index is made: on the search thread at 100k, not on the main thread.
 */
export interface SearchSource {
  id: number;
  names: string[];
  place: string;
  tags: string;
  summary: string;
}

/** Searchable text of one item, field by field. */
export interface SearchDocument {
  id: number;
  name: string;
  pairs: string;
  place: string;
  tags: string;
  summary: string;
  [key: string]: string | number;
}

export const SEARCH_FIELDS = ["name", "pairs", "place", "tags", "summary"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/** The fields whose words make the vocabulary. */
const VOCABULARY_FIELDS = ["name", "place", "tags", "summary"] as const;

/** Changing anything in this module means changing this string (and rebuilding). */
export const SEARCH_OPTIONS =
  "search-7:latin-default+letters+apostrophes:strict:name,pairs,place,tags,summary:vocabulary-without-pairs";

/** The index's postings and vocabulary, as the build exports them and the runtime imports them. */
export type SearchExport = SearchIndexOf<Int32Array>;

/** The same in the snapshot: its lists of integers are in the pieces file (raw bytes, read on another thread). */
export type PackedSearch = SearchIndexOf<PackedInt32Ref>;

interface SearchIndexOf<IntegerList> {
  /** Per field, its words sorted, and the items holding each (see FieldWords). */
  fields: Record<SearchField, FieldWords<IntegerList>>;
  vocabulary: Vocabulary;
}

/** Word i is held by the items `ids[ends[i - 1]]` (or from 0) to `ids[ends[i] - 1]`, ascending. */
export interface FieldWords<IntegerList> {
  words: string[];
  ends: IntegerList;
  ids: IntegerList;
}

/**
 * The same index with each of its lists of integers turned into another form, in a fixed
 * order (field by field, `ends` before `ids`): into the pieces file and back out of it.
 */
export function withLists<From, To>(search: SearchIndexOf<From>, convert: (list: From) => To): SearchIndexOf<To> {
  const fields = {} as SearchIndexOf<To>["fields"];
  for (const field of SEARCH_FIELDS) {
    const { words, ends, ids } = search.fields[field];
    fields[field] = { words, ends: convert(ends), ids: convert(ids) };
  }
  return { fields, vocabulary: search.vocabulary };
}

/** Every distinct encoded word of the index, sorted, and in how many items each occurs. */
export interface Vocabulary {
  words: string[];
  counts: number[];
}

/** Each encoded word of one field, and the items holding it (ascending, each once). */
export type WordItems = Map<string, number[]>;

/** The index as the build collects it. */
export interface SearchIndex {
  /** In SEARCH_FIELDS order. */
  fields: WordItems[];
  vocabulary: Vocabulary;
  size: number;
}

/**
 * One field's postings as the runtime reads them: word number w (wordIds) is held by the
 * items `ids[ends[w - 1]]` (or from 0) to `ids[ends[w] - 1]`.
 */
export interface FieldPostings {
  /** Each word's number, in the field's sorted words. */
  wordIds: Map<string, number>;
  ends: Int32Array;
  ids: Int32Array;
}

/** The items holding a word in one field (a view), or undefined when none does. */
export function itemsHolding({ wordIds, ends, ids }: FieldPostings, word: string): Int32Array | undefined {
  const w = wordIds.get(word);
  return w === undefined ? undefined : ids.subarray(w === 0 ? 0 : ends[w - 1], ends[w]);
}

/** The index as the snapshot holds it: each field's postings (in SEARCH_FIELDS order) and the vocabulary. */
export interface Postings {
  fields: FieldPostings[];
  vocabulary: Vocabulary;
  size: number;
}

/**
 * The default encoder folds case and accents (NFKD) and collapses repeated letters
 * (`teahupoo` and `teahupo` both become `teahupo`). Before that (it runs on lowercase,
 * unmarked text) letters with a mark inside them are folded (ø → o) and apostrophes are
 * removed, which would otherwise split words (`Pe'ahi` → `pe`, `ahi`).
 */
export const searchEncoder = new Encoder({ prepare: (text: string) => foldLetters(text).replace(APOSTROPHES, "") });

/** The words of a text as the index sees them; empty when it has no word characters. */
export function queryTerms(text: string): string[] {
  return searchEncoder.encode(text);
}

/**
 * Each word the build has encoded, as encoded (a word of a text, between white space, can
 * still encode to several: `J-Bay` → `j`, `bay`). Texts share most of their words (Beach,
 * Point, Reef...), and FlexSearch's own cache never answers for them: it looks a text up
 * as given but keeps it as prepared (lower case), so a capitalized word misses.
 */
const encodedWords = new Map<string, string[]>();

function encodeWord(word: string): string[] {
  let encoded = encodedWords.get(word);
  if (encoded === undefined) {
    encoded = searchEncoder.encode(word);
    encodedWords.set(word, encoded);
  }
  return encoded;
}

/**
 * Each adjacent pair of a name's words, joined (within one name, never across two). Words
 * are encoded one by one: encoding a whole text drops a repeated word (John John Florence).
 */
function joinedPairs(names: string[]): string {
  const pairs: string[] = [];
  for (const name of names) {
    const words = name.split(/[\s\-–]+/).flatMap(encodeWord);
    for (let i = 0; i + 1 < words.length; i++) pairs.push(words[i] + words[i + 1]);
  }
  return pairs.join(" ");
}

/** The fields' texts of an item. */
export function searchDocument({ id, names, place, tags, summary }: SearchSource): SearchDocument {
  return { id, name: names.join(" "), pairs: joinedPairs(names), place, tags, summary };
}

/**
 * The postings of the items, which come in ascending id order (their positions). A text's
 * words are the encodings of its words between white space: every step of the encoder
 * (case and accent folding, the prepare step, splitting digits into threes, splitting at
 * what is not a letter or digit) works within such a word, and an item counts once per
 * word, so this is the set FlexSearch's `encode` gives for the whole text. An index past
 * the runtime's limits (core/search-limits.ts) is refused here, at build.
 */
export function buildSearchIndex(sources: SearchSource[], limits: SearchLimits = SEARCH_LIMITS): SearchIndex {
  const fields = SEARCH_FIELDS.map((): WordItems => new Map());
  let previous = -1;
  for (const source of sources) {
    const doc = searchDocument(source);
    const id = doc.id;
    if (!(id > previous)) throw new Error(`search document ${id} comes after ${previous}: ids must ascend`);
    previous = id;
    SEARCH_FIELDS.forEach((field, f) => {
      const map = fields[f];
      for (const word of doc[field].split(/\s+/)) {
        for (const encoded of encodeWord(word)) {
          const items = map.get(encoded);
          if (items === undefined) map.set(encoded, [id]);
          else if (items[items.length - 1] !== id) items.push(id); // ids ascend: a repeat is the last one
        }
      }
    });
  }
  const vocabulary = vocabularyOf(fields, sources.length);
  checkSearchLimits("the search index", { items: sources.length, words: vocabulary.words.length }, limits);
  return { fields, vocabulary, size: sources.length };
}

/** Every distinct word of the vocabulary's fields, and how many items hold it (an item once, whatever its fields). */
function vocabularyOf(fields: WordItems[], size: number): Vocabulary {
  const maps = VOCABULARY_FIELDS.map((field) => fields[SEARCH_FIELDS.indexOf(field)]);
  const words = [...new Set(maps.flatMap((map) => [...map.keys()]))].sort();
  // The word each item was last counted for: a word's items are counted once across fields.
  const countedFor = new Int32Array(size).fill(-1);
  const counts = words.map((word, w) => {
    let count = 0;
    for (const map of maps) {
      for (const id of map.get(word) ?? []) {
        if (countedFor[id] === w) continue;
        countedFor[id] = w;
        count++;
      }
    }
    return count;
  });
  return { words, counts };
}

/** The index's postings: each field's words in code point order, each word's items in ascending order. */
export function exportSearchIndex(search: SearchIndex): SearchExport {
  const fields = {} as SearchExport["fields"];
  SEARCH_FIELDS.forEach((field, f) => {
    const map = search.fields[f];
    const words = [...map.keys()].sort();
    // Counted first, so the ids fill one array of their size (at 100k items, millions of them).
    let total = 0;
    for (const items of map.values()) total += items.length;
    const ends = new Int32Array(words.length);
    const ids = new Int32Array(total);
    let end = 0;
    words.forEach((word, w) => {
      const items = map.get(word)!;
      ids.set(items, end);
      end += items.length;
      ends[w] = end;
    });
    fields[field] = { words, ends, ids };
  });
  return { fields, vocabulary: search.vocabulary };
}

export function importPostings(data: SearchExport, size: number): Postings {
  const fields = SEARCH_FIELDS.map((field) => {
    const { words, ends, ids } = data.fields[field];
    const wordIds = new Map<string, number>();
    for (let i = 0; i < words.length; i++) wordIds.set(words[i], i);
    if (ends.length !== words.length || (ends.at(-1) ?? 0) !== ids.length) {
      throw new Error(`the search postings of ${field} do not add up`);
    }
    return { wordIds, ends, ids };
  });
  return { fields, vocabulary: data.vocabulary, size };
}
