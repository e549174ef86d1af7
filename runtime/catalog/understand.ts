/**
 * Query understanding: the parts of `q` that name an attribute (a country or group of
 * countries, a wave type, a skill, a tag, a tier, a discipline, an era, a stance, a month
 * or season, `near <place>`) are read as that attribute; the other words stay text.
 *
 * Reading walks the query's folded words left to right and takes, at each word, the
 * longest run of up to MAX_PHRASE_WORDS words that the snapshot's phrase table knows
 * (or whose last word without its plural `s` it knows). Phrases come from content
 * (country_groups.csv, country_names.csv, query_words.csv) and i18n-iso-countries,
 * compiled by build/compile/understanding.ts.
 *
 * - An item's own name or alias in the query is never read as attributes: its words stay
 *   text (`The Right`, `Lazy Lefts`, `Mexican Pipeline`).
 * - `near`, `close to`... followed by a place the snapshot keeps (GeoNames towns within
 *   NEAR_RADIUS_KM of a spot; of two with one name, the most populous) is `near` with that radius.
 * - A season is read as months: those of the southern hemisphere when every country the
 *   query names lies mostly south of the equator (or its `near` place does), else the northern ones.
 * - Attributes of one parameter are one attribute (their values OR), except tags, which an
 *   item may hold several of: two tags are two attributes (AND).
 * - Filler words (`surfers`, `pros`, `from`...) are dropped once something is understood.
 *   Small words left alone (`in`, `where`, `to`...) are not text.
 */
import { foldWords } from "../../core/fold.ts";
import { NEAR_RADIUS_KM, type Understanding } from "../../core/snapshot-format.ts";
import type { Catalog } from "../snapshot.ts";
import { queryWords, STOP_WORDS } from "./search-words.ts";

/** One part of the query read as an attribute, as the answer shows it. */
export interface Attribute {
  text: string;
  param: string;
  values: string[];
  radius_km?: number;
}

/** How a query was read: `understood` without `relaxed`, which the search adds. */
export interface Reading {
  attributes: Attribute[];
  text: string;
}

interface Meaning {
  param: string;
  values: string[];
}

/** A collection's prebuilt maps: what is read from a query, looked up a phrase at a time. */
export interface QueryReader {
  phrases: Map<string, Meaning>;
  places: Map<string, { lat: number; lng: number }>;
  southern: Set<string>;
  names: Set<string>;
}

/** Longest phrase looked up, in words (`la derecha de lobos`, `on tour today`). */
const MAX_PHRASE_WORDS = 4;
/** Longest item name looked for in a query, in words; a longer name's words may be read as attributes. */
const MAX_NAME_WORDS = 6;
/** Months of each season in the northern hemisphere; the southern ones are six months on. */
const NORTHERN_SEASONS: Record<string, string[]> = {
  winter: ["dec", "jan", "feb"],
  spring: ["mar", "apr", "may"],
  summer: ["jun", "jul", "aug"],
  autumn: ["sep", "oct", "nov"],
};
const OPPOSITE: Record<string, string> = { winter: "summer", spring: "autumn", summer: "winter", autumn: "spring" };

const readers = new WeakMap<Understanding, Record<"spots" | "surfers", QueryReader>>();

/**
 * The reader of a collection's endpoints, made once per snapshot. A phrase is kept only if
 * its parameter is one the collection filters on (or `country`, `near` on spots, a season
 * when spots have `month`, filler).
 */
export function readerFor(catalog: Catalog, kind: "spots" | "surfers"): QueryReader {
  const { understanding } = catalog.snapshot;
  let made = readers.get(understanding);
  if (!made) {
    const places = new Map(understanding.places.map(([name, lat, lng]) => [name, { lat, lng }]));
    const southern = new Set(understanding.southern);
    const reader = (which: "spots" | "surfers"): QueryReader => {
      const fields = catalog[which].fields as Record<string, unknown>;
      const usable = (param: string) =>
        param === "filler" ||
        (param === "near" && which === "spots") ||
        (param === "season" ? fields.month !== undefined : fields[param] !== undefined);
      const phrases = new Map<string, Meaning>();
      for (const [phrase, param, values] of understanding.phrases[which])
        if (usable(param)) phrases.set(phrase, { param, values });
      return { phrases, places, southern, names: new Set(understanding.names[which]) };
    };
    made = { spots: reader("spots"), surfers: reader("surfers") };
    readers.set(understanding, made);
  }
  return made[kind];
}

/** A run of the query's words that names something. */
interface Found {
  start: number;
  end: number;
  meaning: Meaning;
}

/** How `q` reads: its attributes, and the words left as text. */
export function readQuery(reader: QueryReader, q: string): Reading {
  const words = foldWords(q);
  const kept = protectedWords(reader, words);
  const found: Found[] = [];
  let near: { attribute: Attribute; lat: number } | undefined;
  const left: string[] = [];
  for (let i = 0; i < words.length; ) {
    const hit = kept[i] ? undefined : longestPhrase(reader, words, kept, i);
    if (!hit) {
      left.push(words[i++]);
      continue;
    }
    if (hit.meaning.param === "near") {
      const place = longestPlace(reader, words, hit.end);
      if (place && !near) {
        const text = words.slice(i, place.end).join(" ");
        const values = [`${place.lat},${place.lng}`];
        near = { attribute: { text, param: "near", values, radius_km: NEAR_RADIUS_KM }, lat: place.lat };
        i = place.end;
      } else {
        left.push(...words.slice(i, hit.end));
        i = hit.end;
      }
      continue;
    }
    if (hit.meaning.param !== "filler") found.push(hit);
    i = hit.end;
  }
  const attributes = merged(found, words, southernQuery(reader, found, near?.lat));
  if (near) attributes.push(near.attribute);
  if (attributes.length === 0) return { attributes, text: words.join(" ") };
  const text = left.every((word) => STOP_WORDS.has(word)) ? "" : left.join(" ");
  return { attributes, text };
}

/** Which words belong to an item's own name or alias found in the query (never read as attributes). */
function protectedWords(reader: QueryReader, words: string[]): boolean[] {
  const kept = words.map(() => false);
  if (reader.names.size === 0) return kept;
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(words.length - i, MAX_NAME_WORDS); n >= 1; n--) {
      if (!reader.names.has(words.slice(i, i + n).join(" "))) continue;
      kept.fill(true, i, i + n);
      break;
    }
  }
  return kept;
}

/** The longest known phrase starting at word `i` (none of its words protected). */
function longestPhrase(reader: QueryReader, words: string[], kept: boolean[], i: number): Found | undefined {
  let n = 0;
  while (n < MAX_PHRASE_WORDS && i + n < words.length && !kept[i + n]) n++;
  for (; n >= 1; n--) {
    const phrase = words.slice(i, i + n).join(" ");
    const meaning = reader.phrases.get(phrase) ?? singular(reader, phrase);
    if (meaning) return { start: i, end: i + n, meaning };
  }
  return undefined;
}

/** A phrase read without the plural `s` of its last word (`a-frames`, `slabs`), if the table knows that. */
function singular(reader: QueryReader, phrase: string): Meaning | undefined {
  return phrase.length > 3 && phrase.endsWith("s") ? reader.phrases.get(phrase.slice(0, -1)) : undefined;
}

/** The longest place name the words from `start` begin with. */
function longestPlace(reader: QueryReader, words: string[], start: number) {
  for (let n = Math.min(words.length - start, MAX_PHRASE_WORDS); n >= 1; n--) {
    const place = reader.places.get(words.slice(start, start + n).join(" "));
    if (place) return { ...place, end: start + n };
  }
  return undefined;
}

/** Whether a season in this query is the southern one: every country it names (or its place) is southern. */
function southernQuery(reader: QueryReader, found: Found[], nearLat: number | undefined): boolean {
  if (nearLat !== undefined) return nearLat < 0;
  const countries = found.filter((hit) => hit.meaning.param === "country");
  return (
    countries.length > 0 && countries.every((hit) => hit.meaning.values.every((code) => reader.southern.has(code)))
  );
}

/** The found phrases as attributes: one per parameter (values OR), but one per tag; seasons as months. */
function merged(found: Found[], words: string[], southern: boolean): Attribute[] {
  const attributes: Attribute[] = [];
  const byParam = new Map<string, Attribute>();
  for (const hit of found) {
    const text = words.slice(hit.start, hit.end).join(" ");
    const param = hit.meaning.param === "season" ? "month" : hit.meaning.param;
    const values = hit.meaning.param === "season" ? seasonMonths(hit.meaning.values[0], southern) : hit.meaning.values;
    const same = param === "tag" ? undefined : byParam.get(param);
    if (same) {
      same.text += ` ${text}`;
      same.values = [...new Set([...same.values, ...values])];
      continue;
    }
    const attribute = { text, param, values: [...values] };
    attributes.push(attribute);
    byParam.set(param, attribute);
  }
  return attributes;
}

function seasonMonths(season: string, southern: boolean): string[] {
  return NORTHERN_SEASONS[southern ? OPPOSITE[season] : season];
}

/** `understood` as answers carry it (decisions.md, "Query understanding"). */
export interface Understood extends Reading {
  relaxed: boolean;
}

/** How many items an answer holds, and whether its text matches are relaxed. */
export interface Held {
  count: number;
  relaxed?: boolean;
}

/**
 * A query's answer with its understood attributes, and how q was read. `read` turns the
 * criteria and a reading into the criteria to run; `held` says what an answer holds. When
 * the attributes leave nothing, the answer is q's as plain text, with no attributes.
 */
export function answerUnderstood<Criteria extends { q?: string }, Answer>(
  reader: QueryReader,
  criteria: Criteria,
  read: (criteria: Criteria, reading: Reading) => Criteria,
  run: (criteria: Criteria) => Answer,
  held: (answer: Answer) => Held,
): { answer: Answer; understood?: Understood } {
  // A q without words (`''--`) counts as absent, as search treats it.
  if (criteria.q === undefined || queryWords(criteria.q).length === 0) return { answer: run(criteria) };
  const reading = readQuery(reader, criteria.q);
  if (reading.attributes.length > 0) {
    const answer = run(read(criteria, reading));
    const { count, relaxed = false } = held(answer);
    if (count > 0) return { answer, understood: { ...reading, relaxed } };
  }
  const answer = run(criteria);
  const relaxed = held(answer).relaxed ?? false;
  return { answer, understood: { attributes: [], text: criteria.q.trim(), relaxed } };
}

/** The criteria with a reading's filters added, and q replaced by the words left (absent when none are). */
export function withReading<Criteria extends { q?: string; understood?: { param: string; values: string[] }[] }>(
  criteria: Criteria,
  reading: Reading,
): Criteria {
  const filters = reading.attributes.filter((attribute) => attribute.param !== "near");
  const understood = [...(criteria.understood ?? []), ...filters];
  return { ...criteria, q: reading.text === "" ? undefined : reading.text, understood };
}
