/**
 * Search indexes collected now from the bundled content's search documents, the way the
 * build collects them, and FlexSearch's own Document index over the same documents, with
 * the same encoder: what the snapshot's postings and the ranking are checked against.
 */
import { Document } from "flexsearch";
import { spotSearchNames, spotSearchSources } from "../../build/compile/spots.ts";
import { surferAliases, surferSearchSources } from "../../build/compile/surfers.ts";
import { checkContentDir } from "../../build/pipeline.ts";
import {
  buildSearchIndex,
  SEARCH_FIELDS,
  type SearchDocument,
  type SearchField,
  type SearchIndex,
  type SearchSource,
  searchDocument,
  searchEncoder,
} from "../../core/search-index.ts";
import type { SpotEntry, SurferEntry } from "../../core/snapshot-format.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { entriesOf } from "./app.ts";

interface Fresh {
  sources: SearchSource[];
  /** The sources' texts, field by field, as FlexSearch indexed them. */
  docs: SearchDocument[];
  index: SearchIndex;
  flexsearch: Document<SearchDocument>;
}

export interface FreshSearch {
  spots: Fresh;
  surfers: Fresh;
}

function fresh(sources: SearchSource[]): Fresh {
  const docs = sources.map(searchDocument);
  return { sources, docs, index: buildSearchIndex(sources), flexsearch: flexSearchDocument(docs) };
}

/** FlexSearch's own Document index of these texts, with the build's encoder and fields. */
export function flexSearchDocument(docs: SearchDocument[]): Document<SearchDocument> {
  const flexsearch = new Document<SearchDocument>({
    encoder: searchEncoder,
    tokenize: "strict",
    document: { id: "id", index: [...SEARCH_FIELDS] },
  });
  for (const doc of docs) flexsearch.add(doc);
  return flexsearch;
}

/** `catalog` must be the snapshot built from content/ (its entries give the documents' order). */
export function freshSearch(catalog: Catalog): FreshSearch {
  const { content } = checkContentDir("content");
  const tagSlugsById = new Map(content.tags.map(({ record }) => [record.id, record.slug]));
  const spots = spotSearchSources(entriesOf<SpotEntry>(catalog.spots), tagSlugsById, spotSearchNames(content));
  const surfers = surferSearchSources(entriesOf<SurferEntry>(catalog.surfers), surferAliases(content));
  return { spots: fresh(spots), surfers: fresh(surfers) };
}

/** Every word FlexSearch's Document indexed in one field: its word → postings map (not in its types). */
export function flexSearchWords(flexsearch: Document<SearchDocument>, field: SearchField): string[] {
  const fields = (flexsearch as unknown as { index: Map<string, { map: Map<string, unknown> }> }).index;
  return [...fields.get(field)!.map.keys()];
}
