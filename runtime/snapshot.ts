/**
 * Loads the snapshot once and hydrates its prebuilt indexes (FlexSearch import and
 * KDBush.from: nothing is rebuilt). Refuses a missing, corrupt or incompatible file
 * with one actionable sentence.
 */
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import KDBush from "kdbush";
import type { SpotMarker } from "../core/resources.ts";
import { importSearchIndex, SEARCH_OPTIONS, type SearchIndex } from "../core/search-index.ts";
import {
  type Collection,
  type FilterValue,
  SNAPSHOT_FORMAT,
  type Snapshot,
  type SpotEntry,
  type SpotFilter,
  type SurferEntry,
  type SurferFilter,
} from "../core/snapshot-format.ts";

export class SnapshotError extends Error {}

export interface LoadedCollection<Entry, Filter extends string> {
  items: Entry[];
  /** Per filter, its values by folded key. */
  filters: Record<Filter, Map<string, FilterValue>>;
  search: SearchIndex;
  positionBySlug: Map<string, number>;
  /** 0, 1, ... n-1: the answer to a request without filters (shared: never mutate it). */
  allPositions: number[];
}

export interface Catalog {
  snapshot: Snapshot;
  spots: LoadedCollection<SpotEntry, SpotFilter> & {
    geo: KDBush;
    geoPositions: number[];
    /** Map markers by position, made on first use (they share the spot's strings). */
    markers: (SpotMarker | undefined)[];
  };
  surfers: LoadedCollection<SurferEntry, SurferFilter>;
}

const REBUILD = "run `npm run build` to rebuild it";

export function loadSnapshotFile(file: string): Catalog {
  let text: string;
  try {
    text = decode(readFileSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new SnapshotError(`snapshot ${file} does not exist; run \`npm run build\` first (or set SNAPSHOT_PATH)`);
    throw new SnapshotError(
      `snapshot ${file} cannot be read (${code ?? "error"}); check its permissions or ${REBUILD}`,
    );
  }
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(text) as Snapshot;
  } catch {
    throw new SnapshotError(`snapshot ${file} is not valid JSON (truncated or corrupt); ${REBUILD}`);
  }
  return hydrate(snapshot, file);
}

/**
 * The build writes pure ASCII (non-ASCII characters escaped as \uXXXX), which decodes
 * several times faster than UTF-8 at catalog sizes; anything else decodes as UTF-8.
 */
function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

export function hydrate(snapshot: Snapshot, file = "snapshot"): Catalog {
  if (snapshot === null || typeof snapshot !== "object" || snapshot.format !== SNAPSHOT_FORMAT) {
    const format = (snapshot as { format?: unknown } | null)?.format;
    throw new SnapshotError(
      `snapshot ${file} has format ${String(format)} but this server reads format ${SNAPSHOT_FORMAT}; ${REBUILD}`,
    );
  }
  if (snapshot.searchOptions !== SEARCH_OPTIONS) {
    throw new SnapshotError(
      `snapshot ${file} was built with other search options (${snapshot.searchOptions}); ${REBUILD}`,
    );
  }
  try {
    const catalog: Catalog = {
      snapshot,
      spots: { ...loadCollection(snapshot.spots, (entry) => entry.spot.slug), ...loadGeo(snapshot), markers: [] },
      surfers: loadCollection(snapshot.surfers, (entry) => entry.surfer.slug),
    };
    // The indexes now live in FlexSearch and KDBush; their exported copies can go.
    releaseExports(snapshot);
    return catalog;
  } catch (error) {
    throw new SnapshotError(`snapshot ${file} is damaged (${(error as Error).message}); ${REBUILD}`);
  }
}

function releaseExports(snapshot: Snapshot): void {
  for (const collection of [snapshot.spots, snapshot.surfers])
    collection.search = { exact: {}, prefix: {}, vocabulary: collection.search.vocabulary };
  snapshot.spots.geo = { positions: [], kdbush: "" };
}

function loadCollection<Entry, Filter extends string>(
  collection: Collection<Entry, Filter>,
  slugOf: (entry: Entry) => string,
): LoadedCollection<Entry, Filter> {
  const filters = {} as Record<Filter, Map<string, FilterValue>>;
  for (const [name, values] of Object.entries(collection.filters) as [Filter, FilterValue[]][]) {
    filters[name] = new Map(values.map((value) => [value.key, value]));
  }
  return {
    items: collection.items,
    filters,
    search: importSearchIndex(collection.search, collection.items.length),
    positionBySlug: new Map(collection.items.map((entry, position) => [slugOf(entry), position])),
    allPositions: collection.items.map((_entry, position) => position),
  };
}

function loadGeo(snapshot: Snapshot): { geo: KDBush; geoPositions: number[] } {
  const bytes = Buffer.from(snapshot.spots.geo.kdbush, "base64");
  // Small Buffers share a pooled ArrayBuffer: KDBush needs exactly its own bytes.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { geo: KDBush.from(buffer), geoPositions: snapshot.spots.geo.positions };
}
