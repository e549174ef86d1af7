/** The representative queries of the benchmark, in-process and over HTTP. */
import type { BoundingBox } from "../../runtime/catalog/geo.ts";
import type { SpotCriteria } from "../../runtime/catalog/spots.ts";

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

/** A deterministic stream of distinct queries: the i-th one. */
export function distinctCriteria(i: number): SpotCriteria {
  const filters: SpotCriteria["filters"] = {};
  if (i % 2 === 0) filters.country = [COUNTRIES[i % COUNTRIES.length], COUNTRIES[(i >> 3) % COUNTRIES.length]];
  if (i % 3 === 0) filters.wave_type = [["reef", "beach", "point"][i % 3 === 0 ? (i >> 2) % 3 : 0]];
  if (i % 5 === 0) filters.tier = ["iconic", "regional"];
  return { filters, q: i % 4 === 1 ? WORDS[i % WORDS.length] : undefined };
}

/** The same stream as URL paths, with offsets that walk the pages. */
export function distinctPath(i: number): string {
  const { filters, q } = distinctCriteria(i);
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  for (const [name, values] of Object.entries(filters)) params.set(name, values!.join(","));
  params.set("offset", String((i * 20) % 2000));
  return `/api/spots?${params}`;
}
