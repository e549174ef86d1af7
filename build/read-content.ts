/**
 * Reads every file of a content folder into typed records that remember their place.
 * Field-level problems (types, closed sets, required values, unknown columns) are
 * reported here; relations between records are checked in check-content.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { didYouMean } from "../core/suggest.ts";
import * as schema from "./content-schema.ts";
import type { RecordOf, Schema } from "./fields.ts";
import { parseRecord } from "./parse-record.ts";
import type { Place, Problems } from "./problems.ts";
import { csvTable, type ParsedCsv, parseCsv } from "./read-csv.ts";
import { expectList, readYaml, type YamlPath } from "./read-yaml.ts";

export interface Located<T> {
  record: T;
  place: Place;
  /** The place of one field of the record (its line in YAML; the row in CSV). Call it as a method. */
  placeOf(field: string | YamlPath): Place;
}

/**
 * A CSV record: every field is on its row. A method, not a closure per record: a closure
 * named by the build's TypeScript loader carries its own property table, which at catalog
 * scale (hundreds of thousands of rows) is much of the build's memory.
 */
class CsvLocated<T> implements Located<T> {
  constructor(
    readonly record: T,
    readonly place: Place,
  ) {}

  placeOf(): Place {
    return this.place;
  }
}

export type EventRecord = RecordOf<typeof schema.eventSchema> & {
  called_on: string[];
  results: {
    men: Located<RecordOf<typeof schema.podiumSchema>>[];
    women: Located<RecordOf<typeof schema.podiumSchema>>[];
  } | null;
};

export interface Content {
  spots: Located<RecordOf<typeof schema.spotSchema>>[];
  tags: Located<RecordOf<typeof schema.tagSchema>>[];
  areas: Located<RecordOf<typeof schema.areaSchema>>[];
  countryGroups: Located<RecordOf<typeof schema.countryGroupSchema>>[];
  countryNames: Located<RecordOf<typeof schema.countryNameSchema>>[];
  places: Located<RecordOf<typeof schema.placeSchema>>[];
  queryWords: Located<RecordOf<typeof schema.queryWordSchema>>[];
  spotImages: Located<RecordOf<typeof schema.spotImageSchema>>[];
  surfers: Located<RecordOf<typeof schema.surferSchema>>[];
  surferImages: Located<RecordOf<typeof schema.surferImageSchema>>[];
  spotSurfers: Located<RecordOf<typeof schema.spotSurferSchema>>[];
  quotes: Located<RecordOf<typeof schema.quoteSchema>>[];
  clips: Located<RecordOf<typeof schema.clipSchema>>[];
  organizations: Located<RecordOf<typeof schema.organizationSchema>>[];
  events: Located<EventRecord>[];
  social: { account: RecordOf<typeof schema.socialAccountSchema>; scoredAccounts: string[] } | undefined;
  /** Each file's display name, for messages that point at another file. */
  files: Record<FileKey, string>;
  /**
   * The values of each referenced column (REFERENCED_COLUMNS) in every row of its file
   * that could be read, valid or not, so a reference to a row with a bad field is not
   * reported a second time as unknown. A file that could not be read at all has no entry:
   * references to it go unchecked.
   */
  referable: Partial<Record<FileKey, Record<string, Set<string>>>>;
}

/** The columns other files refer to: only their values are kept for the reference checks. */
const REFERENCED_COLUMNS: Partial<Record<FileKey, string[]>> = {
  spots: ["slug"],
  tags: ["slug"],
  surfers: ["slug"],
  organizations: ["slug"],
  spotImages: ["spot"],
  surferImages: ["surfer"],
};

export type FileKey = keyof typeof FILES;

export const FILES = {
  spots: "spots.csv",
  tags: "tags.csv",
  areas: "areas.csv",
  countryGroups: "country_groups.csv",
  countryNames: "country_names.csv",
  places: "places.csv",
  queryWords: "query_words.csv",
  spotImages: "spot_images.csv",
  surfers: "surfers.csv",
  surferImages: "surfer_images.csv",
  spotSurfers: "spot_surfers.csv",
  quotes: "quotes.csv",
  clips: "clips.csv",
  organizations: "organizations.yaml",
  events: "events.yaml",
  social: "social.yaml",
} as const;

/** `dir` is the content folder; messages name files relative to the working directory. */
export function readContent(dir: string, problems: Problems): Content {
  const files = Object.fromEntries(
    Object.entries(FILES).map(([key, name]) => [key, path.relative(process.cwd(), path.join(dir, name)) || name]),
  ) as Content["files"];
  const referable: Content["referable"] = {};
  const keep = (key: FileKey) => (rows: Record<string, string>[]) => {
    referable[key] = Object.fromEntries(
      (REFERENCED_COLUMNS[key] ?? []).map((column) => [column, new Set(rows.map((row) => row[column] ?? ""))]),
    );
  };
  const load = (key: FileKey): string | undefined => {
    const file = path.join(dir, FILES[key]);
    if (existsSync(file)) return readFileSync(file, "utf8");
    problems.add({ file: files[key], line: 1 }, "the file is missing");
    return undefined;
  };
  const csv = <S extends Schema>(key: FileKey, shape: S) =>
    readCsvRecords(parsedText(load(key)), files[key], shape, problems, keep(key));
  return {
    spots: csv("spots", schema.spotSchema),
    tags: csv("tags", schema.tagSchema),
    areas: csv("areas", schema.areaSchema),
    countryGroups: csv("countryGroups", schema.countryGroupSchema),
    countryNames: csv("countryNames", schema.countryNameSchema),
    places: csv("places", schema.placeSchema),
    queryWords: csv("queryWords", schema.queryWordSchema),
    spotImages: csv("spotImages", schema.spotImageSchema),
    surfers: csv("surfers", schema.surferSchema),
    surferImages: csv("surferImages", schema.surferImageSchema),
    spotSurfers: csv("spotSurfers", schema.spotSurferSchema),
    quotes: csv("quotes", schema.quoteSchema),
    clips: csv("clips", schema.clipSchema),
    organizations: readYamlRecords(
      load("organizations"),
      files.organizations,
      schema.organizationSchema,
      problems,
      keep("organizations"),
    ),
    events: readEvents(load("events"), files.events, problems),
    social: readSocial(load("social"), files.social, problems),
    files,
    referable,
  };
}

type RawRowsSink = (rows: Record<string, string>[]) => void;

/** A missing file (already reported) has no records. */
function parsedText(text: string | undefined): ParsedCsv | undefined {
  return text === undefined ? undefined : parseCsv(text);
}

function readCsvRecords<S extends Schema>(
  parsed: ParsedCsv | undefined,
  file: string,
  shape: S,
  problems: Problems,
  sink: RawRowsSink,
): Located<RecordOf<S>>[] {
  if (parsed === undefined) return [];
  const table = csvTable(parsed, file, problems);
  if (table.header.length === 0 || !headerMatches(table.header, shape, { file, line: 1 }, problems)) return [];
  // A row that could not be read may hold any slug: references to this file go unchecked.
  if (table.complete) sink(table.rows.map((row) => row.cells));
  const records: Located<RecordOf<S>>[] = [];
  for (const { cells, place } of table.rows) {
    const record = parseRecord(shape, cells, () => place, problems);
    if (record) records.push(new CsvLocated(record, place));
  }
  return records;
}

/**
 * Unknown and missing columns. A file with a missing column is not read further:
 * every row would repeat the same complaint.
 */
function headerMatches(header: string[], shape: Schema, place: Place, problems: Problems): boolean {
  const declared = Object.keys(shape);
  const missing = declared.filter((name) => !header.includes(name));
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) problems.add(place, `column '${name}' appears twice`);
    seen.add(name);
    if (!declared.includes(name))
      problems.add(place, `unknown column '${name}'${didYouMean(name, missing.length ? missing : declared)}`);
  }
  for (const name of missing) problems.add(place, `missing column '${name}'`);
  return missing.length === 0;
}

/** YAML values become the text a CSV cell would hold, so one set of parsers serves both. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // A YAML list of plain values reads like a CSV list cell (`a;b`), so one parser serves both.
  if (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number")) {
    return value.map((item) => String(item).trim()).join(";");
  }
  return JSON.stringify(value);
}

function readYamlItems(
  text: string | undefined,
  file: string,
  allowed: string[],
  problems: Problems,
  sink?: RawRowsSink,
): { item: Record<string, unknown>; place: Place; placeOf: (path: string | YamlPath) => Place }[] {
  if (text === undefined) return [];
  const yaml = readYaml(text, file, problems);
  if (yaml.data === undefined) return [];
  const list = expectList(yaml, problems);
  sink?.(list.map((item) => (item && typeof item === "object" ? textValues(item as Record<string, unknown>) : {})));
  const items = [];
  for (const [index, item] of list.entries()) {
    const placeOf = (field: string | YamlPath) => yaml.placeOf([index, ...(Array.isArray(field) ? field : [field])]);
    const place = yaml.placeOf([index]);
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      problems.add(place, "each item must be a map of keys and values");
      continue;
    }
    for (const key of Object.keys(item)) {
      if (!allowed.includes(key)) problems.add(placeOf(key), `unknown key '${key}'${didYouMean(key, allowed)}`);
    }
    items.push({ item: item as Record<string, unknown>, place, placeOf });
  }
  return items;
}

function textValues(item: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, asText(value)]));
}

function readYamlRecords<S extends Schema>(
  text: string | undefined,
  file: string,
  shape: S,
  problems: Problems,
  sink: RawRowsSink,
): Located<RecordOf<S>>[] {
  const records: Located<RecordOf<S>>[] = [];
  for (const { item, place, placeOf } of readYamlItems(text, file, Object.keys(shape), problems, sink)) {
    const record = parseRecord(shape, textValues(item), placeOf, problems);
    if (record) records.push({ record, place, placeOf });
  }
  return records;
}

function readEvents(text: string | undefined, file: string, problems: Problems): Located<EventRecord>[] {
  const events: Located<EventRecord>[] = [];
  const allowed = [...Object.keys(schema.eventSchema), "called_on", "results"];
  for (const { item, place, placeOf } of readYamlItems(text, file, allowed, problems)) {
    const scalars = Object.fromEntries(
      Object.entries(item)
        .filter(([key]) => key in schema.eventSchema)
        .map(([key, value]) => [key, asText(value)]),
    );
    const record = parseRecord(schema.eventSchema, scalars, placeOf, problems);
    const calledOn = readCalledOn(item.called_on, placeOf, problems);
    const results = readResults(item.results, placeOf, problems);
    if (record && calledOn && results !== undefined)
      events.push({ record: { ...record, called_on: calledOn, results }, place, placeOf });
  }
  return events;
}

function readCalledOn(value: unknown, placeOf: (path: YamlPath) => Place, problems: Problems): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.add(placeOf(["called_on"]), "called_on must be a list of dates, like [2027-01-22]");
    return undefined;
  }
  const days: string[] = [];
  let valid = true;
  value.forEach((day, i) => {
    const record = parseRecord(
      { called_on: schema.eventSchema.start_date },
      { called_on: asText(day) },
      () => placeOf(["called_on", i]),
      problems,
    );
    if (record) days.push(record.called_on);
    else valid = false;
  });
  return valid ? days : undefined;
}

/** `results` is optional; when present it needs `men` and `women` podium lists. */
function readResults(
  value: unknown,
  placeOf: (path: YamlPath) => Place,
  problems: Problems,
): EventRecord["results"] | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    problems.add(placeOf(["results"]), "results must be a map with the lists men and women");
    return undefined;
  }
  const results: NonNullable<EventRecord["results"]> = { men: [], women: [] };
  let valid = true;
  for (const key of Object.keys(value)) {
    if (key !== "men" && key !== "women") {
      problems.add(placeOf(["results", key]), `unknown key 'results.${key}'; results has only men and women`);
      valid = false;
    }
  }
  for (const division of ["men", "women"] as const) {
    const podium = (value as Record<string, unknown>)[division] ?? [];
    if (!Array.isArray(podium)) {
      problems.add(placeOf(["results", division]), `results.${division} must be a list of {place, name, surfer}`);
      valid = false;
      continue;
    }
    podium.forEach((entry, i) => {
      const at = (field?: string) => placeOf(field ? ["results", division, i, field] : ["results", division, i]);
      const raw = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
      for (const key of Object.keys(raw)) {
        if (!(key in schema.podiumSchema))
          problems.add(
            at(key),
            `unknown key '${key}' in results.${division}${didYouMean(key, Object.keys(schema.podiumSchema))}`,
          );
      }
      const record = parseRecord(schema.podiumSchema, textValues(raw), (field) => at(field), problems);
      if (record) results[division].push({ record, place: at(), placeOf: (field) => at(String(field)) });
      else valid = false;
    });
  }
  return valid ? results : undefined;
}

function readSocial(text: string | undefined, file: string, problems: Problems): Content["social"] {
  if (text === undefined) return undefined;
  const yaml = readYaml(text, file, problems);
  const data = yaml.data as { account?: Record<string, unknown>; scored_accounts?: unknown } | undefined;
  if (data === undefined) return undefined;
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    problems.add(yaml.placeOf([]), "social.yaml must be a map with the keys account and scored_accounts");
    return undefined;
  }
  for (const key of Object.keys(data)) {
    if (key !== "account" && key !== "scored_accounts")
      problems.add(yaml.placeOf([key]), `unknown key '${key}'${didYouMean(key, ["account", "scored_accounts"])}`);
  }
  const rawAccount = textValues(data.account ?? {});
  const account = parseRecord(
    schema.socialAccountSchema,
    rawAccount,
    (field) => yaml.placeOf(["account", field]),
    problems,
  );
  const scored = data.scored_accounts;
  if (!Array.isArray(scored) || scored.some((handle) => typeof handle !== "string" || handle.trim() === "")) {
    problems.add(yaml.placeOf(["scored_accounts"]), "scored_accounts must be a list of account handles, like [wsl]");
    return undefined;
  }
  return account
    ? { account, scoredAccounts: scored.map((handle: string) => handle.trim().replace(/^@/, "")) }
    : undefined;
}
