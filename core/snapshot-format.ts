/**
 * The snapshot: the one file the build writes and the runtime loads. This type is the
 * contract between `build/` and `runtime/`; both import it, neither redefines it.
 */

import type { PackedInt32Ref, PackedJson } from "./packed.ts";
import type {
  Clip,
  EventResults,
  Image,
  LinkedSpot,
  LinkedSurfer,
  Quote,
  Spot,
  SurfEvent,
  Surfer,
  Tag,
} from "./resources.ts";
import type { PackedSearch } from "./search-index.ts";

/** The files the build writes into its output folder, side by side. */
export const SNAPSHOT_FILE = "snapshot.json";
export const OPENAPI_FILE = "openapi.json";

/** Bumped whenever the shape below changes; the runtime refuses any other. */
export const SNAPSHOT_FORMAT = 11;

/** The items' serialized forms, a file of raw bytes beside the snapshot (see packed.ts). */
export interface PiecesFile {
  /** Its name, in the snapshot's folder: named by its content, so a snapshot always finds its own. */
  file: string;
  bytes: number;
  sha256: string;
}

export function piecesFileName(sha256: string): string {
  return `snapshot-${sha256.slice(0, 16)}.pieces`;
}

export interface Snapshot {
  format: number;
  /** Hash of everything below `builtAt`: the same content always gives the same version. */
  version: string;
  /** When the build ran (ISO 8601; SOURCE_DATE_EPOCH when set, for reproducible builds). */
  builtAt: string;
  /** Identifies the search index options the indexes were built with. */
  searchOptions: string;
  mediaBaseUrl: string;
  counts: Record<string, number>;
  pieces: PiecesFile;
  spots: SpotCollection;
  surfers: SurferCollection;
  quotes: QuoteEntry[];
  clips: Clip[];
  events: EventEntry[];
  organizations: Organization[];
  social: SocialConfig;
  vocabularies: Vocabularies;
  /** Every tag's name by its slug: the labels of the tag facet. */
  tagLabels: Record<string, string>;
  understanding: Understanding;
}

/** `near <place>` in a query reads as `near` with this radius (km); the build keeps the places within it of a spot. */
export const NEAR_RADIUS_KM = 40;

/**
 * What query understanding reads (runtime/catalog/understand.ts), compiled from
 * country_groups.csv, country_names.csv, query_words.csv, i18n-iso-countries and GeoNames.
 * Every phrase is folded (foldWords in core/fold.ts) and its words joined by one space.
 */
export interface Understanding {
  /**
   * Per collection, each phrase with what it names: a query parameter and its values,
   * `season` (values: the season), `near` (the words before a place) or `filler`.
   */
  phrases: Record<"spots" | "surfers", [phrase: string, param: string, values: string[]][]>;
  /** Places a query may name after `near`: folded name, latitude, longitude. */
  places: [name: string, lat: number, lng: number][];
  /** Countries whose spots lie mostly south of the equator: where a season's months are the southern ones. */
  southern: string[];
  /**
   * Per collection, the items' names and aliases (folded) that hold a phrase: a query that
   * holds one of them reads it as the name, not as attributes.
   */
  names: Record<"spots" | "surfers", string[]>;
}

/**
 * Filters over a closed vocabulary: a value outside it is refused with the closest one.
 * The vocabulary is every value content may use (the allowed values, and tags.csv), not
 * only those some item has today.
 */
export const VOCABULARY_FILTERS = [
  "wave_type",
  "skill_level",
  "tier",
  "tag",
  "discipline",
  "era",
  "stance",
  "category",
] as const;
export type VocabularyFilter = (typeof VOCABULARY_FILTERS)[number];
export type Vocabularies = Record<VocabularyFilter, string[]>;

/**
 * How a snapshot file starts: its version and build time, then the body the version is the
 * hash of (`{` + the rest of the file). The runtime checks the hash against the body.
 */
export function snapshotHead(version: string, builtAt: string): string {
  return `{"version":${JSON.stringify(version)},"builtAt":${JSON.stringify(builtAt)},`;
}

/** The filters of each collection, named as their query parameters. */
export const SPOT_FILTERS = ["country", "region", "wave_type", "skill_level", "tag", "tier", "month"] as const;
export type SpotFilter = (typeof SPOT_FILTERS)[number];
export const SURFER_FILTERS = ["country", "discipline", "era", "tier", "stance"] as const;
export type SurferFilter = (typeof SURFER_FILTERS)[number];

/**
 * One value of a filterable field: its stored spelling, its folded key (what a query
 * value is compared with), and the positions of the items that have it, ascending
 * (packed Int32, see packed.ts).
 */
export interface FilterValue {
  value: string;
  key: string;
  positions: string;
}

/**
 * The same field turned around, for counting facets: the values of position p are the
 * ones numbered `ids[starts[p]]` to `ids[starts[p + 1] - 1]` (none, one, or several tags),
 * a value's number being its index in the field's FilterValue list (both in the pieces file).
 */
export interface FieldColumns {
  starts: PackedInt32Ref;
  ids: PackedInt32Ref;
}

/**
 * Items in their default order (tier rank, name, slug): a position is an index here.
 * Each item is serialized once, by the build, in the forms the API sends.
 */
export interface Collection<Filter extends string> {
  count: number;
  slugs: string[];
  /** Each item as lists show it (a Spot, a Surfer). */
  list: PackedJson;
  /**
   * Each item's detail answer after its first member, which is the list form under
   * `detailKey`: `{"<detailKey>":<list form>,<detail>}` (`"images":[...],"tags":[...],...`).
   */
  detail: PackedJson;
  detailKey: string;
  filters: Record<Filter, FilterValue[]>;
  columns: Record<Filter, FieldColumns>;
  search: PackedSearch;
}

export interface SpotEntry {
  spot: Spot;
  images: Image[];
  tags: Tag[];
  surfers: LinkedSurfer[];
}

export interface SurferEntry {
  surfer: Surfer;
  images: Image[];
  spots: LinkedSpot[];
}

export interface GeoExport {
  /** Item positions in the order they were added to the KDBush index (packed Int32). */
  positions: string;
  /** The finished KDBush index's ArrayBuffer, base64. */
  kdbush: string;
  /** Every spot with coordinates clustered once: the world map at each zoom. */
  clusters: WorldClusters;
}

export interface WorldClusters {
  /**
   * For each point of the geo index (by id), the lowest zoom at which its marker stands
   * alone, one byte each, base64. Clusters only merge as a map zooms out, so a marker
   * alone at one zoom is alone at every higher one.
   */
  aloneFrom: string;
  /** For each clustered zoom (0 up), the JSON of its clusters, comma-separated, without brackets. */
  byZoom: PackedJson;
}

export type SpotCollection = Collection<SpotFilter> & {
  /** Each spot's map marker (empty for a spot without coordinates). */
  markers: PackedJson;
  geo: GeoExport;
};
export type SurferCollection = Collection<SurferFilter>;

export interface QuoteEntry {
  quote: Quote;
  featured: boolean;
}

/** An event without its status, which is derived per request from `timeZone` and the clock. */
export interface EventEntry {
  event: Omit<SurfEvent, "status" | "timeZone">;
  timeZone: string;
  /** Holding-period days the organizer called on, `YYYY-MM-DD` local to the event. */
  calledOn: string[];
}

export interface Organization {
  slug: string;
  name: string;
  url: string | null;
  socialHandle: string | null;
}

export interface SocialConfig {
  username: string;
  profileUrl: string;
  scoredAccounts: string[];
}

export type { EventResults };
