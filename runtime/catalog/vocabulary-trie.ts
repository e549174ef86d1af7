/**
 * The words of a sorted vocabulary within one or two typos of a query word, found by walking
 * a trie of the vocabulary with one row of the edit-distance table per depth (typoMatches).
 * The trie is built once at load, in one pass over the sorted words (buildTrie).
 */

/** Words (or, as prefixes, ranges of words) within some number of edits of a query word. */
export interface TypoMatches {
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
export function typoMatches(trie: Trie, query: string, maxEdits: number, asPrefix: boolean): TypoMatches {
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
