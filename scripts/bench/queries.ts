/**
 * The queries of the benchmark, in-process and over HTTP. Streams are deterministic and
 * never repeat, so what is measured is the work of answering, not a cache replaying it.
 */
import type { BoundingBox } from "../../runtime/catalog/geo.ts";
import type { SpotCriteria } from "../../runtime/catalog/spots.ts";

/** Words of the synthetic catalog (generate-content.ts): names' syllables, place and summary words. */
export const WORDS = [
  "reef",
  "bay",
  "point",
  "kalo",
  "mea",
  "beach",
  "left",
  "portugal",
  "rocks",
  "barrel",
  "pass",
  "tama",
];
export const COUNTRIES = ["us", "au", "pt", "es", "fr", "id", "br", "mx", "pe", "za"];
export const BOXES: BoundingBox[] = [
  { minLat: 36.9, minLng: -9.6, maxLat: 42.2, maxLng: -6.2 }, // Portugal
  { minLat: 18.8, minLng: -160.3, maxLat: 22.3, maxLng: -154.7 }, // Hawaii
  { minLat: -45, minLng: 110, maxLat: -10, maxLng: 155 }, // Australia
  { minLat: -25, minLng: 170, maxLat: -10, maxLng: -170 }, // across the antimeridian
];

/** The i-th of an endless stream of distinct free-text queries: words, pairs, prefixes and typos of them. */
export function distinctQ(i: number): string {
  const word = WORDS[i % WORDS.length];
  const other = WORDS[Math.floor(i / WORDS.length) % WORDS.length];
  const round = Math.floor(i / (WORDS.length * WORDS.length));
  switch (round % 4) {
    case 0:
      return `${word} ${other}`;
    case 1:
      return `${other} ${word.slice(0, 2 + (round % 3))}`; // typing the last word
    case 2:
      return `${word}${word.length > 3 ? "" : "s"} ${other}x`; // a plural, and a typo
    default:
      return `${word} ${other} ${round}`; // a word no item has: the fallback to optional words
  }
}

/** Attribute phrases and places a surfer types (query understanding reads them: understand.ts). */
const INTENT_PHRASES = ["lefts", "beginner beaches", "big wave spots", "point breaks", "iconic reefs", "barrels", ""];
const INTENT_PLACES = ["in portugal", "in europe", "central america", "australia", "brasil", "near lisbon", ""];

/**
 * The i-th of a stream of distinct intent queries: an attribute phrase and a place, and
 * every other time a word of the catalog left as text (`lefts in europe kalo`).
 */
export function distinctIntentQ(i: number): string {
  const phrase = INTENT_PHRASES[i % INTENT_PHRASES.length];
  const place = INTENT_PLACES[Math.floor(i / INTENT_PHRASES.length) % INTENT_PLACES.length];
  const round = Math.floor(i / (INTENT_PHRASES.length * INTENT_PLACES.length));
  const text = round % 2 === 1 ? WORDS[round % WORDS.length] : "";
  return [phrase, place, text].filter((part) => part !== "").join(" ") || "reef";
}

/** The i-th of a stream of distinct list criteria (filters, sometimes q). */
export function distinctCriteria(i: number): SpotCriteria {
  const filters: SpotCriteria["filters"] = {};
  if (i % 2 === 0) filters.country = [COUNTRIES[i % COUNTRIES.length], COUNTRIES[(i >> 3) % COUNTRIES.length]];
  if (i % 3 === 0) filters.wave_type = [["reef", "beach", "point"][(i >> 2) % 3]];
  if (i % 5 === 0) filters.tier = ["iconic", "regional"];
  return { filters, q: i % 4 === 1 ? distinctQ(i) : undefined };
}

/**
 * The i-th URL of a stream in which no URL appears twice: list criteria by `i`, and the
 * page (limit and offset) walks on with `i`, so every URL is new.
 */
export function distinctPath(i: number): string {
  const criteria = distinctCriteria(i);
  const params = new URLSearchParams();
  if (criteria.q) params.set("q", criteria.q);
  for (const [name, values] of Object.entries(criteria.filters)) params.set(name, values!.join(","));
  params.set("limit", String(1 + (i % 100)));
  params.set("offset", String(Math.floor(i / 100) % 1_000_000));
  return `/api/spots?${params}`;
}
