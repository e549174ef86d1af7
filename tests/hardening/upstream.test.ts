/**
 * A hostile or failing Graph API, on loopback (scripts/fake-graph.ts), at small scale:
 * throttling, an error that echoes the token, an endless answer, posts of the wrong shape,
 * a cache file of the wrong shape, a held lock, an unwritable cache. Each case is one of
 * issue 14's, bounded in time; `npm run attack` runs the same at full scale.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../runtime/http/app.ts";
import { createLogger } from "../../runtime/log.ts";
import { createRedactor } from "../../runtime/redact.ts";
import { BACKOFF_MAX_MS, BACKOFF_START_MS, Backoff } from "../../runtime/social/backoff.ts";
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { createGraphClient, GraphError } from "../../runtime/social/graph-client.ts";
import { SocialService } from "../../runtime/social/service.ts";
import { FAKE_USER_ID, type FakeGraph, fakeMedia, startFakeGraph } from "../../scripts/fake-graph.ts";
import { getJson } from "../helpers/app.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";
import { FIXTURES } from "../helpers/fixtures.ts";

const catalog = await catalogFrom(`${FIXTURES}/minimal`);
const dir = mkdtempSync(path.join(tmpdir(), "surf-upstream-"));
const TOKEN = "EAAB-SECRET-token-0123456789abcdef";
const DURING_PIPE = "2027-01-28T00:00:00Z";
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
  fake.failure = null;
  fake.ownMedia = fakeMedia("surfcatalog", 12);
});

/** The social endpoints over the fake, with a real logger whose lines are kept; `token` defaults to a good one. */
function appWith({ token = "fake-token", timeoutMs = 500, maxBodyBytes = 2 ** 20, now = DURING_PIPE } = {}) {
  const lines: string[] = [];
  const redact = createRedactor([token]);
  const logger = createLogger({ format: "json", write: (text) => lines.push(text), redact });
  const store = new FileSocialStore({ file: cacheFile, log: (message) => logger.warn(message), redact });
  const client = createGraphClient({
    baseUrl: fake.url,
    version: "v25.0",
    userId: FAKE_USER_ID,
    accessToken: token,
    timeoutMs,
    maxBodyBytes,
  });
  const social = new SocialService(catalog.snapshot, store, {
    client,
    log: (message) => logger.warn(message),
    timeoutMs,
  });
  const app = createApp({ catalog, corsOrigins: new Set(), now: () => new Date(now), social });
  return { app, lines, store };
}

const calls = () => fake.calls.length;

describe("a failing upstream is not hammered", () => {
  it("50 feed requests and 50 live-media requests against a throttling upstream: one call in all", async () => {
    fake.failure = "throttled";
    const { app, lines } = appWith();
    const feed = await Promise.all(Array.from({ length: 25 }, () => getJson(app, "/api/social/feed")));
    for (let i = 0; i < 25; i++) feed.push(await getJson(app, "/api/social/feed"));
    const media = [];
    for (let i = 0; i < 50; i++) media.push(await getJson(app, "/api/events/live-media"));
    expect(feed.every((answer) => answer.status === 503)).toBe(true);
    expect(media.every((answer) => answer.status === 200 && answer.body.posts.length === 0)).toBe(true);
    // The first feed request calls; every other request of both endpoints waits out the shared backoff.
    expect(calls()).toBe(1);
    const warnings = lines.filter((line) => line.includes('"level":"warn"'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/rate limited.*no call to the social network for 120 s/);
  });

  it("backs off 30 s, doubling to 10 minutes, and longer when Retry-After asks", () => {
    let now = 0;
    const backoff = new Backoff(BACKOFF_START_MS, BACKOFF_MAX_MS, () => now);
    const waits = Array.from({ length: 7 }, () => backoff.failed(new Error("down")));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
    expect(backoff.waitMs()).toBe(600_000);
    now += 600_000;
    expect(backoff.waitMs()).toBe(0);
    backoff.succeeded();
    expect(backoff.failed(new GraphError("throttled", "rate limited", 4, 900_000))).toBe(900_000);
    expect(backoff.failed(new GraphError("throttled", "rate limited", 4, 86_400_000))).toBe(3_600_000);
  });

  it("fresh data that cannot be written is served from memory: the next request does not fetch again", async () => {
    // A file where the cache's folder should be: every write fails (even for root).
    writeFileSync(path.join(path.dirname(cacheFile), "not-a-folder"), "");
    cacheFile = path.join(path.dirname(cacheFile), "not-a-folder", "social.json");
    const { app, lines } = appWith();
    const first = await getJson(app, "/api/social/feed");
    expect(first.body).toMatchObject({ source: "live" });
    const callsAfterFirst = calls();
    for (let i = 0; i < 20; i++) {
      const again = await getJson(app, "/api/social/feed");
      expect(again.body).toMatchObject({ source: "cache", fetchedAt: first.body.fetchedAt });
      expect(again.body.posts).toEqual(first.body.posts);
    }
    expect(calls()).toBe(callsAfterFirst);
    expect(lines.filter((line) => line.includes("cannot write the social cache"))).toHaveLength(1);
  });
});

describe("the token never leaves the process", () => {
  it("an upstream that echoes it: not in the log, the answer or the cache file", async () => {
    fake.failure = "echo-token";
    const { app, lines } = appWith({ token: TOKEN });
    const feed = await getJson(app, "/api/social/feed");
    const media = await getJson(app, "/api/events/live-media");
    expect(feed.status).toBe(503);
    const everything = [...lines, JSON.stringify(feed.body), JSON.stringify(media.body)].join("\n");
    expect(lines.join("")).toMatch(/Invalid OAuth access token \[redacted\]/);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(encodeURIComponent(TOKEN));
    expect(existsSync(cacheFile) ? readFileSync(cacheFile, "utf8") : "").not.toContain(TOKEN);
  });

  it("the client's errors carry no token, in any encoding", async () => {
    fake.failure = "echo-token";
    const client = createGraphClient({
      baseUrl: fake.url,
      version: "v25.0",
      userId: FAKE_USER_ID,
      accessToken: "tok/en+with space&more",
      timeoutMs: 500,
    });
    const error = await client.ownMedia(12).catch((thrown: GraphError) => thrown);
    expect(error).toBeInstanceOf(GraphError);
    expect((error as GraphError).message).toBe("access token rejected: Invalid OAuth access token [redacted]");
  });
});

describe("answers too large are abandoned", () => {
  it("a 64 MB answer is read no further than the cap", async () => {
    fake.failure = "huge";
    fake.hugeBytes = 64 * 2 ** 20;
    fake.hugeSent = 0;
    const client = createGraphClient({
      baseUrl: fake.url,
      version: "v25.0",
      userId: FAKE_USER_ID,
      accessToken: "fake-token",
      timeoutMs: 5000,
      maxBodyBytes: 2 ** 20,
    });
    const error = await client.ownMedia(12).catch((thrown: GraphError) => thrown);
    expect(error).toMatchObject({ kind: "bad-response" });
    expect((error as GraphError).message).toMatch(/larger than 1048576 bytes; not read/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // What the fake got into the socket before it closed: the cap and the kernel's buffers, not 64 MB.
    expect(fake.hugeSent).toBeLessThan(16 * 2 ** 20);
  });
});

describe("data is checked at both borders", () => {
  it("posts of the wrong shape from upstream are left out and counted; the others are served", async () => {
    const good = fakeMedia("surfcatalog", 3);
    fake.ownMedia = [
      good[0],
      { ...good[1], id: { $ne: 1 } },
      { ...good[2], caption: 42 },
      { ...good[0], id: "evil-1", permalink: "javascript:alert(2)" },
      { ...good[0], id: "evil-2", media_url: "http://insecure.example/a.jpg" },
      good[2],
    ] as never;
    const { app, lines } = appWith();
    const { body } = await getJson(app, "/api/social/feed");
    expect(body.posts.map((post: { id: string }) => post.id)).toEqual(["surfcatalog-1", "surfcatalog-3"]);
    expect(lines.join("")).toContain("left out 4 own media that failed validation");
    expect(readFileSync(cacheFile, "utf8")).not.toMatch(/javascript:|\$ne|insecure/);
  });

  it.each([
    ['{"version":1,"feed":null,"accounts":null,"liveMedia":{}}', "accounts"],
    ['{"version":1,"feed":5,"accounts":{},"liveMedia":{}}', "feed"],
    ['{"version":1,"feed":{"username":"x","fetchedAt":"now","posts":[]},"accounts":{},"liveMedia":{}}', "fetchedAt"],
  ])("a cache file of the wrong shape (%s) is corrupt: served as empty, never a 500", async (text, field) => {
    writeFileSync(cacheFile, text);
    fake.failure = "throttled";
    const { app, lines } = appWith();
    expect((await getJson(app, "/api/social/accounts")).body).toEqual({ accounts: [] });
    expect((await getJson(app, "/api/social/feed")).status).toBe(503);
    expect((await getJson(app, "/api/social/accounts")).status).toBe(200);
    const corrupt = lines.filter((line) => line.includes("is not of the cache's shape"));
    expect(corrupt).toHaveLength(1);
    expect(corrupt[0]).toContain(field);
    expect(readFileSync(cacheFile, "utf8")).toBe(text); // kept for a person until a good write
  });

  it("a corrupt file is set aside by the next good write", async () => {
    writeFileSync(cacheFile, '{"version":1,"feed":5,"accounts":{},"liveMedia":{}}');
    const { app } = appWith();
    expect((await getJson(app, "/api/social/feed")).body).toMatchObject({ source: "live" });
    expect(readdirSync(path.dirname(cacheFile)).some((name) => name.startsWith("social.json.corrupt-"))).toBe(true);
    expect(JSON.parse(readFileSync(cacheFile, "utf8")).feed.posts).toHaveLength(12);
  });
});

describe("no request waits longer than SOCIAL_TIMEOUT_MS", () => {
  it("a lock held by a live process: the feed is served fresh within the timeout, from memory", async () => {
    writeFileSync(`${cacheFile}.lock`, JSON.stringify({ pid: process.pid, host: "another-host", at: Date.now() }));
    const { app } = appWith({ timeoutMs: 400 });
    const started = performance.now();
    const { status, body } = await getJson(app, "/api/social/feed");
    const elapsed = performance.now() - started;
    expect(status).toBe(200);
    expect(body.posts).toHaveLength(12);
    // Not the lock's wait (10 s, and the lock is never released here): the 400 ms timeout's.
    expect(elapsed).toBeLessThan(5_000);
    rmSync(`${cacheFile}.lock`);
  });
});
