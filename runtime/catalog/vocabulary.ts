/**
 * Finding, among the index's words, those a query word may mean: itself, its completions
 * (the last word, while typing), its plurals and singulars, and words a typo or two away.
 * FlexSearch offers none of these with a bound on the edit distance, so they are ours;
 * each candidate word is then looked up whole in the FlexSearch index.
 *
 * The vocabulary is sorted, so every prefix is a contiguous range of it: walking those
 * ranges character by character is walking a trie without building one. Each step keeps
 * one row of the edit-distance table (Levenshtein with adjacent transpositions), and a
 * branch is left as soon as every entry of its row passes the allowed number of edits.
 */
import type { Vocabulary } from "../../core/search-index.ts";

/** A word of the vocabulary that a query word may mean, and what it costs. */
export interface Candidate {
  word: string;
  /** Typos between the query word and this word (or its start, for a completion). */
  edits: number;
  /** How the word was reached: the same word, a completion, a plural or singular, a typo. */
  kind: "exact" | "prefix" | "stem" | "typo";
  /** In how many items the word occurs. */
  count: number;
}

/**
 * Typos allowed in a query word: none below 4 characters as typed, one from 4, two from 8;
 * never more than a third of the word as the index reads it (`zzzz` reads as `z`: no typo).
 */
export function allowedEdits(typedLength: number, encodedLength = typedLength): number {
  const byTyped = typedLength >= 8 ? 2 : typedLength >= 4 ? 1 : 0;
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
  /** The vocabulary's words grouped by stem (only stems shared by two or more words). */
  byStem: Map<string, string[]>;
}

export function indexVocabulary(vocabulary: Vocabulary): VocabularyIndex {
  const groups = new Map<string, string[]>();
  for (const word of vocabulary.words) {
    const key = stem(word);
    const group = groups.get(key);
    if (group) group.push(word);
    else groups.set(key, [word]);
  }
  for (const [key, group] of groups) if (group.length < 2 && group[0] === key) groups.delete(key);
  return { vocabulary, byStem: groups };
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
): Candidate[] {
  const { words, counts } = index.vocabulary;
  const countOf = (candidate: string) => counts[lowerBound(words, candidate)];
  const found = new Map<string, Candidate>();
  const offer = (candidate: Omit<Candidate, "count">, count = countOf(candidate.word)) => {
    const known = found.get(candidate.word);
    if (!known || candidate.edits < known.edits) found.set(candidate.word, { ...candidate, count });
  };
  const at = lowerBound(words, word);
  if (words[at] === word) offer({ word, edits: 0, kind: "exact" }, counts[at]);
  for (const sibling of index.byStem.get(stem(word)) ?? []) offer({ word: sibling, edits: 0, kind: "stem" });
  if (asPrefix) {
    const [start, end] = prefixRange(words, word);
    for (const i of mostFrequent(counts, start, end, limit))
      offer({ word: words[i], edits: 0, kind: "prefix" }, counts[i]);
  }
  const edits = allowedEdits(typedLength, word.length);
  if (edits > 0) {
    for (const match of typoMatches(words, word, edits, asPrefix)) offer({ ...match, kind: "typo" });
  }
  const rank = (candidate: Candidate) => (candidate.kind === "exact" ? 0 : candidate.kind === "stem" ? 1 : 2);
  return [...found.values()]
    .sort((a, b) => a.edits - b.edits || rank(a) - rank(b) || b.count - a.count || (a.word < b.word ? -1 : 1))
    .slice(0, limit);
}

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

/**
 * Words within `maxEdits` of `query` (or, `asPrefix`, whose start is), each with its
 * smallest number of edits. The trie is the sorted list itself: the words under a node
 * are the range sharing its prefix, and its children are the runs of the next character.
 */
function typoMatches(
  words: string[],
  query: string,
  maxEdits: number,
  asPrefix: boolean,
): { word: string; edits: number }[] {
  const n = query.length;
  const best = new Map<string, number>();
  const note = (word: string, edits: number) => {
    if ((best.get(word) ?? Number.POSITIVE_INFINITY) > edits) best.set(word, edits);
  };
  const firstRow = Array.from({ length: n + 1 }, (_, j) => j);

  const visit = (low: number, high: number, depth: number, row: number[], previousRow: number[], previous: number) => {
    let i = low;
    // Words that end here are the first of the range (a prefix sorts before its extensions).
    while (i < high && words[i].length === depth) {
      if (row[n] <= maxEdits) note(words[i], row[n]);
      i++;
    }
    if (asPrefix && row[n] <= maxEdits) {
      for (let k = i; k < high; k++) note(words[k], row[n]);
      if (row[n] === 0) return;
    }
    while (i < high) {
      const code = words[i].charCodeAt(depth);
      let end = i + 1;
      // The run of words whose character at `depth` is `code` (binary search: the range is sorted).
      let top = high;
      while (end < top) {
        const middle = (end + top) >>> 1;
        if (words[middle].charCodeAt(depth) === code) end = middle + 1;
        else top = middle;
      }
      const next = new Array<number>(n + 1);
      next[0] = row[0] + 1;
      let smallest = next[0];
      for (let j = 1; j <= n; j++) {
        const substitution = row[j - 1] + (query.charCodeAt(j - 1) === code ? 0 : 1);
        let value = Math.min(row[j] + 1, next[j - 1] + 1, substitution);
        if (j > 1 && query.charCodeAt(j - 1) === previous && query.charCodeAt(j - 2) === code) {
          value = Math.min(value, previousRow[j - 2] + 1);
        }
        next[j] = value;
        if (value < smallest) smallest = value;
      }
      if (smallest <= maxEdits) visit(i, end, depth + 1, next, row, code);
      i = end;
    }
  };
  visit(0, words.length, 0, firstRow, firstRow, -1);
  return [...best].map(([word, edits]) => ({ word, edits }));
}
