/**
 * Sets of item positions, kept as ascending `Int32Array`s: the currency of every query.
 * Position order is collection order (tier, name, slug), so a sorted set is already an
 * answer in default order. Every operation costs in proportion to the lists it is given,
 * never to the size of the catalog.
 */

export type Positions = Int32Array;

const EMPTY: Positions = new Int32Array(0);

/**
 * The positions in both lists. When one list is much shorter, each of its positions is
 * found in the other by a galloping search (cost |short| × log |long|); otherwise the
 * two are merged in one pass.
 */
export function intersect(a: Positions, b: Positions): Positions {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return EMPTY;
  const out = new Int32Array(short.length);
  let count = 0;
  if (short.length * 16 < long.length) {
    let from = 0;
    for (let i = 0; i < short.length && from < long.length; i++) {
      from = gallop(long, short[i], from);
      if (long[from] === short[i]) out[count++] = short[i];
    }
  } else {
    let j = 0;
    for (let i = 0; i < short.length && j < long.length; i++) {
      while (j < long.length && long[j] < short[i]) j++;
      if (long[j] === short[i]) out[count++] = short[i];
    }
  }
  return out.subarray(0, count);
}

/** The first index at or after `from` whose value is not below `value` (doubling steps, then halving). */
function gallop(list: Positions, value: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < list.length && list[high] < value) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (from < high) {
    const middle = (from + high) >>> 1;
    if (list[middle] < value) from = middle + 1;
    else high = middle;
  }
  return from;
}

/** The positions in every list (shortest first, so each step is as small as it can be); null for no lists. */
export function intersectAll(lists: Positions[]): Positions | null {
  if (lists.length === 0) return null;
  const ordered = [...lists].sort((a, b) => a.length - b.length);
  let result = ordered[0];
  for (let i = 1; i < ordered.length && result.length > 0; i++) result = intersect(result, ordered[i]);
  return result;
}

/** The positions in any of the lists, merged pairwise. One list comes back as it is (shared: never mutate it). */
export function union(lists: Positions[]): Positions {
  if (lists.length === 0) return EMPTY;
  let merged = lists[0];
  for (let i = 1; i < lists.length; i++) merged = merge(merged, lists[i]);
  return merged;
}

/** Two sorted sets merged in one pass, each position once. */
function merge(a: Positions, b: Positions): Positions {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) out[count++] = a[i++];
    else if (b[j] < a[i]) out[count++] = b[j++];
    else {
      out[count++] = a[i++];
      j++;
    }
  }
  while (i < a.length) out[count++] = a[i++];
  while (j < b.length) out[count++] = b[j++];
  return out.subarray(0, count);
}

/** Sorts positions given in any order (a geo query's) into a set. */
export function toPositions(unordered: ArrayLike<number>): Positions {
  return uniqueSorted(Int32Array.from(unordered).sort());
}

function uniqueSorted(sorted: Int32Array): Positions {
  let count = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[count++] = sorted[i];
  return sorted.subarray(0, count);
}

/** 0, 1, ... size - 1. */
export function allPositions(size: number): Positions {
  const positions = new Int32Array(size);
  for (let i = 0; i < size; i++) positions[i] = i;
  return positions;
}

/**
 * Sorts the `count` smallest of distinct keys into the front of the array, in place, and
 * returns them: Hoare's selection moves them to the front (linear on average), then only
 * they are sorted, where sorting all would cost n log n for a page of twenty.
 */
export function smallestSorted(keys: Float64Array, count: number): Float64Array {
  const k = Math.min(count, keys.length);
  let low = 0;
  let high = keys.length - 1;
  while (k < keys.length && low < high) {
    const pivot = medianOfThree(keys[low], keys[(low + high) >>> 1], keys[high]);
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const swap = keys[i];
        keys[i++] = keys[j];
        keys[j--] = swap;
      }
    }
    // Now keys[low..j] <= pivot <= keys[i..high]: keep only the side that holds the k-th.
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else break;
  }
  return keys.subarray(0, k).sort();
}

/**
 * The `count` smallest of distinct keys, sorted, leaving `keys` as they are. For a page
 * of a long list, one pass keeps them in a max-heap of `count` (n log count, nothing
 * copied); for a large share of the keys, a copy goes through smallestSorted.
 */
export function smallestOf(keys: Float64Array, count: number): Float64Array {
  const k = Math.min(count, keys.length);
  if (k * 8 > keys.length) return smallestSorted(Float64Array.from(keys), k);
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < keys.length; i++) size = keepSmallest(heap, size, keys[i]);
  return heap.sort();
}

/**
 * Offers `key` to a max-heap of the smallest keys seen, `size` of them so far, that holds
 * at most `heap.length`: kept if there is room or it is smaller than the largest, which it
 * then replaces. Returns the heap's new size.
 */
export function keepSmallest(heap: Float64Array, size: number, key: number): number {
  if (size < heap.length) {
    siftUp(heap, size, key);
    return size + 1;
  }
  if (key < heap[0]) siftDown(heap, size, key);
  return size;
}

/** Puts `key` at index `at` of a max-heap and moves it up to its place. */
function siftUp(heap: Float64Array, at: number, key: number): void {
  while (at > 0) {
    const parent = (at - 1) >>> 1;
    if (heap[parent] >= key) break;
    heap[at] = heap[parent];
    at = parent;
  }
  heap[at] = key;
}

/** Replaces the top of a max-heap of `size` with `key` and moves it down to its place. */
function siftDown(heap: Float64Array, size: number, key: number): void {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1] > heap[child]) child++;
    if (heap[child] <= key) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = key;
}

function medianOfThree(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}
