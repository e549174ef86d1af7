/**
 * Where spots are: a spot's coordinates lie in its country, and a town-level row's coordinates
 * are those of a gazetteer place of its country. An editor's place (places.csv) lies in its
 * country too, and is one the GeoNames packages lack.
 *
 * Countries' borders come from country-coder (the borders OpenStreetMap's iD editor uses): coarse
 * polygons that take in each country's coastal waters, and its territories under their own codes
 * too (a point off Puerto Rico is in PR and in US). A point at sea outside every country's
 * waters, such as an offshore bank, belongs to the country whose waters are nearest within
 * 200 nautical miles, the reach of an exclusive economic zone.
 */
import { iso1A2Codes } from "@rapideditor/country-coder";
import { distanceKm, EARTH_RADIUS_KM, RADIANS } from "../core/sphere.ts";
import { apartKm, type Gazetteer, type Place as GazetteerPlace, readGazetteer } from "./gazetteer.ts";
import type { Problems } from "./problems.ts";
import type { Content } from "./read-content.ts";

/** How far a town-level spot may lie from its place: the decisions' "within about 10 km". */
export const TOWN_RADIUS_KM = 10;
/** 200 nautical miles: how far out at sea a point still belongs to the nearest country. */
const OPEN_SEA_REACH_KM = 370;
/** The rings searched around a point at sea for the nearest country's waters, nearest first. */
const RING_KM = [10, 25, 50, 100, 150, 200, 250, 300, OPEN_SEA_REACH_KM];
const RING_BEARINGS = 24;

export function checkLocations(content: Content, problems: Problems): void {
  // Read only when some row needs it: GeoNames' data takes a second or two.
  let gazetteer: Gazetteer | undefined;
  const places = content.places.map(({ record }) => record);
  for (const located of content.spots) {
    const { latitude, longitude, country_code: country, location_precision, location_place } = located.record;
    if (latitude === null || longitude === null) continue;
    const outside = countryProblem(latitude, longitude, country);
    if (outside !== undefined) problems.add(located.placeOf("latitude"), outside);
    if (location_precision === "town" && location_place !== null) {
      gazetteer ??= readGazetteer(places);
      const far = townProblem(gazetteer, location_place, country, latitude, longitude);
      if (far !== undefined) problems.add(located.placeOf("location_place"), far);
    }
  }
  if (content.places.length === 0) return;
  const geonames = readGazetteer();
  for (const located of content.places) {
    const { name, country_code: country, latitude, longitude } = located.record;
    const outside = countryProblem(latitude, longitude, country);
    if (outside !== undefined) problems.add(located.placeOf("latitude"), outside);
    const known = geonames.named(name, country).find((place) => apartKm(place, located.record) <= TOWN_RADIUS_KM);
    if (known !== undefined) {
      problems.add(
        located.placeOf("name"),
        `GeoNames already has ${describePlace(known)}: use it in spots.csv and remove this row`,
      );
    }
  }
}

/** Why the point is not in the country, or undefined when it is. */
function countryProblem(latitude: number, longitude: number, country: string): string | undefined {
  const where = `latitude, longitude ${latitude}, ${longitude}`;
  const codes = iso1A2Codes([longitude, latitude]);
  if (codes.includes(country)) return undefined;
  if (codes.length > 0) {
    return `${where} lie in ${codes[0]}, not in ${country}; check the coordinates (a swapped sign?) or country_code`;
  }
  const nearest = nearestCountriesAtSea(latitude, longitude);
  if (nearest.codes.includes(country)) return undefined;
  const found =
    nearest.codes.length === 0
      ? `no country's waters are within ${OPEN_SEA_REACH_KM} km`
      : `the nearest country's waters, about ${nearest.km} km away, are ${nearest.codes[0]}'s`;
  return `${where} lie at sea outside ${country}: ${found}; check the coordinates or country_code`;
}

/** The countries whose waters the first ring around the point that reaches any touches. */
function nearestCountriesAtSea(latitude: number, longitude: number): { codes: string[]; km: number } {
  for (const km of RING_KM) {
    const codes = new Set<string>();
    for (let i = 0; i < RING_BEARINGS; i++) {
      const [lat, lng] = destination(latitude, longitude, (360 * i) / RING_BEARINGS, km);
      for (const code of iso1A2Codes([lng, lat])) codes.add(code);
    }
    if (codes.size > 0) return { codes: [...codes], km };
  }
  return { codes: [], km: OPEN_SEA_REACH_KM };
}

/** The point `km` away from a point on a bearing (degrees from north), on the sphere. */
function destination(latitude: number, longitude: number, bearing: number, km: number): [number, number] {
  const angle = km / EARTH_RADIUS_KM;
  const lat1 = latitude * RADIANS;
  const theta = bearing * RADIANS;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta));
  const dLng = Math.atan2(
    Math.sin(theta) * Math.sin(angle) * Math.cos(lat1),
    Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
  );
  return [lat2 / RADIANS, ((longitude + dLng / RADIANS + 540) % 360) - 180];
}

/** Why a town-level row's coordinates are not of its place, or undefined when they are. */
function townProblem(
  gazetteer: Gazetteer,
  name: string,
  country: string,
  latitude: number,
  longitude: number,
): string | undefined {
  const candidates = gazetteer.named(name, country);
  const locate = `run \`npm run locate -- "${name}" ${country}\``;
  if (candidates.length === 0) {
    const elsewhere = [...new Set(gazetteer.named(name).map((place) => place.countryCode))].slice(0, 5);
    const hint = elsewhere.length > 0 ? ` (the gazetteer has it in ${elsewhere.join(", ")})` : "";
    return `location_place '${name}' is not a gazetteer place in ${country}${hint}; ${locate} to find its name`;
  }
  const distances = candidates.map((place) => distanceKm(latitude, longitude, place.latitude, place.longitude));
  if (distances.some((km) => km <= TOWN_RADIUS_KM)) return undefined;
  const listed = candidates
    .slice(0, 5)
    .map((place, i) => `${describePlace(place)} ${Math.round(distances[i])} km away`)
    .join("; ");
  return (
    `latitude, longitude ${latitude}, ${longitude} are not within ${TOWN_RADIUS_KM} km of ` +
    `'${name}' in ${country}: ${listed}; ${locate} and copy its coordinates`
  );
}

/**
 * `Robertsport (LR, admin1 12, 11,969 people) at 6.7533, -11.3671`; admin1 is GeoNames' code of its
 * province. What the source does not give is left out: `Kommetjie (ZA) at -34.1431, 18.3230`.
 */
export function describePlace(place: GazetteerPlace): string {
  const about = [place.countryCode];
  if (place.adminCode !== "") about.push(`admin1 ${place.adminCode}`);
  if (place.population !== undefined) about.push(`${place.population.toLocaleString("en-US")} people`);
  const at = `${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}`;
  return `${place.name} (${about.join(", ")}) at ${at}`;
}
