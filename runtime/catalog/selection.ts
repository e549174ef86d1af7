/**
 * Which items of a collection match a request: filters (OR within a field, AND across
 * fields), full-text `q`, and an area from the geo index. Each constraint is a set of
 * positions: a sorted list, or a bitset when it holds 1 item in 32 or more (bits.ts).
 * Matching intersects the lists, smallest first, then keeps what the bitsets hold; when
 * every constraint is a bitset, it ANDs them. Either way the work follows the sizes of
 * the sets involved, or the catalog size / 32 for a common value.
 */
import { foldKey } from "../../core/fold.ts";
import type { Memo } from "../memory-budget.ts";
import type { FieldIndex, LoadedCollection } from "../snapshot.ts";
import {
  addPositions,
  andInto,
  countBits,
  emptyBits,
  firstPositions,
  isDense,
  keepSet,
  orInto,
  type PositionSet,
} from "./bits.ts";
import { intersectAll, type Positions, union } from "./positions.ts";
import { type SearchMatches, searchFirst, searchMatches } from "./search.ts";

/** Filter values as folded keys, per field; a field that is absent does not constrain. */
export type FilterSelection<Filter extends string> = Partial<Record<Filter, string[]>>;

export interface Criteria<Filter extends string> {
  filters: FilterSelection<Filter>;
  q?: string;
  /** Positions allowed by something other than filters and q (areas), each sorted. */
  within?: Positions[];
  /**
   * Filters read from q (understand.ts): each an AND of its own, counted by every facet
   * (they narrow what the list holds, like q), values as the answer shows them.
   */
  understood?: { param: string; values: string[] }[];
}

export type Constraint = PositionSet & {
  /** The filter this constraint comes from, or null for an area or q. */
  field: string | null;
};

export interface Selection {
  /** The filters' and the area's constraints. */
  constraints: Constraint[];
  /** q's matches, and whether they are relaxed (search.ts); null without q. */
  matched: SearchMatches | null;
}

/** The criteria's constraints, and q's matches over the whole collection (what facets count, field by field). */
export function select<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  memo?: Memo,
): Selection {
  const { q } = criteria;
  const matched = q === undefined ? null : searchMatches(collection.search, collection.name, q, memo);
  return { constraints: constraintsOf(collection, criteria), matched };
}

function constraintsOf<Filter extends string>(collection: LoadedCollection<Filter>, criteria: Criteria<Filter>) {
  const constraints: Constraint[] = [];
  for (const field of Object.keys(criteria.filters) as Filter[]) {
    const keys = criteria.filters[field];
    if (!keys) continue;
    const set = anyOf(collection, field, keys);
    constraints.push(set.bits ? { field, bits: set.bits } : { field, positions: set.positions });
  }
  for (const positions of criteria.within ?? []) constraints.push({ field: null, positions });
  for (const { param, values } of criteria.understood ?? []) {
    const set = anyOf(collection, param as Filter, values.map(foldKey));
    constraints.push(set.bits ? { field: null, bits: set.bits } : { field: null, positions: set.positions });
  }
  return constraints;
}

/** The items holding any of these values of the field. */
function anyOf<Filter extends string>(
  collection: LoadedCollection<Filter>,
  field: Filter,
  keys: string[],
): PositionSet {
  const { values, idByKey } = collection.fields[field];
  const chosen: FieldIndex["values"] = [];
  let held = 0;
  for (const key of keys) {
    const id = idByKey.get(key);
    if (id === undefined) continue;
    chosen.push(values[id]);
    held += values[id].positions.length;
  }
  if (chosen.length === 1) return chosen[0].bits ? { bits: chosen[0].bits } : { positions: chosen[0].positions };
  if (!isDense(held, collection.size)) return { positions: union(chosen.map((value) => value.positions)) };
  const bits = emptyBits(collection.size);
  for (const value of chosen) {
    if (value.bits) orInto(bits, value.bits);
    else addPositions(bits, value.positions);
  }
  return { bits };
}

/**
 * The positions every constraint allows (null when there are none): the lists intersected,
 * smallest first, then filtered by the bitsets; or, when all are bitsets, their AND.
 */
export function allowedBy(sets: PositionSet[], size: number): PositionSet | null {
  if (sets.length === 0) return null;
  const lists = sets.flatMap((set) => (set.positions ? [set.positions] : []));
  const bitsets = sets.flatMap((set) => (set.bits ? [set.bits] : []));
  if (lists.length > 0) {
    let positions = intersectAll(lists)!;
    for (const bits of bitsets) positions = keepSet(positions, bits);
    return { positions };
  }
  if (bitsets.length === 1) return { bits: bitsets[0] };
  const bits = emptyBits(size);
  bits.set(bitsets[0]);
  for (let i = 1; i < bitsets.length; i++) andInto(bits, bitsets[i]);
  return { bits };
}

/** How many positions the set holds. */
export function sizeOf(set: PositionSet): number {
  return set.positions ? set.positions.length : countBits(set.bits);
}

/** The set's positions ascending, from the `from`-th up to the `count`-th (all of them for Infinity). */
export function firstOf(set: PositionSet, count: number, from = 0): Positions {
  return set.positions ? set.positions.subarray(from, count) : firstPositions(set.bits, count, from);
}

/**
 * The matching positions in answer order (by relevance with q, then collection order; else
 * collection order) from the `from`-th up to the `count`-th, how many match in all, and
 * whether q's matches are relaxed (no item matched every word; false without q).
 * Only the first `count` are ranked, and with filters or an area, q is scored only among
 * the items they allow when it can be (search.ts). Without q the answer may be shared with
 * the collection or the memo: never mutate it.
 */
export function matchingInOrder<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  count = Number.POSITIVE_INFINITY,
  memo?: Memo,
  from = 0,
): { positions: Positions; total: number; relaxed: boolean } {
  const allowed = allowedBy(constraintsOf(collection, criteria), collection.size);
  if (criteria.q !== undefined) {
    const allowedBits = allowed
      ? (allowed.bits ?? addPositions(emptyBits(collection.size), allowed.positions))
      : undefined;
    const ranked = searchFirst(collection.search, collection.name, criteria.q, count, memo, allowedBits);
    if (ranked) return { positions: ranked.positions.subarray(from), total: ranked.total, relaxed: ranked.relaxed };
  }
  if (!allowed) return { positions: collection.all.subarray(from, count), total: collection.size, relaxed: false };
  return { positions: firstOf(allowed, count, from), total: sizeOf(allowed), relaxed: false };
}

/** One page of the matching positions, how many match in all, and whether they are relaxed. */
export function pageOf<Filter extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  page: { limit: number; offset: number },
  memo?: Memo,
): { positions: Positions; total: number; relaxed: boolean } {
  return matchingInOrder(collection, criteria, page.offset + page.limit, memo, page.offset);
}
