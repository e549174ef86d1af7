/**
 * Many replicas on one Redis (SOCIAL_STORE_URL), against the fake Graph API that counts
 * calls: three server processes make one upstream call for 150 concurrent feed requests;
 * live media is fetched once an hour for the three; refresh-social writes the store they
 * read; and Redis stopped under load and started again (same port and folder) costs no
 * 5xx, no data, and one outage line and one recovery line per server.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createLogger } from "../../runtime/log.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, startFakeGraph } from "../../scripts/fake-graph.ts";
import { type RunningProcess, runNode } from "../helpers/process.ts";
import { startRedis, type TestRedis } from "../helpers/redis-server.ts";
import { startTestServer } from "../helpers/server.ts";
import { waitUntil } from "../helpers/wait.ts";

let redis: TestRedis;
let fake: FakeGraph;
beforeAll(async () => {
  [redis, fake] = await Promise.all([startRedis(), startFakeGraph()]);
});
afterAll(async () => {
  await Promise.all([redis.remove(), fake.close()]);
});
beforeEach(async () => {
  const raw = new Redis(redis.url);
  await raw.flushdb();
  raw.disconnect();
  fake.calls.length = 0;
  fake.delayMs = 0;
});

const socialEnv = () => ({
  ...process.env,
  SNAPSHOT_PATH: inject("snapshotPath"),
  SOCIAL_STORE_URL: redis.url,
  SOCIAL_GRAPH_URL: fake.url,
  SOCIAL_USER_ID: FAKE_USER_ID,
  SOCIAL_ACCESS_TOKEN: FAKE_TOKEN,
  SOCIAL_TIMEOUT_MS: "2000",
});

/** Server processes on the one Redis; `stop` kills them all. */
async function replicas(count: number): Promise<{ bases: string[]; processes: RunningProcess[]; stop(): void }> {
  const env = { ...socialEnv(), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" };
  const processes = Array.from({ length: count }, () => runNode("runtime/server.ts", { env }));
  const stop = () => {
    for (const server of processes) server.child.kill("SIGKILL");
  };
  try {
    return { bases: await Promise.all(processes.map((server) => server.listening())), processes, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Servers in this process, each with its own Redis connection: replicas whose clock a test sets. */
async function inProcessReplicas(count: number, now?: () => Date): Promise<RunningServer[]> {
  const config = {
    logLevel: "silent" as const,
    social: {
      cacheFile: "/nonexistent/unused.json",
      storeUrl: redis.url,
      graph: { baseUrl: fake.url, version: "v25.0", userId: FAKE_USER_ID, accessToken: FAKE_TOKEN, timeoutMs: 2000 },
    },
  };
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++)
    servers.push(await startTestServer(config, createLogger({ level: "silent" }), { now }));
  return servers;
}

const ownMediaCalls = () => fake.calls.filter((call) => call.path.endsWith("/media")).length;
/** Fetches of an account's posts: each is a first page, then pages with `after(`. */
const discoveries = () =>
  fake.calls.filter((call) => call.fields?.startsWith("business_discovery") && !call.fields.includes(".after(")).length;

async function getJson(
  url: string,
): Promise<{ status: number; body: Record<string, unknown> & { posts?: unknown[] } }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: response.status < 500 ? JSON.parse(text) : { text } };
}

describe("three replicas on one Redis", () => {
  it("150 concurrent feed requests over three server processes, on an empty cache: one upstream call", async () => {
    const fleet = await replicas(3);
    try {
      fake.delayMs = 300; // the winner's fetch takes a while: the others arrive while it runs
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => getJson(`${fleet.bases[i % 3]}/api/social/feed`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(150).fill(200));
      expect(answers.every((answer) => answer.body.posts?.length === 12)).toBe(true);
      expect(new Set(answers.map((answer) => answer.body.fetchedAt)).size).toBe(1);
      expect(ownMediaCalls()).toBe(1);
      // And afterwards, from the shared cache, on every replica.
      for (const base of fleet.bases) expect((await getJson(`${base}/api/social/feed`)).body.source).toBe("cache");
      expect(ownMediaCalls()).toBe(1);
    } finally {
      fleet.stop();
    }
  }, 60_000);

  it("live media: one fetch for the three per hour, however many requests", async () => {
    // A scheduled WSL event (its organizer has a handle) is live then; the clock is the servers' own option.
    let clock = Date.parse("2026-10-15T10:00:00Z");
    const servers = await inProcessReplicas(3, () => new Date(clock));
    const burst = async () => {
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => getJson(`http://127.0.0.1:${servers[i % 3].port}/api/events/live-media`)),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.body.username === "wsl")).toBe(true);
      return answers;
    };
    try {
      fake.delayMs = 200;
      const first = await burst();
      expect(first.every((answer) => answer.body.posts?.length === 12)).toBe(true);
      expect(discoveries()).toBe(1);
      clock += 59 * 60_000;
      await burst();
      expect(discoveries()).toBe(1);
      clock += 60_000; // an hour after the fetch
      const later = await burst();
      expect(discoveries()).toBe(2);
      // Every replica serves a copy of the hour: the new one, or the old one while the new one is fetched.
      const times = new Set(later.map((answer) => answer.body.fetchedAt));
      expect(
        [...times].every((time) => ["2026-10-15T10:00:00.000Z", "2026-10-15T11:00:00.000Z"].includes(time as string)),
      ).toBe(true);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  }, 60_000);
});

describe("the backoff after an upstream failure", () => {
  it("is shared: after one replica's failed call, the others make none", async () => {
    const servers = await inProcessReplicas(3);
    fake.failure = "throttled";
    try {
      for (let round = 0; round < 5; round++)
        for (const server of servers)
          expect((await getJson(`http://127.0.0.1:${server.port}/api/social/feed`)).status).toBe(503);
      expect(fake.calls).toHaveLength(1);
      const raw = new Redis(redis.url);
      const ttl = await raw.pttl("surf:social:backoff");
      raw.disconnect();
      // Retry-After: 120 s, kept in Redis for as long.
      expect(ttl).toBeGreaterThan(100_000);
      expect(ttl).toBeLessThanOrEqual(120_000);
    } finally {
      fake.failure = null;
      await Promise.all(servers.map((server) => server.close()));
    }
  }, 30_000);
});

describe("a frozen Redis (it accepts connections and answers nothing)", () => {
  it("costs a request no more than SOCIAL_TIMEOUT_MS: the feed is served from memory", async () => {
    const [server] = await inProcessReplicas(1);
    const url = `http://127.0.0.1:${server.port}/api/social/feed`;
    try {
      expect((await getJson(url)).body).toMatchObject({ source: "live" });
      redis.freeze(true);
      // A frozen Redis never answers: each request is bounded by the 2 s timeout, far under 10 s.
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const { status, body } = await getJson(url);
        expect(status).toBe(200);
        expect(body.posts).toHaveLength(12);
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    } finally {
      redis.freeze(false);
      await server.close();
    }
    expect(ownMediaCalls()).toBe(1);
  }, 30_000);
});

describe("Redis stopped and started again under load", () => {
  it("no 5xx, data served throughout, nothing lost, the outage and the recovery logged once", async () => {
    const refresh = runNode("scripts/refresh-social.ts", { env: socialEnv() });
    expect([0, 2]).toContain(await refresh.exited);
    expect(refresh.output()).toMatch(/feed @surfcatalog: ok, 12 posts/);
    const callsAfterRefresh = fake.calls.length;

    const fleet = await replicas(2);
    const statuses: number[] = [];
    const problems: string[] = [];
    let loading = true;
    let rounds = 0;
    const load = (async () => {
      for (let round = 0; loading; round++) {
        const base = fleet.bases[round % 2];
        const [feed, accounts, spots] = await Promise.all([
          getJson(`${base}/api/social/feed`),
          getJson(`${base}/api/social/accounts`),
          getJson(`${base}/api/spots?limit=1`),
        ]);
        statuses.push(feed.status, accounts.status, spots.status);
        if (feed.body.posts?.length !== 12) problems.push(`feed without its posts: ${JSON.stringify(feed.body)}`);
        const scored = (accounts.body.accounts as { handle: string; ok: boolean }[] | undefined) ?? [];
        if (!scored.some((account) => account.handle === "wsl" && account.ok)) problems.push("accounts lost");
        rounds++;
      }
    })();
    /** Waits until the load has made `count` more rounds of requests (whatever the machine's speed). */
    const moreRounds = async (count: number) => {
      const target = rounds + count;
      await waitUntil(`${count} more rounds of requests`, () => rounds >= target);
    };
    const logged = (pattern: RegExp) =>
      fleet.processes.map(
        (server) =>
          server
            .output()
            .split("\n")
            .filter((line) => pattern.test(line)).length,
      );
    try {
      await moreRounds(5); // before the outage
      await redis.stop();
      await waitUntil("both servers saw the outage", () => logged(/is unreachable/).every((count) => count > 0));
      await moreRounds(10); // during it
      await redis.start();
      await waitUntil("both servers found Redis back", () => logged(/is reachable again/).every((count) => count > 0));
      await moreRounds(5); // after it
    } finally {
      loading = false;
      await load;
    }
    try {
      expect(problems.slice(0, 3)).toEqual([]);
      expect(statuses.length).toBeGreaterThanOrEqual(3 * 20);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(logged(/social store .* is unreachable/)).toEqual([1, 1]);
      expect(logged(/social store .* is reachable again/)).toEqual([1, 1]);
      // A new replica after the restart finds everything in Redis: no upstream call.
      const late = await replicas(1);
      try {
        const feed = await getJson(`${late.bases[0]}/api/social/feed`);
        expect(feed.body).toMatchObject({ source: "cache" });
        expect(feed.body.posts).toHaveLength(12);
      } finally {
        late.stop();
      }
      expect(fake.calls.length).toBe(callsAfterRefresh);
    } finally {
      fleet.stop();
    }
  }, 60_000);
});
