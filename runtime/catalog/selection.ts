/**
 * Which items of a collection match a request: filters (OR within a field, AND across
 * fields), full-text `q`, and an area from the geo index. Each constraint is a sorted set
 * of positions; matching intersects them, smallest first, so the work follows the sizes of
 * the sets involved, never the size of the catalog.
 */
import type { Memo } from "../memory-budget.ts";
import type { LoadedCollection } from "../snapshot.ts";
import { intersectAll, membership, type Positions, union } from "./positions.ts";
import { searchPositions } from "./search.ts";

/** Filter values as folded keys, per field; a field that is absent does not constrain. */
export type FilterSelection<Filter extends string> = Partial<Record<Filter, string[]>>;

export interface Criteria<Filter extends string> {
  filters: FilterSelection<Filter>;
  q?: string;
  /** Positions allowed by something other than filters and q (areas), each sorted. */
  within?: Positions[];
}

export interface Constraint {
  /** The filter this constraint comes from, or null for an area. */
  field: string | null;
  /** The positions it allows, ascending. */
  positions: Positions;
}

export interface Selection {
  /** The filters' and the area's constraints. */
  constraints: Constraint[];
  /** q's matches, most relevant first; null without q. */
  ranked: Positions | null;
}

export function select<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  memo?: Memo,
): Selection {
  const constraints: Constraint[] = [];
  for (const [field, keys] of Object.entries(criteria.filters) as [Filter, string[] | undefined][]) {
    if (!keys) continue;
    const { values, idByKey } = collection.fields[field];
    const lists = keys.flatMap((key) => {
      const id = idByKey.get(key);
      return id === undefined ? [] : [values[id].positions];
    });
    constraints.push({ field, positions: union(lists) });
  }
  for (const positions of criteria.within ?? []) constraints.push({ field: null, positions });
  const ranked =
    criteria.q === undefined ? null : searchPositions(collection.search, collection.name, criteria.q, memo);
  return { constraints, ranked };
}

/**
 * The matching positions in answer order: by relevance with q (then collection order),
 * else collection order. Shared with the collection or the memo: never mutate it.
 */
export function matchingInOrder<Filter extends string>(
  collection: LoadedCollection<Filter>,
  selection: Selection,
): Positions {
  const allowed = intersectAll(selection.constraints.map(({ positions }) => positions));
  if (!selection.ranked) return allowed ?? collection.all;
  if (!allowed) return selection.ranked;
  const isAllowed = membership(allowed, collection.size);
  return selection.ranked.filter(isAllowed);
}

/** One page of the matching positions, and how many match in all. */
export function pageOf<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  page: { limit: number; offset: number },
  memo?: Memo,
): { positions: Positions; total: number } {
  const positions = matchingInOrder(collection, select(collection, criteria, memo));
  return { positions: positions.subarray(page.offset, page.offset + page.limit), total: positions.length };
}
