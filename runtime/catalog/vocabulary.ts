/**
 * Finding, among the index's words, those a query word may mean: itself, its completions
 * (the last word, while typing), its plurals and singulars, and words a typo or two away.
 * FlexSearch offers none of these with a bound on the edit distance, so they are ours;
 * each candidate word is then looked up whole in the index's postings.
 *
 * The vocabulary is sorted, so every prefix is a contiguous range of it (completions are
 * a binary search away), and a trie over it, built at load, finds the words a typo or two
 * away (typoMatches).
 */
import type { Vocabulary } from "../../core/search-index.ts";
import { ITEM_COUNT_BITS, WORD_INDEX_BITS } from "../../core/search-limits.ts";
import { buildTrie, type Trie, typoMatches } from "./vocabulary-trie.ts";

/** A word of the vocabulary that a query word may mean, and what it costs. */
export interface Candidate {
  word: string;
  /** Typos between the query word and this word (or its start, for a completion). */
  edits: number;
  /** How the word was reached: the same word, a completion, a plural or singular, a typo. */
  kind: "exact" | "prefix" | "stem" | "typo";
}

/**
 * The shortest query word (as typed) that may have one typo, and two: Meilisearch's defaults
 * (its typo tolerance settings, `minWordSizeForTypos`: oneTypo 5, twoTypos 9), so that we
 * are never looser than it. Its typo calculation applies the same sizes to the last word
 * read as a prefix: a prefix of 1 to 4 characters only completes, exactly.
 */
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 9;

/**
 * Typos allowed in a query word, whole or as a prefix: none below 5 characters as typed, one
 * from 5, two from 9; never more than a third of the word as the index reads it (`zzzzz`
 * reads as `z`: no typo).
 */
export function allowedEdits(typedLength: number, encodedLength = typedLength): number {
  const byTyped = typedLength >= TWO_TYPOS_FROM ? 2 : typedLength >= ONE_TYPO_FROM ? 1 : 0;
  return Math.min(byTyped, Math.floor(encodedLength / 3));
}

/** A word's light English stem: plurals and their singulars share it (waves, wave; lefts, left; bays, bay). */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The first index in [from, to) whose word is not below `value`. */
function lowerBound(words: string[], value: string, from = 0, to = words.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range of words that start with `prefix`. */
export function prefixRange(words: string[], prefix: string): [number, number] {
  const start = lowerBound(words, prefix);
  // The words after `prefix + "\uffff"` no longer start with it.
  return [start, lowerBound(words, `${prefix}\uffff`, start)];
}

export interface VocabularyIndex {
  vocabulary: Vocabulary;
  trie: Trie;
  /** The vocabulary's words (as indexes into it) grouped by stem (only stems shared by two or more words). */
  byStem: Map<string, number[]>;
}

export function indexVocabulary(vocabulary: Vocabulary): VocabularyIndex {
  const { words } = vocabulary;
  const groups = new Map<string, number[]>();
  words.forEach((word, i) => {
    const key = stem(word);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const [key, group] of groups) if (group.length < 2 && words[group[0]] === key) groups.delete(key);
  return { vocabulary, trie: buildTrie(vocabulary.words), byStem: groups };
}

/**
 * The candidates of one query word, best first (fewer edits, then the more frequent word),
 * at most `limit` of them. `asPrefix`: the word may be the start of a longer one.
 */
export function candidates(
  index: VocabularyIndex,
  word: string,
  typedLength: number,
  asPrefix: boolean,
  limit: number,
  typos = true,
): Candidate[] {
  const { words, counts } = index.vocabulary;
  // Each word reached, by its index in the vocabulary, with the fewest edits it was reached with.
  const found = new Map<number, { edits: number; kind: Candidate["kind"] }>();
  const offer = (at: number, edits: number, kind: Candidate["kind"]) => {
    const known = found.get(at);
    if (!known || edits < known.edits) found.set(at, { edits, kind });
  };
  const at = lowerBound(words, word);
  const listed = words[at] === word;
  if (listed) offer(at, 0, "exact");
  for (const sibling of index.byStem.get(stem(word)) ?? []) offer(sibling, 0, "stem");
  if (asPrefix) {
    const [start, end] = prefixRange(words, word);
    for (const i of mostFrequent(counts, start, end, limit)) offer(i, 0, "prefix");
  }
  const edits = typos ? allowedEdits(typedLength, word.length) : 0;
  if (edits > 0) {
    const typos = typoMatches(index.trie, word, edits, asPrefix);
    for (const match of typos.words) offer(match.at, match.edits, "typo");
    for (const { start, end, edits } of typos.ranges) {
      for (const i of mostFrequent(counts, start, end, limit)) offer(i, edits, "typo");
    }
  }
  // Sorting numbers natively is far cheaper than a comparator over hundreds of candidates.
  const keys = new Float64Array(found.size);
  let k = 0;
  for (const [i, { edits, kind }] of found) keys[k++] = packCandidateKey(edits * 3 + KIND_ORDER[kind], counts[i], i);
  const chosen: Candidate[] = [];
  for (const key of keys.sort().subarray(0, listed ? limit : limit - 1)) {
    const i = wordIndexOfCandidateKey(key);
    const { edits, kind } = found.get(i)!;
    chosen.push({ word: words[i], edits, kind });
  }
  // Looked up even when the vocabulary lacks it: joined pairs of name words are indexed, not listed.
  return listed ? chosen : [{ word, edits: 0, kind: "exact" }, ...chosen];
}

/** The order of candidates with as many edits: the word itself, then its plurals and singulars, then the rest. */
const KIND_ORDER: Record<Candidate["kind"], number> = { exact: 0, stem: 1, prefix: 2, typo: 2 };

/**
 * A candidate's sort key: smaller is better. It orders candidates by `order` (edits × 3 +
 * KIND_ORDER: 0 to 8), then the word more items hold first, then the word's index (the
 * vocabulary is sorted, so alphabetically), and it ends with that index to find the word
 * again. `(order + 1) × COUNT_SPACE − count` (below 9 × 2^27: 4 + 27 bits) lies above every
 * key of a smaller order as long as count < COUNT_SPACE, and the index takes the low
 * WORD_INDEX_BITS (22): 4 + 27 + 22 = 53 bits, exact in a Float64. The build and the load
 * refuse an index whose counts or word indexes would not fit (core/search-limits.ts).
 */
export function packCandidateKey(order: number, count: number, wordIndex: number): number {
  return ((order + 1) * COUNT_SPACE - count) * WORD_INDEX_SPACE + wordIndex;
}

export function wordIndexOfCandidateKey(key: number): number {
  return key % WORD_INDEX_SPACE;
}

const COUNT_SPACE = 2 ** ITEM_COUNT_BITS;
const WORD_INDEX_SPACE = 2 ** WORD_INDEX_BITS;

/**
 * The indexes in [start, end) of the `limit` most frequent words (a short prefix such as
 * `p` completes to thousands of words; the ones most items hold are the ones worth looking up).
 */
function mostFrequent(counts: number[], start: number, end: number, limit: number): number[] {
  if (end - start <= limit) return Array.from({ length: end - start }, (_, i) => start + i);
  const chosen: number[] = [];
  let weakest = 0;
  for (let i = start; i < end; i++) {
    if (chosen.length < limit) {
      chosen.push(i);
      if (chosen.length === limit) weakest = chosen.reduce((w, c, k) => (counts[c] < counts[chosen[w]] ? k : w), 0);
    } else if (counts[i] > counts[chosen[weakest]]) {
      chosen[weakest] = i;
      weakest = chosen.reduce((w, c, k) => (counts[c] < counts[chosen[w]] ? k : w), 0);
    }
  }
  return chosen;
}
