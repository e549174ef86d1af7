/**
 * Loads the snapshot once and hydrates its prebuilt indexes (FlexSearch import and
 * KDBush.from: nothing is rebuilt), then lays out what every query reads: value sets as
 * sorted position lists, each item's filter values as columns for facet counting, and the
 * map markers. Refuses a missing, corrupt or incompatible file with one actionable sentence.
 */
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import KDBush from "kdbush";
import { compareCodePoints, compareNames } from "../core/fold.ts";
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
import { allPositions, type Positions } from "./catalog/positions.ts";

export class SnapshotError extends Error {}

/** One filterable field, laid out for selection (value → positions) and counting (position → values). */
export interface FieldIndex {
  /** The field's values; a value's index here is its id. */
  values: { value: string; key: string; positions: Positions }[];
  /** Value id by folded key (what a query value is compared with). */
  idByKey: Map<string, number>;
  /** The value ids of position p are `ids[starts[p]]` to `ids[starts[p + 1] - 1]` (none, one, or several tags). */
  starts: Int32Array;
  ids: Int32Array;
  /** Each value id's place in facet order among equal counts: accent-insensitive name, then code points. */
  nameRank: Int32Array;
}

export interface LoadedCollection<Entry, Filter extends string> {
  /** Names the collection in memo keys. */
  name: string;
  items: Entry[];
  fields: Record<Filter, FieldIndex>;
  search: SearchIndex;
  positionBySlug: Map<string, number>;
  /** 0, 1, ... n-1: the answer to a request without constraints (shared: never mutate it). */
  all: Positions;
}

export interface Catalog {
  snapshot: Snapshot;
  spots: LoadedCollection<SpotEntry, SpotFilter> & {
    geo: KDBush;
    /** The position of each point of the geo index, by the point's id. */
    geoPositions: Positions;
    /** Map markers by position (undefined for spots without coordinates), made once at load. */
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
    if (code === "ENOENT") {
      throw new SnapshotError(`snapshot ${file} does not exist; run \`npm run build\` first (or set SNAPSHOT_PATH)`);
    }
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
    const spots = loadCollection("spots", snapshot.spots, (entry) => entry.spot.slug);
    const catalog: Catalog = {
      snapshot,
      spots: { ...spots, ...loadGeo(snapshot), markers: spots.items.map(markerOf) },
      surfers: loadCollection("surfers", snapshot.surfers, (entry) => entry.surfer.slug),
    };
    // The indexes now live in FlexSearch, KDBush and typed arrays; their exported copies can go.
    releaseExports(snapshot);
    return catalog;
  } catch (error) {
    throw new SnapshotError(`snapshot ${file} is damaged (${(error as Error).message}); ${REBUILD}`);
  }
}

function releaseExports(snapshot: Snapshot): void {
  for (const collection of [snapshot.spots, snapshot.surfers]) {
    collection.search = { exact: {}, prefix: {}, vocabulary: collection.search.vocabulary };
    for (const values of Object.values<FilterValue[]>(collection.filters))
      for (const value of values) value.positions = [];
  }
  snapshot.spots.geo = { positions: [], kdbush: "" };
}

function loadCollection<Entry, Filter extends string>(
  name: string,
  collection: Collection<Entry, Filter>,
  slugOf: (entry: Entry) => string,
): LoadedCollection<Entry, Filter> {
  const size = collection.items.length;
  const fields = {} as Record<Filter, FieldIndex>;
  for (const [field, values] of Object.entries(collection.filters) as [Filter, FilterValue[]][]) {
    fields[field] = indexField(values, size);
  }
  return {
    name,
    items: collection.items,
    fields,
    search: importSearchIndex(collection.search, size),
    positionBySlug: new Map(collection.items.map((entry, position) => [slugOf(entry), position])),
    all: allPositions(size),
  };
}

/** Turns the build's value → positions table around into per-position value lists (compressed rows). */
function indexField(filterValues: FilterValue[], size: number): FieldIndex {
  const values = filterValues.map(({ value, key, positions }) => ({
    value,
    key,
    positions: Int32Array.from(positions),
  }));
  const starts = new Int32Array(size + 1);
  for (const { positions } of values) for (const position of positions) starts[position + 1]++;
  for (let position = 0; position < size; position++) starts[position + 1] += starts[position];
  const ids = new Int32Array(starts[size]);
  const filled = starts.slice(0, size);
  values.forEach(({ positions }, id) => {
    for (const position of positions) ids[filled[position]++] = id;
  });
  const byName = values
    .map((_value, id) => id)
    .sort(
      (a, b) => compareNames(values[a].value, values[b].value) || compareCodePoints(values[a].value, values[b].value),
    );
  const nameRank = new Int32Array(values.length);
  byName.forEach((id, rank) => {
    nameRank[id] = rank;
  });
  return { values, idByKey: new Map(values.map(({ key }, id) => [key, id])), starts, ids, nameRank };
}

function loadGeo(snapshot: Snapshot): { geo: KDBush; geoPositions: Positions } {
  const bytes = Buffer.from(snapshot.spots.geo.kdbush, "base64");
  // Small Buffers share a pooled ArrayBuffer: KDBush needs exactly its own bytes.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { geo: KDBush.from(buffer), geoPositions: Int32Array.from(snapshot.spots.geo.positions) };
}

function markerOf({ spot }: SpotEntry): SpotMarker | undefined {
  if (spot.latitude === null || spot.longitude === null) return undefined;
  return {
    slug: spot.slug,
    name: spot.name,
    lat: spot.latitude,
    lng: spot.longitude,
    summary: spot.summary,
    hero_image: spot.hero_image,
    hero_qa_tier: spot.hero_qa_tier,
  };
}
