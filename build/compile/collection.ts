/**
 * What spots and surfers share once their entries are joined and ordered: each entry
 * serialized once in the forms the API sends (its list form, the rest of its detail) and
 * the filter tables. The full-text index is made beside it (search-thread.ts), and its
 * postings go to the pieces file too.
 */
import { type PackedSearch, type SearchExport, withLists } from "../../core/search-index.ts";
import type { Collection } from "../../core/snapshot-format.ts";
import type { CompiledFilter } from "./filters.ts";
import type { PiecesWriter } from "./pieces.ts";

export function compileCollection<Entry, Filter extends string>(
  pieces: PiecesWriter,
  entries: Entry[],
  detailKey: keyof Entry & string,
  restKeys: (keyof Entry & string)[],
  slugOf: (entry: Entry) => string,
  filters: Record<Filter, CompiledFilter>,
): Omit<Collection<Filter>, "search"> {
  const fields = Object.entries<CompiledFilter>(filters);
  return {
    count: entries.length,
    slugs: entries.map(slugOf),
    list: pieces.add(entries.map((entry) => JSON.stringify(entry[detailKey]))),
    detail: pieces.add(entries.map((entry) => detailRest(entry, restKeys))),
    detailKey,
    filters: Object.fromEntries(fields.map(([field, { values }]) => [field, values])) as Collection<Filter>["filters"],
    columns: Object.fromEntries(
      fields.map(([field, { columns }]) => [
        field,
        { starts: pieces.addInt32(columns.starts), ids: pieces.addInt32(columns.ids) },
      ]),
    ) as Collection<Filter>["columns"],
  };
}

/** The detail answer's members after the first: `{"spot":{...},"images":[...]}` → `"images":[...]`. */
function detailRest<Entry>(entry: Entry, restKeys: (keyof Entry & string)[]): string {
  return restKeys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(entry[key])}`).join(",");
}

/** A collection's search index as the snapshot holds it: its lists of integers appended to the pieces file. */
export function searchInPieces(search: SearchExport, pieces: PiecesWriter): PackedSearch {
  return withLists(search, (list) => pieces.addInt32(list));
}
