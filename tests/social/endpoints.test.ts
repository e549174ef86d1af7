/** The three social endpoints through HTTP, fed by a cache file and the fake Graph API. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../runtime/http/app.ts";
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { createGraphClient } from "../../runtime/social/graph-client.ts";
import { failedAccount, scoreAccount } from "../../runtime/social/scoring.ts";
import { SocialService } from "../../runtime/social/service.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, fakeMedia, startFakeGraph } from "../../scripts/fake-graph.ts";
import { getJson } from "../helpers/app.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";
import { FIXTURES } from "../helpers/fixtures.ts";

const catalog = await catalogFrom(`${FIXTURES}/minimal`);
const dir = mkdtempSync(path.join(tmpdir(), "surf-social-endpoints-"));
let fake: FakeGraph;
let cacheFile: string;
let n = 0;

beforeAll(async () => {
  fake = await startFakeGraph();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  cacheFile = path.join(dir, `case-${++n}`, "social.json");
  mkdirSync(path.dirname(cacheFile));
  fake.calls.length = 0;
  fake.delayMs = 0;
  fake.ownMediaFailure = null;
});

function appWith({ credentials = true, now = "2026-11-21T12:00:00Z", token = FAKE_TOKEN } = {}) {
  const store = new FileSocialStore({ file: cacheFile, log: () => undefined });
  const client = credentials
    ? createGraphClient({
        baseUrl: fake.url,
        version: "v25.0",
        userId: FAKE_USER_ID,
        accessToken: token,
        timeoutMs: 500,
      })
    : null;
  const startedAt = new Date("2026-11-21T06:00:00Z");
  const social = new SocialService(catalog.snapshot, store, { client, log: () => undefined, startedAt });
  return { app: createApp({ catalog, corsOrigins: new Set(), now: () => new Date(now), social }), store };
}

const upstreamCalls = (edge: "media" | "discovery") =>
  fake.calls.filter((call) =>
    edge === "media" ? call.path.endsWith("/media") : call.fields?.startsWith("business_discovery"),
  ).length;

describe("GET /api/social/feed", () => {
  it("without credentials and without a cache: 200 with the configured account, no posts, the start time", async () => {
    const { app } = appWith({ credentials: false });
    const { status, body } = await getJson(app, "/api/social/feed");
    expect(status).toBe(200);
    // fetchedAt is when the server started (decisions.md), so the answer is stable and cacheable.
    expect(body).toEqual({
      profileUrl: "https://www.instagram.com/surfcatalog/",
      username: "surfcatalog",
      fetchedAt: "2026-11-21T06:00:00.000Z",
      source: "cache",
      posts: [],
    });
    expect(fake.calls).toEqual([]);
  });

  it("refreshes on demand when the cache has no feed (source live), then serves the cache", async () => {
    const { app } = appWith();
    const first = await getJson(app, "/api/social/feed");
    expect(first.status).toBe(200);
    expect(first.body.source).toBe("live");
    expect(first.body.posts).toHaveLength(12);
    expect(first.body.posts[1]).toMatchObject({
      mediaType: "VIDEO",
      mediaUrl: "https://cdn.fake.example/surfcatalog/2-thumb.jpg",
    });
    const second = await getJson(app, "/api/social/feed");
    expect(second.body).toEqual({ ...first.body, source: "cache" });
    expect(upstreamCalls("media")).toBe(1);
  });

  it("makes one upstream call for 100 concurrent requests (single flight)", async () => {
    fake.delayMs = 150;
    const { app } = appWith();
    const responses = await Promise.all(Array.from({ length: 100 }, () => getJson(app, "/api/social/feed")));
    expect(
      responses.every(
        (response) => response.status === 200 && response.body.source === "live" && response.body.posts.length === 12,
      ),
    ).toBe(true);
    expect(upstreamCalls("media")).toBe(1);
  });

  it("is 503 SOCIAL_UNAVAILABLE when the refresh fails and nothing is cached, and writes nothing", async () => {
    fake.ownMediaFailure = "500";
    const { app } = appWith();
    const { status, body, headers } = await getJson(app, "/api/social/feed");
    expect(status).toBe(503);
    expect(body).toEqual({
      error: "the social feed could not be fetched and no cached copy exists; try again in a few minutes",
      code: "SOCIAL_UNAVAILABLE",
    });
    expect(headers.get("cache-control")).toBe("no-store");
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("keeps serving the cached feed while the upstream is down or the token has expired", async () => {
    await appWith().app.request("/api/social/feed");
    fake.ownMediaFailure = "500";
    const { status, body } = await getJson(appWith({ token: "expired" }).app, "/api/social/feed");
    expect(status).toBe(200);
    expect(body.source).toBe("cache");
    expect(body.posts).toHaveLength(12);
  });

  it("treats a corrupt cache file as empty, and a failed refresh does not overwrite it", async () => {
    writeFileSync(cacheFile, "{corrupt");
    fake.ownMediaFailure = "slow";
    const started = performance.now();
    const { status } = await getJson(appWith().app, "/api/social/feed");
    expect(status).toBe(503);
    // Given up at the 500 ms timeout: the fake's slow answer takes 30 s.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(readFileSync(cacheFile, "utf8")).toBe("{corrupt");
  });
});

describe("GET /api/social/accounts", () => {
  it("is an empty list without credentials", async () => {
    expect((await getJson(appWith({ credentials: false }).app, "/api/social/accounts")).body).toEqual({ accounts: [] });
  });

  it("returns the latest snapshot of each curated account, ranked, with its history", async () => {
    const { app, store } = appWith();
    const now = new Date("2026-11-21T12:00:00Z");
    await store.update((cache) => ({
      ...cache,
      accounts: {
        wsl: scoreAccount("wsl", { username: "wsl", followers: 4_521_337, media: fakeMedia("wsl", 12) }, now),
        another: failedAccount("another", now),
        "not-curated": scoreAccount("not-curated", { username: "x", followers: 99, media: fakeMedia("x", 12) }, now),
      },
    }));
    const { body } = await getJson(app, "/api/social/accounts");
    expect(body.accounts.map((account: { handle: string }) => account.handle)).toEqual(["wsl", "another"]);
    expect(body.accounts[0]).toMatchObject({ ok: true, followers: 4_521_337, history: [{ followers: 4_521_337 }] });
    expect(body.accounts[1]).toMatchObject({ ok: false, score: null, active: false });
  });
});

describe("GET /api/events/live-media", () => {
  // In the fixture, Pipe Pro (org wsl, handle wsl) runs 2027-01-27..02-08 in Honolulu; the Eddie's org has no handle.
  const DURING_PIPE = "2027-01-28T00:00:00Z";

  it("is empty, without calling upstream, when no event is live (fetchedAt: the server's start)", async () => {
    const { body } = await getJson(appWith({ now: "2026-11-21T12:00:00Z" }).app, "/api/events/live-media");
    expect(body).toEqual({
      posts: [],
      eventSlug: null,
      eventName: null,
      username: null,
      fetchedAt: "2026-11-21T06:00:00.000Z",
      source: "cache",
    });
    expect(fake.calls).toEqual([]);
  });

  it("is empty when the live event's organization has no social handle", async () => {
    const { body } = await getJson(appWith({ now: "2027-01-22T12:00:00Z" }).app, "/api/events/live-media");
    expect(body).toMatchObject({ posts: [], eventSlug: "the-eddie-2026", username: null });
    expect(fake.calls).toEqual([]);
  });

  it("is empty without credentials", async () => {
    const { body } = await getJson(appWith({ credentials: false, now: DURING_PIPE }).app, "/api/events/live-media");
    expect(body).toMatchObject({ posts: [], eventSlug: "pipe-pro-2027" });
  });

  it("fetches the organizer's posts (live), serves them from the cache for an hour, then fetches again", async () => {
    const live = await getJson(appWith({ now: DURING_PIPE }).app, "/api/events/live-media");
    expect(live.body).toMatchObject({
      eventSlug: "pipe-pro-2027",
      eventName: "Pipe Pro",
      username: "wsl",
      source: "live",
      fetchedAt: "2027-01-28T00:00:00.000Z",
    });
    expect(live.body.posts).toHaveLength(12);
    for (const post of live.body.posts) for (const value of Object.values(post)) expect(typeof value).toBe("string");
    const callsAfterFirst = upstreamCalls("discovery");

    const cached = await getJson(appWith({ now: "2027-01-28T00:59:59Z" }).app, "/api/events/live-media");
    expect(cached.body).toEqual({ ...live.body, source: "cache" });
    expect(upstreamCalls("discovery")).toBe(callsAfterFirst);

    const expired = await getJson(appWith({ now: "2027-01-28T01:00:00Z" }).app, "/api/events/live-media");
    expect(expired.body).toMatchObject({ source: "live", fetchedAt: "2027-01-28T01:00:00.000Z" });
    expect(upstreamCalls("discovery")).toBeGreaterThan(callsAfterFirst);
  });

  it("falls back to the stale cache when a fetch fails, and to the empty payload without one", async () => {
    await appWith({ now: DURING_PIPE }).app.request("/api/events/live-media");
    const stale = await getJson(
      appWith({ now: "2027-01-28T05:00:00Z", token: "throttled" }).app,
      "/api/events/live-media",
    );
    expect(stale.body).toMatchObject({ source: "cache", fetchedAt: "2027-01-28T00:00:00.000Z", username: "wsl" });
    expect(stale.body.posts).toHaveLength(12);

    rmSync(cacheFile);
    const empty = await getJson(
      appWith({ now: "2027-01-28T05:00:00Z", token: "expired" }).app,
      "/api/events/live-media",
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ posts: [], eventSlug: "pipe-pro-2027", source: "cache" });
  });
});
