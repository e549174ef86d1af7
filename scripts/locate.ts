/**
 * `npm run locate -- "Robertsport" LR`: the gazetteer's places of that name (accents and case
 * aside; GeoNames' and content/places.csv's), in that country when one is given, largest first,
 * with what a town-level row of spots.csv takes from them. Exits 1 when there is none, naming
 * places with a close name.
 */
import { parseArgs } from "node:util";
import { describePlace } from "../build/check-locations.ts";
import { type Gazetteer, type Place, readGazetteer } from "../build/gazetteer.ts";
import { Problems } from "../build/problems.ts";
import { readContent } from "../build/read-content.ts";
import { foldKey } from "../core/fold.ts";
import { editDistance } from "../core/suggest.ts";
import { isMainModule } from "../runtime/main-module.ts";

/** How many places of one name are listed, and how many close names suggested. */
const SHOWN = 10;
const SUGGESTED = 5;

export interface Located {
  found: boolean;
  lines: string[];
}

/** What `npm run locate` prints for a name and an optional ISO 3166-1 alpha-2 country code. */
export function locate(gazetteer: Gazetteer, name: string, country?: string): Located {
  const where = country === undefined ? "" : ` in ${country}`;
  const places = gazetteer.named(name, country);
  if (places.length > 0) {
    const count = places.length === 1 ? "1 place" : `${places.length} places`;
    const lines = [`${count} named '${name}'${where}, largest first:`];
    for (const place of places.slice(0, SHOWN)) lines.push(`  ${describePlace(place)}  ${place.url}`);
    if (places.length > SHOWN) lines.push(`  … and ${places.length - SHOWN} smaller ones`);
    const [first] = places;
    if (new Set(places.map((place) => place.countryCode)).size > 1) {
      lines.push("Give the country code too, to choose among them.");
      return { found: true, lines };
    }
    lines.push(
      "A town-level row of spots.csv takes latitude,longitude,location_precision,location_place as",
      `  ${first.latitude.toFixed(4)},${first.longitude.toFixed(4)},town,${first.name}`,
    );
    return { found: true, lines };
  }
  const lines = [`No place in the gazetteer is named '${name}'${where}.`];
  if (country !== undefined) {
    const elsewhere = [...new Set(gazetteer.named(name).map((place) => place.countryCode))];
    if (elsewhere.length > 0) lines.push(`It has places of that name in ${elsewhere.slice(0, SHOWN).join(", ")}.`);
  }
  const close = closeNames(gazetteer, name, country);
  if (close.length > 0) {
    lines.push("Close names:");
    for (const place of close) lines.push(`  ${describePlace(place)}`);
  }
  lines.push(
    "The gazetteer holds GeoNames' towns of about 1,000 people or more and content/places.csv. For a smaller",
    "place, add a row to content/places.csv with a page that prints its coordinates (content/README.md).",
  );
  return { found: false, lines };
}

/**
 * The largest place of each name within a few edits of `name` (a third of its length, at
 * most 3), in the country when given: a typo, or a spelling without a hyphen or with one.
 */
function closeNames(gazetteer: Gazetteer, name: string, country?: string): Place[] {
  const wanted = foldKey(name);
  const allowed = Math.min(3, Math.max(1, Math.floor(wanted.length / 3)));
  const seen = new Set<string>();
  const close: Place[] = [];
  for (const place of gazetteer.places) {
    if (country !== undefined && place.countryCode !== country) continue;
    const key = foldKey(place.name);
    if (seen.has(key) || Math.abs(key.length - wanted.length) > allowed) continue;
    seen.add(key);
    if (editDistance(wanted, key) <= allowed) close.push(place);
    if (close.length === SUGGESTED) break;
  }
  return close;
}

if (isMainModule(import.meta.url)) {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [name, code] = positionals;
  const country = code?.toUpperCase();
  if (name === undefined || name.trim() === "" || positionals.length > 2 || (country && !/^[A-Z]{2}$/.test(country))) {
    console.error('usage: npm run locate -- "<place name>" [country code, like LR]');
    process.exit(2);
  }
  // Problems elsewhere in the content are `npm run check`'s to report; the places read are valid rows.
  const { places } = readContent("content", new Problems());
  const { found, lines } = locate(readGazetteer(places.map(({ record }) => record)), name, country);
  console.log(lines.join("\n"));
  process.exit(found ? 0 : 1);
}
