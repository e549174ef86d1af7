/** The filter tables of a collection: for each value, the positions of the items that have it. */
import { compareCodePoints, foldKey } from "../../core/fold.ts";
import { packInt32 } from "../../core/packed.ts";
import type { FilterValue } from "../../core/snapshot-format.ts";

/**
 * `valuesOf(item)` lists the item's values of one field (none for null, several for
 * tags). Values that fold to the same key share an entry under the first spelling met
 * in collection order. Entries are sorted by key so the output is deterministic.
 */
export function compileFilter<T>(items: T[], valuesOf: (item: T) => (string | null)[]): FilterValue[] {
  const byKey = new Map<string, { value: string; key: string; positions: number[] }>();
  items.forEach((item, position) => {
    for (const value of valuesOf(item)) {
      if (value === null) continue;
      const key = foldKey(value);
      const entry = byKey.get(key) ?? { value, key, positions: [] };
      if (entry.positions.at(-1) !== position) entry.positions.push(position);
      byKey.set(key, entry);
    }
  });
  return [...byKey.values()]
    .sort((a, b) => compareCodePoints(a.key, b.key))
    .map(({ value, key, positions }) => ({ value, key, positions: packInt32(positions) }));
}
