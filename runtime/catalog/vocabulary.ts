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

/** A word of the vocabulary that a query word may mean, and what it costs. */
export interface Candidate {
  word: string;
  /** Typos between the query word and this word (or its start, for a completion). */
  edits: number;
  /** How the word was reached: the same word, a completion, a plural or singular, a typo. */
  kind: "exact" | "prefix" | "stem" | "typo";
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
  // One number orders them (edits, kind, more items first, then the word, as the vocabulary
  // is sorted) and ends with the word's index: sorting numbers natively is far cheaper than
  // a comparator over hundreds of candidates.
  const keys = new Float64Array(found.size);
  let k = 0;
  for (const [i, { edits, kind }] of found)
    keys[k++] = ((edits * 3 + KIND_ORDER[kind]) * INDEX_SPACE - counts[i]) * INDEX_SPACE + i;
  const chosen: Candidate[] = [];
  for (const key of keys.sort().subarray(0, listed ? limit : limit - 1)) {
    const i = ((key % INDEX_SPACE) + INDEX_SPACE) % INDEX_SPACE;
    const { edits, kind } = found.get(i)!;
    chosen.push({ word: words[i], edits, kind });
  }
  // Looked up even when the vocabulary lacks it: joined pairs of name words are indexed, not listed.
  return listed ? chosen : [{ word, edits: 0, kind: "exact" }, ...chosen];
}

/** Room for a vocabulary index, and for an item count, in a candidate's sort key (2^21: two million). */
const INDEX_SPACE = 2 ** 21;
/** The order of candidates with as many edits: the word itself, then its plurals and singulars, then the rest. */
const KIND_ORDER: Record<Candidate["kind"], number> = { exact: 0, stem: 1, prefix: 2, typo: 2 };

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

/** Words (or, as prefixes, ranges of words) within some number of edits of a query word. */
interface TypoMatches {
  /** Words by their index in the vocabulary. */
  words: { at: number; edits: number }[];
  /** Ranges [start, end) of words that all start within `edits` of the query word. */
  ranges: { start: number; end: number; edits: number }[];
}

/**
 * The vocabulary as a trie: node 0 is the root; a node's children follow `firstChild`
 * then `nextSibling`; `code` is the character on the edge into a node; the words under a
 * node are the vocabulary range [start, end) (the list is sorted), and `ends` is the word
 * that ends at the node, or -1. Built once at load, in one pass over the sorted words.
 */
export interface Trie {
  code: Int32Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  start: Int32Array;
  end: Int32Array;
  ends: Int32Array;
}

export function buildTrie(words: string[]): Trie {
  let capacity = 1;
  for (const word of words) capacity += word.length;
  const trie: Trie = {
    code: new Int32Array(capacity),
    firstChild: new Int32Array(capacity).fill(-1),
    nextSibling: new Int32Array(capacity).fill(-1),
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    ends: new Int32Array(capacity).fill(-1),
  };
  let count = 1;
  const lastChild = new Int32Array(capacity).fill(-1);
  // The path of the previous word: sorted words share their prefix with it.
  const path = [0];
  let previous = "";
  words.forEach((word, index) => {
    let shared = 0;
    while (shared < word.length && shared < previous.length && word[shared] === previous[shared]) shared++;
    path.length = shared + 1;
    for (let depth = shared; depth < word.length; depth++) {
      const parent = path[depth];
      const node = count++;
      trie.code[node] = word.charCodeAt(depth);
      trie.start[node] = index;
      if (lastChild[parent] === -1) trie.firstChild[parent] = node;
      else trie.nextSibling[lastChild[parent]] = node;
      lastChild[parent] = node;
      path.push(node);
    }
    for (const node of path) trie.end[node] = index + 1;
    trie.ends[path[word.length]] = index;
    previous = word;
  });
  trie.end[0] = words.length;
  return trie;
}

/**
 * Words within `maxEdits` of `query` (or, `asPrefix`, whose start is: then whole ranges,
 * since every word under a matching prefix matches). A depth-first walk of the trie keeps
 * one row of the edit-distance table per depth (Levenshtein with adjacent transpositions)
 * and leaves a branch as soon as every entry of its row passes `maxEdits`.
 *
 * Only a band of each row is computed: the entries within `maxEdits` of the diagonal. One
 * further away differs from it by more characters than that, so its distance does too;
 * the entries just outside the band are set to `maxEdits + 1`, which is all a distance
 * within the band can learn from them (it cannot be within `maxEdits` through them).
 */
function typoMatches(trie: Trie, query: string, maxEdits: number, asPrefix: boolean): TypoMatches {
  const n = query.length;
  const found: TypoMatches = { words: [], ranges: [] };
  const rows: Int32Array[] = [Int32Array.from({ length: n + 2 }, (_, j) => j)];
  const wanted = Int32Array.from({ length: n }, (_, j) => query.charCodeAt(j));
  const beyond = maxEdits + 1;
  const { code: codes, firstChild, nextSibling, start, end, ends } = trie;

  const visit = (node: number, depth: number, previous: number) => {
    const row = rows[depth];
    // row[n] is in the band (exact) only when the depth is within maxEdits of n.
    const matched = n - depth <= maxEdits && row[n] <= maxEdits;
    if (matched && ends[node] !== -1) found.words.push({ at: ends[node], edits: row[n] });
    if (asPrefix && matched) {
      const from = ends[node] === -1 ? start[node] : start[node] + 1;
      if (from < end[node]) found.ranges.push({ start: from, end: end[node], edits: row[n] });
      return; // deeper nodes are inside this range already
    }
    const at = depth + 1;
    const low = Math.max(1, at - maxEdits);
    const high = Math.min(n, at + maxEdits);
    if (low > high) return; // no entry of the next row can be within maxEdits
    rows[at] ??= new Int32Array(n + 2);
    const next = rows[at];
    const above = depth > 0 ? rows[depth - 1] : row;
    for (let child = firstChild[node]; child !== -1; child = nextSibling[child]) {
      const code = codes[child];
      next[0] = at;
      next[low - 1] = low > 1 ? beyond : at;
      let left = next[low - 1];
      let smallest = left;
      for (let j = low; j <= high; j++) {
        let value = row[j - 1] + (wanted[j - 1] === code ? 0 : 1);
        if (row[j] + 1 < value) value = row[j] + 1;
        if (left + 1 < value) value = left + 1;
        if (j > 1 && wanted[j - 1] === previous && wanted[j - 2] === code && above[j - 2] + 1 < value) {
          value = above[j - 2] + 1;
        }
        next[j] = value;
        left = value;
        if (value < smallest) smallest = value;
      }
      next[high + 1] = beyond;
      if (smallest <= maxEdits) visit(child, at, code);
    }
  };
  visit(0, 0, -1);
  return found;
}
