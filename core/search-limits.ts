/**
 * How large a collection's search index may be. The runtime packs numbers of the index
 * into one Float64 sort key (exact for integers below 2^53), and a number too large for
 * its bits would spill into its neighbour and silently reorder results. So the build
 * refuses an index past these limits (buildSearchIndex), and so does the load (loadSearch):
 *
 * - candidate keys (runtime/catalog/vocabulary.ts): a candidate's order (below 9, 4 bits),
 *   the count of items holding its word (below 2^27), and its index in the vocabulary
 *   (below 2^22): 4 + 27 + 22 = 53 bits;
 * - rank keys (runtime/catalog/search-ranking.ts): a rank (below 2^24) and the item's
 *   position (given 29 bits, beyond the item limit): 24 + 29 = 53 bits;
 * - nearest-first keys (runtime/catalog/geo.ts): a distance in metres (below 2^25) and a
 *   spot's rank, below the item limit: 25 + 27 = 52 bits.
 *
 * At 2^27 (134 million) items and 2^22 (4 million) distinct words, both are far beyond any
 * surf catalog.
 */

export interface SearchLimits {
  /** Items a collection may hold: a word's item count must fit a candidate key. */
  items: number;
  /** Distinct words its vocabulary may hold: a word's index must fit a candidate key. */
  words: number;
}

/** Bits of a candidate key for the count of items holding a word. */
export const ITEM_COUNT_BITS = 27;
/** Bits of a candidate key for a word's index in the vocabulary. */
export const WORD_INDEX_BITS = 22;

export const SEARCH_LIMITS: SearchLimits = { items: 2 ** ITEM_COUNT_BITS - 1, words: 2 ** WORD_INDEX_BITS };

/**
 * Throws, saying which limit and why, when an index of `items` items and `words` distinct
 * words does not fit the runtime's packed keys.
 */
export function checkSearchLimits(
  what: string,
  { items, words }: SearchLimits,
  limits: SearchLimits = SEARCH_LIMITS,
): void {
  const count = (n: number) => n.toLocaleString("en");
  if (items > limits.items) {
    throw new Error(
      `${what} holds ${count(items)} items; search handles at most ${count(limits.items)}, ` +
        "because its candidate keys pack a word's item count in a fixed number of bits (core/search-limits.ts)",
    );
  }
  if (words > limits.words) {
    throw new Error(
      `${what} holds ${count(words)} distinct words; search handles at most ${count(limits.words)}, ` +
        "because its candidate keys pack a word's index in a fixed number of bits (core/search-limits.ts)",
    );
  }
}
