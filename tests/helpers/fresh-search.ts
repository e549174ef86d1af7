/**
 * FlexSearch indexes built now from the bundled content's search documents, the way the
 * build builds them: what the snapshot's postings are checked against.
 */
import { spotSearchDocuments, spotSearchNames } from "../../build/compile/spots.ts";
import { surferAliases, surferSearchDocuments } from "../../build/compile/surfers.ts";
import { checkContentDir } from "../../build/pipeline.ts";
import { buildSearchIndex, type SearchDocument, type SearchIndex } from "../../core/search-index.ts";
import type { SpotEntry, SurferEntry } from "../../core/snapshot-format.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { entriesOf } from "./app.ts";

export interface FreshSearch {
  spots: { docs: SearchDocument[]; index: SearchIndex };
  surfers: { docs: SearchDocument[]; index: SearchIndex };
}

/** `catalog` must be the snapshot built from content/ (its entries give the documents' order). */
export function freshSearch(catalog: Catalog): FreshSearch {
  const { content } = checkContentDir("content");
  const tagSlugsById = new Map(content.tags.map(({ record }) => [record.id, record.slug]));
  const spots = spotSearchDocuments(entriesOf<SpotEntry>(catalog.spots), tagSlugsById, spotSearchNames(content));
  const surfers = surferSearchDocuments(entriesOf<SurferEntry>(catalog.surfers), surferAliases(content));
  return {
    spots: { docs: spots, index: buildSearchIndex(spots) },
    surfers: { docs: surfers, index: buildSearchIndex(surfers) },
  };
}
