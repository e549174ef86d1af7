/**
 * The three social endpoints' answers held against the description: without credentials,
 * fetched live, from the cache, with scored and unreadable accounts, and the feed's 503.
 * The social network is the Graph API fake on loopback; every check runs through
 * `app.request` and through the real server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../runtime/config.ts";
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { createGraphClient } from "../../runtime/social/graph-client.ts";
import { failedAccount, scoreAccount } from "../../runtime/social/scoring.ts";
import { SocialService } from "../../runtime/social/service.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, fakeMedia, startFakeGraph } from "../../scripts/fake-graph.ts";
import { ALLOWED_ORIGIN, testCatalog } from "../helpers/app.ts";
import { Contract, testDescription } from "../helpers/openapi.ts";
import { openTarget, TARGET_KINDS, type Target, type TargetKind } from "../helpers/targets.ts";
import { expectConforms, type Seen } from "./observe.ts";

const contract = new Contract(testDescription());
const dir = mkdtempSync(path.join(tmpdir(), "surf-contract-social-"));
const SOCIAL = ["/api/events/live-media", "/api/social/feed", "/api/social/accounts"];
/** A moment when a scheduled WSL event (the wave-pool Surf Abu Dhabi Pro; its organizer has a handle) is live. */
const LIVE_NOW = new Date("2026-10-15T10:00:00Z");

let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

let cases = 0;

/**
 * A target whose social integration talks to the fake (or to a closed port when `down`),
 * with a cache file of its own; `credentials: false` leaves the integration off.
 */
async function socialTarget(
  kind: TargetKind,
  { credentials = true, down = false, now = LIVE_NOW } = {},
): Promise<{ target: Target; cacheFile: string }> {
  const cacheFile = path.join(dir, `case-${++cases}.json`);
  const graph = credentials
    ? {
        baseUrl: down ? "http://127.0.0.1:9" : fake.url,
        version: "v25.0",
        userId: FAKE_USER_ID,
        accessToken: FAKE_TOKEN,
        timeoutMs: 2000,
      }
    : null;
  const socialConfig: ServerConfig["social"] = { graph, cacheFile };
  const social = new SocialService(
    testCatalog().snapshot,
    new FileSocialStore({ file: cacheFile, log: () => undefined }),
    { client: graph && createGraphClient(graph), log: () => undefined },
  );
  return { target: await openTarget(kind, { now: () => now, social, socialConfig }), cacheFile };
}

describe.each(TARGET_KINDS)("the social endpoints conform, through %s", (kind) => {
  const seen: Seen = new Map();
  const opened: Target[] = [];
  const open = async (options?: Parameters<typeof socialTarget>[1]) => {
    const made = await socialTarget(kind, options);
    opened.push(made.target);
    return made;
  };
  afterAll(async () => {
    for (const target of opened) await target.close();
  });
  const check = (target: Target, url: string, init?: RequestInit) => expectConforms(contract, seen, target, url, init);

  it("/api/social/feed: without credentials, fetched live, from the cache, and unavailable (503)", async () => {
    const off = await check((await open({ credentials: false })).target, "/api/social/feed");
    expect(JSON.parse(off.body).posts).toEqual([]);

    const { target } = await open();
    const live = await check(target, "/api/social/feed", { headers: { origin: ALLOWED_ORIGIN } });
    expect(JSON.parse(live.body)).toMatchObject({
      source: "live",
      posts: expect.arrayContaining([expect.objectContaining({ caption: null })]),
    });
    const cached = await check(target, "/api/social/feed");
    expect(JSON.parse(cached.body).source).toBe("cache");
    const etag = cached.headers.get("etag")!;
    expect((await check(target, "/api/social/feed", { headers: { "if-none-match": etag } })).status).toBe(304);

    const down = await check((await open({ down: true })).target, "/api/social/feed");
    expect(down.status).toBe(503);
  });

  it("/api/social/accounts: without credentials, and with scored and unreadable accounts", async () => {
    const off = await check((await open({ credentials: false })).target, "/api/social/accounts");
    expect(JSON.parse(off.body)).toEqual({ accounts: [] });

    const { target, cacheFile } = await open();
    await new FileSocialStore({ file: cacheFile, log: () => undefined }).update((cache) => ({
      ...cache,
      accounts: {
        wsl: scoreAccount("wsl", { username: "wsl", followers: 25_000, media: fakeMedia("wsl", 12) }, LIVE_NOW),
        isasurfing: failedAccount("isasurfing", LIVE_NOW),
      },
    }));
    const scored = await check(target, "/api/social/accounts");
    const handles = JSON.parse(scored.body).accounts.map((account: { handle: string }) => account.handle);
    expect(handles).toEqual(["wsl", "isasurfing"]);
    const etag = scored.headers.get("etag")!;
    expect((await check(target, "/api/social/accounts", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("/api/events/live-media: nothing live, live and fetched, then from the cache", async () => {
    const quiet = await check((await open({ now: new Date("2026-06-01T12:00:00Z") })).target, "/api/events/live-media");
    expect(JSON.parse(quiet.body)).toMatchObject({ posts: [], eventSlug: null });

    const { target } = await open();
    const live = await check(target, "/api/events/live-media");
    expect(JSON.parse(live.body)).toMatchObject({ source: "live", username: "wsl" });
    expect(JSON.parse(live.body).posts.length).toBeGreaterThan(0);
    const cached = await check(target, "/api/events/live-media");
    expect(JSON.parse(cached.body).source).toBe("cache");
    const etag = cached.headers.get("etag")!;
    expect((await check(target, "/api/events/live-media", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it.each(SOCIAL)("%s: 400 for a parameter, 405 for POST", async (template) => {
    const { target } = await open({ credentials: false });
    expect((await check(target, `${template}?limit=5`)).status).toBe(400);
    expect((await check(target, template, { method: "POST" })).status).toBe(405);
  });

  it("exercised every described status (but 500) of the social endpoints", () => {
    const unexercised: string[] = [];
    for (const template of SOCIAL) {
      for (const status of Object.keys(contract.operation(template).responses)) {
        if (status !== "500" && !seen.get(template)?.has(Number(status))) unexercised.push(`${template} ${status}`);
      }
    }
    expect(unexercised).toEqual([]);
  });
});
