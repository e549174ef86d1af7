/**
 * The ETag is a function of the bytes sent, and of nothing else: over more than 2,000
 * distinct URLs (lists with pages, filters and q; maps with bbox, near and zoom; facets;
 * details), two answers share an ETag exactly when their bodies are the same bytes, and
 * two server processes over the same snapshot give the same ETag for the same URL (the
 * second asked in the reverse order, so neither's memo or replay cache shapes the other's).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningProcess, runNode } from "../helpers/process.ts";

interface Answer {
  status: number;
  etag: string | undefined;
  body: Buffer;
}

/** A GET with no Accept-Encoding (so the body is the representation's own bytes), raw off the wire. */
function get(base: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Every path asked of one server, a few at a time. */
async function getAll(base: string, paths: string[]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const AT_ONCE = 8;
  for (let i = 0; i < paths.length; i += AT_ONCE) {
    const batch = paths.slice(i, i + AT_ONCE);
    const got = await Promise.all(batch.map((path) => get(base, path)));
    for (const [k, path] of batch.entries()) answers.set(path, got[k]);
  }
  return answers;
}

function startServer(): RunningProcess {
  return runNode("runtime/server.ts", {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", SNAPSHOT_PATH: inject("snapshotPath") },
  });
}

interface Item {
  slug: string;
  name: string;
  country_code: string;
  latitude?: number | null;
  longitude?: number | null;
}

async function allItems(base: string, kind: "spots" | "surfers"): Promise<Item[]> {
  const items: Item[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = JSON.parse((await get(base, `/api/${kind}?limit=100&offset=${offset}`)).body.toString()) as Record<
      string,
      Item[]
    >;
    items.push(...page[kind]);
    if (page[kind].length < 100) return items;
  }
}

async function facetValues(base: string, path: string): Promise<Record<string, string[]>> {
  const { facets } = JSON.parse((await get(base, path)).body.toString()) as {
    facets: Record<string, { value: string }[]>;
  };
  return Object.fromEntries(Object.entries(facets).map(([name, values]) => [name, values.map(({ value }) => value)]));
}

/** Distinct URLs over every endpoint that gathers a body from the snapshot, made from the catalog's own values. */
async function distinctPaths(base: string): Promise<string[]> {
  const spots = await allItems(base, "spots");
  const surfers = await allItems(base, "surfers");
  const spotFacets = await facetValues(base, "/api/spots/meta");
  const surferFacets = await facetValues(base, "/api/surfers/meta");
  const words = [...new Set([...spots, ...surfers].map((item) => item.name.split(" ")[0].toLowerCase()))];
  const paths = new Set<string>();
  const add = (path: string, params: Record<string, string | number>) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([name, value]): [string, string] => [name, `${value}`]),
    );
    paths.add(query.size === 0 ? path : `${path}?${query}`);
  };

  for (const { slug } of spots) add(`/api/spots/${slug}`, {});
  for (const { slug } of surfers) add(`/api/surfers/${slug}`, {});

  for (const limit of [1, 2, 5, 20, 100]) {
    for (const offset of [0, 1, 3, 10, 40, 120, 250]) {
      add("/api/spots", { limit, offset });
      add("/api/surfers", { limit, offset });
    }
  }
  const filterCombinations = (facets: Record<string, string[]>, names: Record<string, string>) =>
    Object.entries(names).flatMap(([facet, param]) => {
      expect(facets[facet], `the facet ${facet}`).toBeDefined();
      return facets[facet].map((value) => ({ [param]: value }));
    });
  const spotFilters = filterCombinations(spotFacets, {
    countries: "country",
    regions: "region",
    waveTypes: "wave_type",
    skillLevels: "skill_level",
    tags: "tag",
    tiers: "tier",
  });
  const surferFilters = filterCombinations(surferFacets, {
    countries: "country",
    disciplines: "discipline",
    eras: "era",
    tiers: "tier",
  });
  for (const filter of spotFilters) {
    add("/api/spots", filter);
    add("/api/spots", { ...filter, limit: 3, offset: 1 });
    add("/api/spots/meta", filter);
    add("/api/spots/map", filter);
  }
  for (const filter of surferFilters) {
    add("/api/surfers", filter);
    add("/api/surfers", { ...filter, limit: 3, offset: 1 });
    add("/api/surfers/meta", filter);
  }
  for (const q of words) {
    add("/api/spots", { q });
    add("/api/surfers", { q });
    add("/api/spots/meta", { q });
    add("/api/surfers/meta", { q });
    add("/api/spots/map", { q });
  }

  for (let lat = -60; lat < 60; lat += 30) {
    for (let lng = -180; lng < 180; lng += 30) {
      const box = `${lat},${lng},${lat + 30},${lng + 30}`;
      add("/api/spots/map", { bbox: box });
      add("/api/spots", { bbox: box, limit: 10 });
      add("/api/spots/meta", { bbox: box });
      for (const zoom of [2, 6]) add("/api/spots/map", { bbox: box, zoom });
    }
  }
  for (let zoom = 0; zoom <= 12; zoom++) add("/api/spots/map", { zoom });
  const located = spots.filter((spot) => typeof spot.latitude === "number" && typeof spot.longitude === "number");
  for (const [k, spot] of located.entries()) {
    const near = `${spot.latitude},${spot.longitude}`;
    add("/api/spots", { near, limit: 5 + (k % 7) });
    if (k % 2 === 0) add("/api/spots/map", { near, radius_km: 300 });
    if (k % 3 === 0) add("/api/spots/meta", { near, radius_km: 1000 });
  }
  return [...paths];
}

let servers: RunningProcess[] = [];
let bases: string[] = [];

beforeAll(async () => {
  servers = [startServer(), startServer()];
  bases = await Promise.all(servers.map((server) => server.listening(60_000)));
}, 90_000);

afterAll(async () => {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
});

describe("the ETag", () => {
  it("names one body, and two processes name it alike, over more than 2,000 URLs", { timeout: 240_000 }, async () => {
    const paths = await distinctPaths(bases[0]);
    expect(paths.length).toBeGreaterThan(2000);
    const [first, second] = await Promise.all([getAll(bases[0], paths), getAll(bases[1], [...paths].reverse())]);

    const bodyByEtag = new Map<string, string>();
    const etagByBody = new Map<string, string>();
    for (const path of paths) {
      const one = first.get(path)!;
      const other = second.get(path)!;
      expect(one.status, `${path} answers 200`).toBe(200);
      expect(one.etag, `${path} has a strong ETag`).toMatch(/^"[\w-]+"$/);
      expect(other.etag, `${path}: the second process gives the same ETag`).toBe(one.etag);
      expect(other.body.equals(one.body), `${path}: the second process sends the same bytes`).toBe(true);

      const body = one.body.toString("base64");
      const etag = one.etag!;
      expect(bodyByEtag.get(etag) ?? body, `${path}: ETag ${etag} was already sent with another body`).toBe(body);
      expect(etagByBody.get(body) ?? etag, `${path}: its body was already sent with another ETag`).toBe(etag);
      bodyByEtag.set(etag, body);
      etagByBody.set(body, etag);
    }
    // The URLs are far from all alike: most give a body of their own.
    expect(bodyByEtag.size).toBeGreaterThan(1500);
  });
});
