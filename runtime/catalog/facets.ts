/**
 * Disjunctive facet counts: a field's values are counted over the items that match q
 * and every active constraint except that field's own, so choosing `country=PT` still
 * shows how many items each other country has. Counting walks the matching items and
 * reads each one's values from the field's columns, so it costs in proportion to the
 * matches; with nothing to match against, the counts are the values' totals.
 */
import type { FacetCount } from "../../core/resources.ts";
import type { Memo } from "../memory-budget.ts";
import type { FieldIndex, LoadedCollection } from "../snapshot.ts";
import type { PositionSet } from "./bits.ts";
import type { Positions } from "./positions.ts";
import {
  allowedBy,
  type Constraint,
  type Criteria,
  type FilterSelection,
  firstOf,
  type Selection,
  select,
  sizeOf,
} from "./selection.ts";

/** How many items of `over` have each value of the field (all items when `over` is null). */
function countValues(field: FieldIndex, over: Positions | null): Int32Array {
  const counts = new Int32Array(field.values.length);
  if (!over) {
    field.values.forEach(({ positions }, id) => {
      counts[id] = positions.length;
    });
    return counts;
  }
  const { starts, ids } = field;
  if (field.oneEach) {
    for (let i = 0; i < over.length; i++) counts[ids[over[i]]]++;
    return counts;
  }
  for (let i = 0; i < over.length; i++) {
    const position = over[i];
    for (let j = starts[position]; j < starts[position + 1]; j++) counts[ids[j]]++;
  }
  return counts;
}

/**
 * The facet list of one field: values with a count, and every selected value even at 0
 * (so a UI can show it), by count descending, then name. `spellUnknown` spells a selected
 * key that no item has.
 */
function facetList(field: FieldIndex, counts: Int32Array, selected: string[], spellUnknown: (key: string) => string) {
  const ids: number[] = [];
  counts.forEach((count, id) => {
    if (count > 0) ids.push(id);
  });
  const unknown: FacetCount[] = [];
  for (const key of selected) {
    const id = field.idByKey.get(key);
    if (id === undefined) unknown.push({ value: spellUnknown(key), count: 0 });
    else if (counts[id] === 0) ids.push(id);
  }
  ids.sort((a, b) => counts[b] - counts[a] || field.nameRank[a] - field.nameRank[b]);
  const listed: FacetCount[] = ids.map((id) => ({ value: field.values[id].value, count: counts[id] }));
  return [...listed, ...unknown].sort((a, b) => b.count - a.count || 0);
}

/** The constraints of a selection, q's included, each with the field it comes from. */
function allConstraints(selection: Selection): Constraint[] {
  const constraints = [...selection.constraints];
  if (selection.matched) constraints.push({ field: null, ...selection.matched });
  return constraints;
}

/**
 * `filtered_total` and the facets of every filter of a collection, each under its
 * response key (`country` → `countries`), and whether q's matches are relaxed (search.ts).
 */
export function facetSummary<Filter extends string, Key extends string>(
  collection: LoadedCollection<Filter>,
  criteria: Criteria<Filter>,
  responseKeys: Record<Filter, Key>,
  memo?: Memo,
): { filtered_total: number; facets: Record<Key, FacetCount[]>; relaxed: boolean } {
  const selection = select(collection, criteria, memo);
  const constraints = allConstraints(selection);
  const matched = allowedBy(constraints, collection.size);
  const matchedList = listOf(matched);
  const facets = {} as Record<Key, FacetCount[]>;
  for (const [field, key] of Object.entries(responseKeys) as [Filter, Key][]) {
    const own = constraints.some((constraint) => constraint.field === field);
    const over = own ? listOf(allowedBy(others(constraints, field), collection.size)) : matchedList;
    const index = collection.fields[field];
    // Country codes are stored upper case; a selected code the catalog lacks is shown the same way.
    const spell = field === "country" ? (code: string) => code.toUpperCase() : (value: string) => value;
    facets[key] = facetList(index, countValues(index, over), selectedKeys(criteria.filters, field), spell);
  }
  const relaxed = selection.matched?.relaxed ?? false;
  return { filtered_total: matched ? sizeOf(matched) : collection.size, facets, relaxed };
}

/** A set as a sorted list, to walk (null, for no constraint, stays null: every item). */
function listOf(set: PositionSet | null): Positions | null {
  return set && firstOf(set, Number.POSITIVE_INFINITY);
}

function others(constraints: Constraint[], field: string): Constraint[] {
  return constraints.filter((constraint) => constraint.field !== field);
}

function selectedKeys<Filter extends string>(filters: FilterSelection<Filter>, field: Filter): string[] {
  return filters[field] ?? [];
}
