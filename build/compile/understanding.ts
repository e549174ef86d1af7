/**
 * What query understanding reads, compiled into the snapshot (core/snapshot-format.ts,
 * Understanding): the phrases that name an attribute on each collection's endpoints, the
 * places `near` may name, the southern countries (for seasons), and the names that keep
 * their words as text.
 *
 * Phrases come from editors' files first (country_groups.csv, country_names.csv,
 * query_words.csv; a phrase given twice for the same endpoints is a problem), then from
 * i18n-iso-countries' names of each country in the LANGUAGES below, where no editor's
 * phrase has the same words and no two countries share the name.
 */
import { around } from "geokdbush";
import countries from "i18n-iso-countries";
import KDBush from "kdbush";
import { foldWords } from "../../core/fold.ts";
import { MONTHS } from "../../core/months.ts";
import { NEAR_RADIUS_KM, type Understanding } from "../../core/snapshot-format.ts";
import { loadGazetteer } from "../gazetteer.ts";
import type { Place } from "../problems.ts";
import type { Content } from "../read-content.ts";
import { DISCIPLINES, ERAS, SEASONS, SKILL_LEVELS, STANCES, TIERS, WAVE_TYPES } from "../vocabulary.ts";

/** Languages whose country names a query may use: English and those spoken on most surf coasts. */
const LANGUAGES = ["en", "es", "pt", "fr", "de", "it", "nl", "id", "ja", "ko", "zh", "nb", "da", "sv"];
/**
 * Shortest name kept, in letters: two-letter names (`US`, `U.S.`) and, in languages other
 * than English, three-letter ones (Danish `Man` for the Isle of Man) are words of their own.
 */
const SHORTEST = { en: 3, other: 4 };

/** What each collection's endpoints understand: their query parameters, and `season`, `near`, `filler`. */
const READ_BY = {
  spots: new Set(["country", "wave_type", "skill_level", "tag", "tier", "month", "season", "near", "filler"]),
  surfers: new Set(["country", "discipline", "era", "tier", "stance", "filler"]),
};
type Kind = keyof typeof READ_BY;

/** A phrase's meaning: a parameter (or season, near, filler) and its values. */
export interface Meaning {
  param: string;
  values: string[];
}

/** The values each query_words.csv param may name; `near` and `filler` take `-`. */
export function queryWordValues(tags: string[]): Record<string, readonly string[]> {
  return {
    wave_type: WAVE_TYPES,
    skill_level: SKILL_LEVELS,
    tag: tags,
    tier: TIERS,
    discipline: DISCIPLINES,
    era: ERAS,
    stance: STANCES,
    month: MONTHS,
    season: SEASONS,
    near: ["-"],
    filler: ["-"],
  };
}

type Report = (place: Place, message: string) => void;

/**
 * The phrases of each collection from the editors' files. `report` hears every phrase given
 * twice for the same endpoints with different meanings (check-content.ts passes it).
 */
export function editorPhrases(content: Content, report: Report = () => {}): Record<Kind, Map<string, Meaning>> {
  const tables = { spots: new Map<string, Meaning>(), surfers: new Map<string, Meaning>() };
  const seen = { spots: new Map<string, Place>(), surfers: new Map<string, Place>() };
  const add = (words: string, meaning: Meaning, place: Place) => {
    const phrase = foldWords(words).join(" ");
    if (phrase === "") return;
    for (const kind of ["spots", "surfers"] as const) {
      if (!READ_BY[kind].has(meaning.param)) continue;
      const before = tables[kind].get(phrase);
      const same = before && before.param === meaning.param && before.values.join() === meaning.values.join();
      if (before && !same) {
        const where = seen[kind].get(phrase)!;
        report(
          place,
          `'${words}' already means ${describe(before)} on the ${kind} endpoints (${where.file}:${where.line})`,
        );
        continue;
      }
      tables[kind].set(phrase, meaning);
      seen[kind].set(phrase, place);
    }
  };
  for (const { record, place } of content.countryGroups) {
    const meaning = { param: "country", values: [...new Set(record.countries)].sort() };
    for (const name of [record.group, ...(record.aliases ?? [])]) add(name, meaning, place);
  }
  for (const { record, place } of content.countryNames) {
    for (const name of record.names) add(name, { param: "country", values: [record.country_code] }, place);
  }
  for (const { record, place } of content.queryWords) {
    const values = record.value === "-" ? [] : [record.value];
    for (const words of record.words) add(words, { param: record.param, values }, place);
  }
  return tables;
}

function describe(meaning: Meaning): string {
  return meaning.values.length > 0 ? `${meaning.param} ${meaning.values.join(",")}` : meaning.param;
}

/** i18n-iso-countries' names of every country, by phrase; a name two countries share is left out. */
function libraryCountryNames(): Map<string, string> {
  const byPhrase = new Map<string, string | null>();
  for (const language of LANGUAGES) {
    for (const [code, names] of Object.entries(countries.getNames(language, { select: "all" }))) {
      for (const name of names) {
        const phrase = foldWords(name).join(" ");
        if (phrase.replace(/ /g, "").length < (language === "en" ? SHORTEST.en : SHORTEST.other)) continue;
        const before = byPhrase.get(phrase);
        byPhrase.set(phrase, before === undefined || before === code ? code : null);
      }
    }
  }
  const unique = new Map<string, string>();
  for (const [phrase, code] of byPhrase) if (code !== null) unique.set(phrase, code);
  return unique;
}

export async function compileUnderstanding(content: Content): Promise<Understanding> {
  const tables = editorPhrases(content);
  for (const [phrase, code] of libraryCountryNames()) {
    for (const table of Object.values(tables))
      if (!table.has(phrase)) table.set(phrase, { param: "country", values: [code] });
  }
  const phrases = {
    spots: [...tables.spots].map(([phrase, m]) => [phrase, m.param, m.values] as [string, string, string[]]),
    surfers: [...tables.surfers].map(([phrase, m]) => [phrase, m.param, m.values] as [string, string, string[]]),
  };
  const names = {
    spots: namesHolding(
      tables.spots,
      content.spots.map(({ record }) => [record.name, ...(record.aliases ?? [])]),
    ),
    surfers: namesHolding(
      tables.surfers,
      content.surfers.map(({ record }) => [record.name, ...(record.aliases ?? [])]),
    ),
  };
  return { phrases, places: await placesNearSpots(content), southern: southernCountries(content), names };
}

/** The folded names (of items, each with its aliases) in which some run of words is a phrase of the table. */
function namesHolding(table: Map<string, Meaning>, items: string[][]): string[] {
  const kept = new Set<string>();
  for (const itemNames of items) {
    for (const name of itemNames) {
      const words = foldWords(name);
      const holds = words.some((_, i) => words.some((__, j) => j >= i && table.has(words.slice(i, j + 1).join(" "))));
      if (holds) kept.add(words.join(" "));
    }
  }
  return [...kept].sort();
}

/** Countries most of whose spots with coordinates lie south of the equator. */
function southernCountries(content: Content): string[] {
  const balance = new Map<string, number>();
  for (const { record } of content.spots) {
    if (record.latitude === null) continue;
    balance.set(record.country_code, (balance.get(record.country_code) ?? 0) + (record.latitude < 0 ? 1 : -1));
  }
  return [...balance]
    .filter(([, south]) => south > 0)
    .map(([code]) => code)
    .sort();
}

/**
 * The gazetteer's places within NEAR_RADIUS_KM of some spot with coordinates (others would
 * find nothing), one per name: of several places with the same name, the most populous.
 * A place is measured (geokdbush) only when a spot lies in its whole-degree cell or one
 * next to it: a degree of latitude is 111 km, of longitude more than 40 km up to 68°.
 */
async function placesNearSpots(content: Content): Promise<Understanding["places"]> {
  const located = content.spots.filter(({ record }) => record.latitude !== null && record.longitude !== null);
  const chosen = new Map<string, [string, number, number]>();
  if (located.length === 0) return [];
  const index = new KDBush(located.length);
  const cells = new Set<string>();
  for (const { record } of located) {
    index.add(record.longitude!, record.latitude!);
    cells.add(`${Math.floor(record.latitude!)},${Math.floor(record.longitude!)}`);
  }
  index.finish();
  const nextToSpots = (lat: number, lng: number) => {
    if (Math.abs(lat) > 68) return true;
    for (let dLat = -1; dLat <= 1; dLat++)
      for (let dLng = -1; dLng <= 1; dLng++)
        if (cells.has(`${Math.floor(lat) + dLat},${((Math.floor(lng) + dLng + 540) % 360) - 180}`)) return true;
    return false;
  };
  const gazetteer = await loadGazetteer(content.places.map(({ record }) => record));
  // Largest first: the first place kept under a name is the most populous one near a spot.
  for (const place of gazetteer.places) {
    if (!nextToSpots(place.latitude, place.longitude)) continue;
    if (around(index, place.longitude, place.latitude, 1, NEAR_RADIUS_KM).length === 0) continue;
    const name = foldWords(place.name).join(" ");
    if (name !== "" && !chosen.has(name)) chosen.set(name, [name, round(place.latitude), round(place.longitude)]);
  }
  return [...chosen.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function round(degrees: number): number {
  return Math.round(degrees * 10_000) / 10_000;
}
