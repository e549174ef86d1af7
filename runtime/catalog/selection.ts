/**
 * Which items of a collection match a request: filters (OR within a field, AND across
 * fields), full-text `q` and, for the map, a set of positions from the geo index.
 *
 * Every constraint becomes a membership mask over positions, so matching one item
 * against all of them is a few array reads; facets reuse the same masks to count
 * "everything but my own field" (disjunctive facets).
 */

import { searchPositions } from "../../core/search-index.ts";
import type { LoadedCollection } from "../snapshot.ts";

/** Filter values as folded keys, per field; a field that is absent does not constrain. */
export type FilterSelection<Filter extends string> = Partial<Record<Filter, string[]>>;

export interface Criteria<Filter extends string> {
  filters: FilterSelection<Filter>;
  q?: string;
  /** Positions allowed by something other than filters and q (the map's bbox). */
  within?: number[];
}

export interface Constraint {
  /** The filter this constraint comes from, or null for q and the bbox. */
  field: string | null;
  mask: Uint8Array;
}

export interface Selection {
  /** Matching positions in answer order: relevance when there is a q, else collection order. Shared: never mutate it. */
  positions: number[];
  constraints: Constraint[];
  size: number;
}

/**
 * Masks are reused from one query to the next instead of allocated per request (at
 * 100k items each is 100 kB, and fresh ones per request showed up as GC pauses in the
 * p99). Queries are synchronous, so a selection's masks are never in use by two at once;
 * they stay valid until the next `select` on the same collection.
 */
const scratch = new WeakMap<object, Uint8Array[]>();

function maskTaker(collection: object, size: number): () => Uint8Array {
  let pool = scratch.get(collection);
  if (!pool || pool[0]?.length !== size) scratch.set(collection, (pool = []));
  let used = 0;
  return () => {
    const mask = (pool[used] ??= new Uint8Array(size));
    used++;
    return mask.fill(0);
  };
}

export function select<Entry, Filter extends string>(
  collection: LoadedCollection<Entry, Filter>,
  criteria: Criteria<Filter>,
): Selection {
  const size = collection.items.length;
  const takeMask = maskTaker(collection, size);
  const constraints: Constraint[] = [];
  for (const [field, keys] of Object.entries(criteria.filters) as [Filter, string[] | undefined][]) {
    if (!keys) continue;
    const mask = takeMask();
    for (const key of keys)
      for (const position of collection.filters[field].get(key)?.positions ?? []) mask[position] = 1;
    constraints.push({ field, mask });
  }
  if (criteria.within) constraints.push({ field: null, mask: markAll(takeMask(), criteria.within) });

  const ranked = criteria.q === undefined ? null : searchPositions(collection.search, criteria.q);
  if (ranked) constraints.push({ field: null, mask: markAll(takeMask(), ranked) });

  if (!ranked && constraints.length === 0) return { positions: collection.allPositions, constraints, size };
  // Candidates come from one constraint (q, the bbox, or the first filter); only the others need checking.
  const source = ranked ? constraints.length - 1 : criteria.within ? constraints.length - 1 : 0;
  const candidates = ranked ?? candidatesInOrder(constraints[source].mask, criteria.within, size);
  const rest = constraints.filter((_constraint, i) => i !== source).map(({ mask }) => mask);
  const positions =
    rest.length === 0 ? candidates : candidates.filter((position) => rest.every((mask) => mask[position] === 1));
  return { positions, constraints, size };
}

function markAll(mask: Uint8Array, positions: number[]): Uint8Array {
  for (const position of positions) mask[position] = 1;
  return mask;
}

/**
 * The positions of one constraint in collection order: a short bbox list sorted,
 * else a scan of the mask (linear, but a tight loop over bytes).
 */
function candidatesInOrder(mask: Uint8Array, within: number[] | undefined, size: number): number[] {
  if (within && within.length * Math.log2(within.length + 2) < size / 8)
    return Array.from(Int32Array.from(within).sort());
  const positions: number[] = [];
  for (let position = 0; position < size; position++) if (mask[position] === 1) positions.push(position);
  return positions;
}

/** One page of a selection's items, and how many match in all. */
export function pageOf<Entry, Filter extends string, Item>(
  collection: LoadedCollection<Entry, Filter>,
  criteria: Criteria<Filter>,
  page: { limit: number; offset: number },
  itemOf: (entry: Entry) => Item,
): { items: Item[]; total: number } {
  const { positions } = select(collection, criteria);
  return {
    items: positions.slice(page.offset, page.offset + page.limit).map((position) => itemOf(collection.items[position])),
    total: positions.length,
  };
}
