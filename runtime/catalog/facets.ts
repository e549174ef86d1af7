/**
 * Disjunctive facet counts: a field's values are counted over the items that match
 * q and every active filter except that field's own, so choosing `country=PT` still
 * shows how many items each other country has.
 */

import { compareCodePoints, compareNames, foldKey } from "../../core/fold.ts";
import type { FacetCount } from "../../core/resources.ts";
import type { LoadedCollection } from "../snapshot.ts";
import { type FilterSelection, type Selection, select } from "./selection.ts";

/**
 * How many constraints each position meets. An item counts for a field's facet when it
 * meets every constraint but that field's own: hits minus its own, against the others'
 * number. Without constraints every item counts and no array is needed.
 */
function constraintHits(selection: Selection): Uint8Array | null {
  if (selection.constraints.length === 0) return null;
  const hits = new Uint8Array(selection.size);
  for (const { mask } of selection.constraints)
    for (let position = 0; position < selection.size; position++) hits[position] += mask[position];
  return hits;
}

export function countFacet<Entry, Filter extends string>(
  collection: LoadedCollection<Entry, Filter>,
  selection: Selection,
  hits: Uint8Array | null,
  field: Filter,
  selected: FilterSelection<Filter>,
  spellSelected: (key: string) => string = (key) => key,
): FacetCount[] {
  const own = selection.constraints.find((constraint) => constraint.field === field)?.mask;
  const needed = selection.constraints.length - (own ? 1 : 0);
  const counts: FacetCount[] = [];
  for (const value of collection.filters[field].values()) {
    let count = 0;
    if (!hits) count = value.positions.length;
    else if (own) for (const position of value.positions) count += Number(hits[position] - own[position] === needed);
    else for (const position of value.positions) count += Number(hits[position] === needed);
    if (count > 0) counts.push({ value: value.value, count });
  }
  // A selected value is always listed, with 0 when nothing matches (so a UI can show it).
  for (const key of selected[field] ?? []) {
    const known = collection.filters[field].get(key);
    const spelling = known?.value ?? spellSelected(key);
    if (!counts.some((entry) => foldKey(entry.value) === key)) counts.push({ value: spelling, count: 0 });
  }
  return counts.sort(
    (a, b) => b.count - a.count || compareNames(a.value, b.value) || compareCodePoints(a.value, b.value),
  );
}

/**
 * `filtered_total` and the facets of every filter of a collection, each under its
 * response key (`country` → `countries`).
 */
export function facetSummary<Entry, Filter extends string, Key extends string>(
  collection: LoadedCollection<Entry, Filter>,
  criteria: { filters: FilterSelection<Filter>; q?: string },
  responseKeys: Record<Filter, Key>,
): { filtered_total: number; facets: Record<Key, FacetCount[]> } {
  const selection = select(collection, criteria);
  const hits = constraintHits(selection);
  const facets = {} as Record<Key, FacetCount[]>;
  for (const [field, key] of Object.entries(responseKeys) as [Filter, Key][]) {
    // Country codes are stored upper case; a selected code the catalog lacks is shown the same way.
    const spell = field === "country" ? (code: string) => code.toUpperCase() : undefined;
    facets[key] = countFacet(collection, selection, hits, field, criteria.filters, spell);
  }
  return { filtered_total: selection.positions.length, facets };
}
