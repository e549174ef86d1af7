/**
 * The filter tables of a collection: for each value, the positions of the items that have
 * it; and for each position, its values (what facets count).
 */
import { compareCodePoints, foldKey } from "../../core/fold.ts";
import { packInt32 } from "../../core/packed.ts";
import type { FilterValue } from "../../core/snapshot-format.ts";

export interface CompiledFilter {
  values: FilterValue[];
  /** See FieldColumns in snapshot-format.ts. */
  columns: { starts: Int32Array; ids: Int32Array };
}

/**
 * `valuesOf(item)` lists the item's values of one field (none for null, several for
 * tags). Values that fold to the same key share an entry under the first spelling met
 * in collection order. Entries are sorted by key so the output is deterministic.
 */
export function compileFilter<T>(items: T[], valuesOf: (item: T) => (string | null)[]): CompiledFilter {
  type Entry = { value: string; key: string; positions: number[] };
  const byKey = new Map<string, Entry>();
  // Few values recur across many items (a country, a region): each is folded once.
  const bySpelling = new Map<string, Entry>();
  items.forEach((item, position) => {
    for (const value of valuesOf(item)) {
      if (value === null) continue;
      let entry = bySpelling.get(value);
      if (!entry) {
        const key = foldKey(value);
        entry = byKey.get(key) ?? { value, key, positions: [] };
        byKey.set(key, entry);
        bySpelling.set(value, entry);
      }
      if (entry.positions.at(-1) !== position) entry.positions.push(position);
    }
  });
  const sorted = [...byKey.values()].sort((a, b) => compareCodePoints(a.key, b.key));
  return {
    values: sorted.map(({ value, key, positions }) => ({ value, key, positions: packInt32(positions) })),
    columns: columnsOf(
      sorted.map(({ positions }) => positions),
      items.length,
    ),
  };
}

/**
 * Value id → positions turned around into position → value ids (compressed rows), the ids
 * in the values' order. Done here rather than at every start: it is a pass over every
 * item, in code the engine has not optimized yet when the server starts.
 */
function columnsOf(positionsById: number[][], size: number): CompiledFilter["columns"] {
  const starts = new Int32Array(size + 1);
  for (const positions of positionsById) for (const position of positions) starts[position + 1]++;
  for (let position = 0; position < size; position++) starts[position + 1] += starts[position];
  const ids = new Int32Array(starts[size]);
  const filled = starts.slice(0, size);
  positionsById.forEach((positions, id) => {
    for (const position of positions) ids[filled[position]++] = id;
  });
  return { starts, ids };
}
