/**
 * Which items of a collection match a request: filters (OR within a field, AND across
 * fields), full-text `q`, and an area from the geo index. Each constraint is a sorted set
 * of positions; matching intersects them, smallest first, so the work follows the sizes of
 * the sets involved, never the size of the catalog.
 */
import type { Memo } from "../memory-budget.ts";
import type { LoadedCollection } from "../snapshot.ts";
import { intersectAll, membership, type Positions, union } from "./positions.ts";
import { type Ranking, rankedPositions, searchRanking } from "./search.ts";

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
  /** q's matches and their ranks; null without q. */
  ranked: Ranking | null;
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
  const ranked = criteria.q === undefined ? null : searchRanking(collection.search, collection.name, criteria.q, memo);
  return { constraints, ranked };
}

/**
 * The first `count` matching positions in answer order (by relevance with q, then
 * collection order; else collection order), and how many match in all. Only the first
 * `count` are ranked. Without q the answer may be shared with the collection or the memo:
 * never mutate it.
 */
export function matchingInOrder<Filter extends string>(
  collection: LoadedCollection<Filter>,
  selection: Selection,
  count = Number.POSITIVE_INFINITY,
): { positions: Positions; total: number } {
  const allowed = intersectAll(selection.constraints.map(({ positions }) => positions));
  const { ranked } = selection;
  if (!ranked) {
    const positions = allowed ?? collection.all;
    return { positions: positions.subarray(0, count), total: positions.length };
  }
  let keys = ranked.keys;
  if (allowed) {
    const isAllowed = membership(allowed, collection.size);
    keys = keys.filter((_, i) => isAllowed(ranked.set[i]));
  }
  return { positions: rankedPositions(keys, count), total: keys.length };
}

/** One page of the matching positions, and how many match in all. */
export function pageOf<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  page: { limit: number; offset: number },
  memo?: Memo,
): { positions: Positions; total: number } {
  const { positions, total } = matchingInOrder(
    collection,
    select(collection, criteria, memo),
    page.offset + page.limit,
  );
  return { positions: positions.subarray(page.offset), total };
}
