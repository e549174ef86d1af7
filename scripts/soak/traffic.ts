/** The soak's mixed traffic: what a front end sends, plus some junk, as a deterministic stream. */
import { distinctPath } from "../bench/queries.ts";

const POPULAR = [
  "/api/spots",
  "/api/spots?tier=iconic",
  "/api/spots/map",
  "/api/spots/meta",
  "/api/surfers",
  "/api/quotes/random",
  "/api/events?status=upcoming,live,window-open",
  "/api/clips",
  "/api/social/feed",
];
const OCCASIONAL = [
  "/api/social/accounts",
  "/api/events/live-media",
  "/api/quotes?category=big-wave",
  "/api/docs",
  "/api/openapi.json",
  "/healthz",
];
const BAD = [
  "/api/spots?limit=0",
  "/api/spots?wavetype=reef",
  "/api/spots/Nope",
  "/api/nothing",
  "/api/spots/map?bbox=1,2",
  "/api/events?year=27",
];
const BOXES = [
  "36.9,-9.6,42.2,-6.2",
  "18.8,-160.3,22.3,-154.7",
  "-25,170,-10,-170",
  "-45,110,-10,155",
  "30,-130,50,-110",
];

/** The i-th request path; `slugs` are real detail slugs of the catalog under test. */
export function mixedPath(i: number, slugs: string[]): string {
  const bucket = i % 20;
  if (bucket < 6) return distinctPath(i);
  if (bucket < 12) return POPULAR[i % POPULAR.length];
  if (bucket < 14) return `/api/spots/map?bbox=${BOXES[i % BOXES.length]}${i % 3 === 0 ? "&tier=iconic" : ""}`;
  if (bucket < 16) return `/api/spots/meta?country=${["PT", "US,AU", "ID", "FR,ES"][i % 4]}${i % 2 ? "&q=reef" : ""}`;
  if (bucket < 18) return slugs.length ? `/api/spots/${slugs[(i * 7919) % slugs.length]}` : "/api/spots";
  if (bucket < 19) return OCCASIONAL[i % OCCASIONAL.length];
  return BAD[i % BAD.length];
}
