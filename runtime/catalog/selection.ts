/**
 * Which items of a collection match a request: filters (OR within a field, AND across
 * fields), full-text `q` and, for the map, a set of positions from the geo index.
 *
 * Every constraint becomes a membership mask over positions, so matching one item
 * against all of them is a few array reads; facets reuse the same masks to count
 * "everything but my own field" (disjunctive facets).
 */
import type { LoadedCollection } from "../snapshot.ts";
import { searchPositions } from "./search-index.ts";

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

export function select<Entry, Filter extends string>(collection: LoadedCollection<Entry, Filter>, criteria: Criteria<Filter>): Selection {
  const size = collection.items.length;
  const constraints: Constraint[] = [];
  for (const [field, keys] of Object.entries(criteria.filters) as [Filter, string[] | undefined][]) {
    if (!keys) continue;
    const mask = new Uint8Array(size);
    for (const key of keys) for (const position of collection.filters[field].get(key)?.positions ?? []) mask[position] = 1;
    constraints.push({ field, mask });
  }
  if (criteria.within) constraints.push({ field: null, mask: maskOf(criteria.within, size) });

  const ranked = criteria.q === undefined ? null : searchPositions(collection.search, criteria.q);
  if (ranked) constraints.push({ field: null, mask: maskOf(ranked, size) });

  if (!ranked && constraints.length === 0) return { positions: collection.allPositions, constraints, size };
  const candidates = ranked ?? smallestCandidates(constraints, criteria, size);
  const positions = candidates.filter((position) => constraints.every(({ mask }) => mask[position] === 1));
  return { positions, constraints, size };
}

function maskOf(positions: number[], size: number): Uint8Array {
  const mask = new Uint8Array(size);
  for (const position of positions) mask[position] = 1;
  return mask;
}

/** Without q, scan the positions in collection order; a bbox list is usually the shortest start. */
function smallestCandidates<Filter extends string>(constraints: Constraint[], criteria: Criteria<Filter>, size: number): number[] {
  if (criteria.within) return [...criteria.within].sort((a, b) => a - b);
  const first = constraints[0].mask;
  const positions: number[] = [];
  for (let position = 0; position < size; position++) if (first[position] === 1) positions.push(position);
  return positions;
}
