/**
 * A front-end's typed client: openapi-fetch with its default settings over the types the
 * build writes (dist/openapi.d.ts), calling every endpoint of the description. The typed
 * client test copies this file beside freshly generated types, type-checks the pair with
 * tsc and runs it against the real server; it is outside the project's own type check
 * because the types exist only after a build.
 */
import createClient from "openapi-fetch";
import type { paths } from "./openapi.js";

/** One line per call: the path asked for, its status, and what the typed answer held. */
export interface Call {
  path: string;
  status: number;
  seen: string;
}

export async function callEveryEndpoint(baseUrl: string): Promise<Call[]> {
  const api = createClient<paths>({ baseUrl });
  const calls: Call[] = [];
  const note = (path: string, response: Response, seen: string) => calls.push({ path, status: response.status, seen });

  // Arrays go out as repeated parameters (openapi-fetch's default), which the API takes as OR.
  const spots = await api.GET("/api/spots", {
    params: { query: { country: ["PT", "ES"], wave_type: ["reef", "point"], limit: 5 } },
  });
  note("/api/spots", spots.response, (spots.data?.spots ?? []).map((spot) => spot.country_code).join(","));
  const first = spots.data?.spots[0]?.slug ?? "nazare";
  const spot = await api.GET("/api/spots/{slug}", { params: { path: { slug: first } } });
  note("/api/spots/{slug}", spot.response, spot.data?.spot.slug ?? "");
  const missing = await api.GET("/api/spots/{slug}", { params: { path: { slug: "no-such-spot" } } });
  note("/api/spots/{slug} (missing)", missing.response, missing.error?.code ?? "");
  const bad = await api.GET("/api/spots", { params: { query: { limit: 0 } } });
  note("/api/spots (bad limit)", bad.response, bad.error?.code ?? "");
  const map = await api.GET("/api/spots/map", { params: { query: { zoom: 2, tier: ["iconic"] } } });
  const markers = (map.data?.spots.length ?? 0) + (map.data?.clusters?.length ?? 0);
  note("/api/spots/map", map.response, String(markers));
  const near = await api.GET("/api/spots/map", { params: { query: { near: "38.7,-9.4", radius_km: 50 } } });
  note("/api/spots/map (near)", near.response, String(near.data?.spots[0]?.distance_km ?? -1));
  const spotFacets = await api.GET("/api/spots/meta", { params: { query: { country: ["PT", "ES"] } } });
  note("/api/spots/meta", spotFacets.response, String(spotFacets.data?.filtered_total ?? -1));

  const surfers = await api.GET("/api/surfers", { params: { query: { tier: ["iconic"], limit: 3 } } });
  note("/api/surfers", surfers.response, (surfers.data?.surfers ?? []).map((surfer) => surfer.tier).join(","));
  const surfer = await api.GET("/api/surfers/{slug}", {
    params: { path: { slug: surfers.data?.surfers[0]?.slug ?? "kelly-slater" } },
  });
  note("/api/surfers/{slug}", surfer.response, surfer.data?.surfer.slug ?? "");
  const surferFacets = await api.GET("/api/surfers/meta", { params: { query: { era: ["modern"] } } });
  note("/api/surfers/meta", surferFacets.response, String(surferFacets.data?.filtered_total ?? -1));

  const quotes = await api.GET("/api/quotes");
  note("/api/quotes", quotes.response, String(quotes.data?.quotes.length ?? -1));
  const today = await api.GET("/api/quotes/random");
  note("/api/quotes/random", today.response, today.data?.quote.text ? "a quote" : "");
  const clips = await api.GET("/api/clips");
  note("/api/clips", clips.response, String(clips.data?.clips.length ?? -1));
  const events = await api.GET("/api/events", { params: { query: { year: "2027" } } });
  note("/api/events", events.response, String(events.data?.events.length ?? -1));
  const live = await api.GET("/api/events/live-media");
  note("/api/events/live-media", live.response, String(live.data?.posts.length ?? -1));
  const feed = await api.GET("/api/social/feed");
  note("/api/social/feed", feed.response, feed.data?.source ?? feed.error?.code ?? "");
  const accounts = await api.GET("/api/social/accounts");
  note("/api/social/accounts", accounts.response, String(accounts.data?.accounts.length ?? -1));

  const description = await api.GET("/api/openapi.json");
  note("/api/openapi.json", description.response, String(description.data?.openapi ?? ""));
  const docs = await api.GET("/api/docs", { parseAs: "text" });
  note("/api/docs", docs.response, docs.data?.includes("<html") ? "html" : "");
  return calls;
}
