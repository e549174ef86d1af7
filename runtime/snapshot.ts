/**
 * Loads the snapshot and hydrates its prebuilt indexes (the search postings unpacked and
 * KDBush.from: nothing is rebuilt), then lays out what every query reads: value sets as
 * sorted position lists, each item's filter values as columns for facet counting, and the
 * items' serialized forms as Buffers. Refuses a missing, corrupt or incompatible file with
 * one actionable sentence. The server loads with loadSnapshot, in short steps between
 * which the event loop runs; tests and tools may load in one go (loadSnapshotFile).
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import KDBush from "kdbush";
import { compareCodePoints, compareNames } from "../core/fold.ts";
import { int32At, type JsonPieces, piece, pieceValue, unpackInt32, unpackJson } from "../core/packed.ts";
import { importPostings, SEARCH_OPTIONS, withLists } from "../core/search-index.ts";
import {
  type Collection,
  type FieldColumns,
  type FilterValue,
  type GeoExport,
  type PiecesFile,
  SNAPSHOT_FORMAT,
  type Snapshot,
  type SpotFilter,
  type SurferFilter,
  snapshotHead,
} from "../core/snapshot-format.ts";
import { unitVectors } from "../core/sphere.ts";
import { addPositions, type Bits, emptyBits, isDense } from "./catalog/bits.ts";
import { allPositions, type Positions, toPositions } from "./catalog/positions.ts";
import { type LoadedSearch, loadSearch } from "./catalog/search.ts";
import { indexVocabulary, type VocabularyIndex } from "./catalog/vocabulary.ts";
import { type PiecesReadResult, readPieces } from "./pieces-reader.ts";

export class SnapshotError extends Error {}

/** One filterable field, laid out for selection (value → positions) and counting (position → values). */
export interface FieldIndex {
  /** The field's values; a value's index here is its id. A value held by 1 item in 32 or more is also a bitset. */
  values: { value: string; key: string; positions: Positions; bits: Bits | null }[];
  /** Value id by folded key (what a query value is compared with). */
  idByKey: Map<string, number>;
  /** The value ids of position p are `ids[starts[p]]` to `ids[starts[p + 1] - 1]` (none, one, or several tags). */
  starts: Int32Array;
  ids: Int32Array;
  /** Every item has exactly one value (a country, a wave type): position p's is `ids[p]`. */
  oneEach: boolean;
  /** Each value id's place in facet order among equal counts: accent-insensitive name, then code points. */
  nameRank: Int32Array;
}

export interface LoadedCollection<Filter extends string> {
  /** Names the collection in memo keys. */
  name: string;
  size: number;
  slugs: string[];
  positionBySlug: Map<string, number>;
  /** Each item's list form and the rest of its detail, as the build serialized them. */
  list: JsonPieces;
  detail: JsonPieces;
  detailKey: string;
  fields: Record<Filter, FieldIndex>;
  search: LoadedSearch;
  /** 0, 1, ... n-1: the answer to a request without constraints (shared: never mutate it). */
  all: Positions;
}

export interface Catalog {
  snapshot: Snapshot;
  spots: LoadedCollection<SpotFilter> & {
    /** Each spot's map marker (empty for a spot without coordinates). */
    markers: JsonPieces;
  } & LoadedGeo;
  surfers: LoadedCollection<SurferFilter>;
}

const REBUILD = "run `npm run build` to rebuild it";

/**
 * Loads a snapshot while the event loop keeps running: the files are read on other threads
 * (the pieces file hashed there too: pieces-reader.ts), and the catalog is laid out in
 * short steps with a turn of the event loop after each. A server that reloads keeps
 * answering from its old catalog meanwhile.
 */
export async function loadSnapshot(file: string): Promise<Catalog> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  const folder = path.dirname(file);
  // The pieces file is read while the snapshot is parsed and laid out: neither needs the other.
  const early = piecesNamedAtTheHead(bytes);
  const earlyReading = early && readPieces(piecesPath(early, folder));
  await nextTurn();
  const text = decode(bytes);
  await nextTurn();
  const snapshot = parseSnapshot(text, file);
  await nextTurn();
  checkVersion(snapshot, bytes, file);
  const reading =
    early && earlyReading && samePieces(early, snapshot.pieces)
      ? earlyReading
      : readPieces(piecesPath(snapshot.pieces, folder));
  const fromJson = await turnByTurn(refusingDamage(file, layOutFromJson(snapshot)));
  const pieces = checkedPieces(snapshot.pieces, folder, await reading);
  return turnByTurn(refusingDamage(file, layOutWithPieces(snapshot, fromJson, pieces)));
}

/** Loads a snapshot in one go, holding the thread until done: for tests and tools (the server awaits loadSnapshot). */
export function loadSnapshotFile(file: string): Catalog {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  const snapshot = parseSnapshot(decode(bytes), file);
  checkVersion(snapshot, bytes, file);
  const folder = path.dirname(file);
  return hydrate(snapshot, () => checkedPieces(snapshot.pieces, folder, readPiecesHere(snapshot.pieces, folder)), file);
}

/**
 * The catalog from a parsed snapshot and its pieces file's bytes, in one go. `takePieces`
 * is called once the indexes that need only the JSON are laid out.
 */
export function hydrate(snapshot: Snapshot, takePieces: () => Buffer, file = "snapshot"): Catalog {
  checkFormat(snapshot, file);
  const fromJson = allAtOnce(refusingDamage(file, layOutFromJson(snapshot)));
  return allAtOnce(refusingDamage(file, layOutWithPieces(snapshot, fromJson, takePieces())));
}

/** Lets the event loop run (requests, timers) before the next step of a load. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs the steps of a layout straight through. */
function allAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps of a layout with a turn of the event loop after each. */
async function turnByTurn<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** The steps of a layout, an error among them refused as a damaged snapshot (a SnapshotError passes as it is). */
function* refusingDamage<T>(file: string, steps: Generator<void, T>): Generator<void, T> {
  try {
    return yield* steps;
  } catch (error) {
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`snapshot ${file} is damaged (${(error as Error).message}); ${REBUILD}`);
  }
}

/** Why the snapshot file could not be read, and what to do. */
function unreadable(file: string, error: unknown): SnapshotError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") {
    return new SnapshotError(`snapshot ${file} does not exist; run \`npm run build\` first (or set SNAPSHOT_PATH)`);
  }
  return new SnapshotError(`snapshot ${file} cannot be read (${code ?? "error"}); check its permissions or ${REBUILD}`);
}

/** The snapshot parsed from its file's text, once its format is checked (its version is checked apart). */
function parseSnapshot(text: string, file: string): Snapshot {
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(text) as Snapshot;
  } catch {
    throw new SnapshotError(`snapshot ${file} is not valid JSON (truncated or corrupt); ${REBUILD}`);
  }
  checkFormat(snapshot, file);
  return snapshot;
}

/**
 * The pieces file as the snapshot's first lines name it (the build writes it before the
 * collections), so that its reading can start before the parse; null if it is not there.
 * Only a head start: the parsed snapshot must name the very same file, or it is read again.
 */
function piecesNamedAtTheHead(bytes: Buffer): PiecesFile | null {
  const head = bytes.subarray(0, 2048).toString("latin1");
  const named = /"pieces":(\{"file":"[\w.-]+","bytes":\d+,"sha256":"[0-9a-f]{64}"\})/.exec(head);
  return named ? (JSON.parse(named[1]) as PiecesFile) : null;
}

/** Where a snapshot's pieces file is: in its folder, whatever path the name might carry. */
function piecesPath(pieces: PiecesFile, folder: string): string {
  return path.join(folder, path.basename(pieces.file));
}

function samePieces(a: PiecesFile, b: PiecesFile): boolean {
  return a.file === b.file && a.bytes === b.bytes && a.sha256 === b.sha256;
}

/**
 * The version is the hash of the body the build wrote: a file edited by hand, or put
 * together from two builds, is refused rather than served under a version it is not.
 * (Hashed from the bytes: the same text, without a copy of it.)
 */
function checkVersion(snapshot: Snapshot, bytes: Buffer, file: string): void {
  const head = Buffer.from(snapshotHead(snapshot.version, snapshot.builtAt), "latin1");
  const matchesHead = bytes.length >= head.length && bytes.subarray(0, head.length).equals(head);
  const hash = matchesHead
    ? createHash("sha256").update("{").update(bytes.subarray(head.length)).digest("hex").slice(0, 16)
    : null;
  if (hash !== snapshot.version) {
    throw new SnapshotError(`snapshot ${file} does not match its version ${snapshot.version} (edited?); ${REBUILD}`);
  }
}

/** The pieces file a snapshot names, read and hashed on this thread (or why it could not be read). */
function readPiecesHere(pieces: PiecesFile, folder: string): PiecesReadResult {
  try {
    const bytes = readFileSync(piecesPath(pieces, folder));
    return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? "error" };
  }
}

/** The pieces file's bytes once checked against the snapshot's size and hash (a torn or foreign file is refused). */
function checkedPieces(pieces: PiecesFile, folder: string, read: PiecesReadResult): Buffer {
  const file = piecesPath(pieces, folder);
  if ("code" in read) {
    throw new SnapshotError(`the snapshot's pieces file ${file} cannot be read (${read.code}); ${REBUILD}`);
  }
  if (read.bytes.length !== pieces.bytes || read.sha256 !== pieces.sha256) {
    throw new SnapshotError(`the snapshot's pieces file ${file} does not match the snapshot; ${REBUILD}`);
  }
  return read.bytes;
}

/**
 * The build writes pure ASCII (non-ASCII characters escaped as \uXXXX), which decodes
 * several times faster than UTF-8 at catalog sizes; anything else decodes as UTF-8.
 */
function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

function checkFormat(snapshot: Snapshot, file: string): void {
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
}

/** What of the catalog the snapshot's JSON holds alone, laid out before the pieces file is needed. */
interface FromJson {
  spots: ReturnType<typeof loadCollection<SpotFilter>>;
  geo: ReturnType<typeof loadGeo>;
  surfers: ReturnType<typeof loadCollection<SurferFilter>>;
  spotWords: VocabularyIndex;
  surferWords: VocabularyIndex;
}

/** The indexes that need only the JSON (slugs, geo, the search vocabularies' tries), a step each. */
function* layOutFromJson(snapshot: Snapshot): Generator<void, FromJson> {
  const spots = loadCollection<SpotFilter>("spots", snapshot.spots);
  yield;
  const geo = loadGeo(snapshot.spots.geo, snapshot.spots.count);
  yield;
  const surfers = loadCollection<SurferFilter>("surfers", snapshot.surfers);
  yield;
  const spotWords = indexVocabulary(snapshot.spots.search.vocabulary);
  yield;
  const surferWords = indexVocabulary(snapshot.surfers.search.vocabulary);
  yield;
  return { spots, geo, surfers, spotWords, surferWords };
}

/** The rest of the catalog, over the pieces file's bytes, in steps; checked whole before it is returned. */
function* layOutWithPieces(snapshot: Snapshot, fromJson: FromJson, pieces: Buffer): Generator<void, Catalog> {
  const { spots, geo, surfers, spotWords, surferWords } = fromJson;
  const spotPieces = yield* piecesOf(snapshot.spots, pieces, spotWords);
  const surferPieces = yield* piecesOf(snapshot.surfers, pieces, surferWords);
  const catalog: Catalog = {
    snapshot,
    spots: {
      ...spots,
      ...spotPieces,
      markers: unpackJson(snapshot.spots.markers, pieces),
      ...geo,
      worldClusters: unpackJson(snapshot.spots.geo.clusters.byZoom, pieces),
    },
    surfers: { ...surfers, ...surferPieces },
  };
  checkCounts(catalog);
  // Everything now lives in Buffers, KDBush and typed arrays; the packed copies can go.
  releasePacked(snapshot);
  return catalog;
}

/** Every collection holds as many items as the snapshot's counts say (a torn or spliced file does not). */
function checkCounts({ snapshot, spots, surfers }: Catalog): void {
  const held: Record<string, number> = {
    spots: spots.list.ends.length,
    surfers: surfers.list.ends.length,
    quotes: snapshot.quotes.length,
    clips: snapshot.clips.length,
    events: snapshot.events.length,
    organizations: snapshot.organizations.length,
  };
  for (const [name, count] of Object.entries(held)) {
    if (snapshot.counts[name] !== count)
      throw new Error(`it holds ${count} ${name} but counts ${snapshot.counts[name]}`);
  }
  for (const collection of [spots, surfers]) {
    if (collection.size !== snapshot.counts[collection.name] || collection.detail.ends.length !== collection.size) {
      throw new Error(`its ${collection.name} do not add up to ${snapshot.counts[collection.name]}`);
    }
  }
}

function releasePacked(snapshot: Snapshot): void {
  const none = { offset: 0, ends: "" };
  for (const collection of [snapshot.spots, snapshot.surfers]) {
    for (const postings of Object.values(collection.search.fields)) postings.words = [];
    collection.list = none;
    collection.detail = none;
    for (const values of Object.values<FilterValue[]>(collection.filters)) {
      for (const value of values) value.positions = "";
    }
  }
  snapshot.spots.markers = none;
  snapshot.spots.geo = { positions: "", kdbush: "", clusters: { aloneFrom: "", byZoom: none } };
}

/** A collection's indexes that the JSON holds alone (see piecesOf for the rest). */
function loadCollection<Filter extends string>(
  name: string,
  collection: Collection<Filter>,
): Omit<LoadedCollection<Filter>, "list" | "detail" | "fields" | "search"> {
  const size = collection.count;
  if (collection.slugs.length !== size) throw new Error(`${name}: the slugs do not match their count ${size}`);
  return {
    name,
    size,
    slugs: collection.slugs,
    positionBySlug: indexOf(collection.slugs),
    detailKey: collection.detailKey,
    all: allPositions(size),
  };
}

/** What of a collection the pieces file holds: its items' serialized forms, its fields' columns, its postings. */
function* piecesOf<Filter extends string>(
  collection: Collection<Filter>,
  pieces: Buffer,
  vocabulary: VocabularyIndex,
): Generator<void, Pick<LoadedCollection<Filter>, "list" | "detail" | "fields" | "search">> {
  const list = unpackJson(collection.list, pieces);
  const detail = unpackJson(collection.detail, pieces);
  if (list.ends.length !== collection.count || detail.ends.length !== collection.count) {
    throw new Error(`its items do not match their count ${collection.count}`);
  }
  yield;
  const fields = {} as Record<Filter, FieldIndex>;
  for (const [field, values] of Object.entries(collection.filters) as [Filter, FilterValue[]][]) {
    fields[field] = indexField(field, values, collection.columns[field], collection.count, pieces);
    yield;
  }
  // The postings' lists are views of the pieces file's bytes.
  const postings = importPostings(
    withLists(collection.search, (list) => int32At(pieces, list)),
    collection.count,
  );
  yield;
  return { list, detail, fields, search: loadSearch(postings, vocabulary) };
}

/** Each slug's position (a plain loop: 100k entries without a pair array each). */
function indexOf(slugs: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let position = 0; position < slugs.length; position++) positions.set(slugs[position], position);
  return positions;
}

/** An item as a value, parsed from its serialized forms (for tests and tools; answers copy the bytes). */
export function entryAt<Entry>(collection: LoadedCollection<string>, position: number): Entry {
  const first = pieceValue<unknown>(collection.list, position);
  const rest = JSON.parse(`{${piece(collection.detail, position).toString("utf8")}}`) as object;
  return { [collection.detailKey]: first, ...rest } as Entry;
}

/** A field's values as sets (positions, and bitsets for common ones) and as columns (what facets count). */
function indexField(
  field: string,
  filterValues: FilterValue[],
  columns: FieldColumns,
  size: number,
  pieces: Buffer,
): FieldIndex {
  const values = filterValues.map(({ value, key, positions }) => {
    const list = unpackInt32(positions);
    const bits = isDense(list.length, size) ? addPositions(emptyBits(size), list) : null;
    return { value, key, positions: list, bits };
  });
  const starts = int32At(pieces, columns.starts);
  const ids = int32At(pieces, columns.ids);
  if (starts.length !== size + 1 || starts[size] !== ids.length)
    throw new Error(`the columns of ${field} do not add up`);
  const byName = values
    .map((_value, id) => id)
    .sort(
      (a, b) => compareNames(values[a].value, values[b].value) || compareCodePoints(values[a].value, values[b].value),
    );
  const nameRank = new Int32Array(values.length);
  byName.forEach((id, rank) => {
    nameRank[id] = rank;
  });
  const idByKey = new Map(values.map(({ key }, id) => [key, id]));
  return { values, idByKey, starts, ids, oneEach: hasOneEach(starts), nameRank };
}

function hasOneEach(starts: Int32Array): boolean {
  for (let p = 0; p < starts.length; p++) if (starts[p] !== p) return false;
  return true;
}

/** A box in degrees (the same shape as a query's bounding box). */
interface Extent {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** The geo index, and what the build clustered of it. */
export interface LoadedGeo {
  geo: KDBush;
  /** The position of each point of the geo index, by the point's id. */
  geoPositions: Positions;
  /** The positions of every spot with coordinates, sorted. */
  geoSorted: Positions;
  /** The geo index id of each position, -1 for a spot without coordinates. */
  geoIdByPosition: Int32Array;
  /** Each point's longitude and latitude by its id (KDBush keeps its own copy in tree order). */
  geoCoords: Float64Array;
  /** Each point's unit vector (x, y, z) by its id: nearest first measures chords with them. */
  geoUnit: Float64Array;
  /** The smallest box around every point (null without any). */
  geoExtent: Extent | null;
  /** For each geo index id, the lowest zoom at which the spot's marker stands alone. */
  aloneFrom: Uint8Array;
  /** For each clustered zoom, the world's clusters as JSON array items. */
  worldClusters: JsonPieces;
}

function loadGeo(geo: GeoExport, size: number): Omit<LoadedGeo, "worldClusters"> {
  const bytes = Buffer.from(geo.kdbush, "base64");
  // Small Buffers share a pooled ArrayBuffer: KDBush needs exactly its own bytes.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const geoPositions = unpackInt32(geo.positions);
  const geoIdByPosition = new Int32Array(size).fill(-1);
  geoPositions.forEach((position, id) => {
    geoIdByPosition[position] = id;
  });
  const index = KDBush.from(buffer);
  const geoCoords = new Float64Array(index.coords.length);
  for (let i = 0; i < index.numItems; i++) {
    geoCoords[2 * index.ids[i]] = index.coords[2 * i];
    geoCoords[2 * index.ids[i] + 1] = index.coords[2 * i + 1];
  }
  let geoExtent: Extent | null = null;
  for (let id = 0; id < geoPositions.length; id++) {
    const [lng, lat] = [geoCoords[2 * id], geoCoords[2 * id + 1]];
    geoExtent ??= { minLat: lat, minLng: lng, maxLat: lat, maxLng: lng };
    geoExtent.minLat = Math.min(geoExtent.minLat, lat);
    geoExtent.maxLat = Math.max(geoExtent.maxLat, lat);
    geoExtent.minLng = Math.min(geoExtent.minLng, lng);
    geoExtent.maxLng = Math.max(geoExtent.maxLng, lng);
  }
  const aloneFrom = new Uint8Array(Buffer.from(geo.clusters.aloneFrom, "base64"));
  if (aloneFrom.length !== geoPositions.length) throw new Error("the world clusters do not match the geo index");
  return {
    geo: index,
    geoPositions,
    geoSorted: toPositions(geoPositions),
    geoIdByPosition,
    geoCoords,
    geoUnit: unitVectors(geoCoords),
    geoExtent,
    aloneFrom,
  };
}
