/**
 * The Redis store, against a real redis-server on loopback: the store suite every store
 * passes, and what only Redis offers: leases held across instances (processes), data kept
 * across a restart (append-only file), and an outage or a frozen Redis served from what
 * was last read, logged once each way. What Redis was asked while frozen is read from its
 * MONITOR stream once it goes on: one command timed out, then none until it answered again.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSocialStore } from "../../runtime/social/redis-store.ts";
import { failedAccount } from "../../runtime/social/scoring.ts";
import { startRedis, type TestRedis } from "../helpers/redis-server.ts";
import { waitUntil } from "../helpers/wait.ts";
import { redactorFor, storeSuite } from "./store-suite.ts";

let redis: TestRedis;
let raw: Redis;
beforeAll(async () => {
  redis = await startRedis();
  raw = new Redis(redis.url);
});
afterAll(async () => {
  raw.disconnect();
  await redis.remove();
});

let places = 0;
const freshPlace = () => `test-${process.pid}-${++places}:`;
const open = (prefix: string, options: { log?: (message: string) => void; token?: string } = {}) =>
  new RedisSocialStore({
    url: redis.url,
    prefix,
    timeoutMs: 400,
    log: options.log ?? (() => undefined),
    redact: redactorFor(options.token),
  });
/** A store that has connected (a server waits for this before it listens). */
async function connected(prefix: string, log?: (message: string) => void): Promise<RedisSocialStore> {
  const store = open(prefix, { log });
  await store.connect();
  return store;
}

storeSuite("Redis", () => ({
  freshPlace,
  open,
  writeRaw: async (prefix, text) => {
    await raw.multi().set(`${prefix}cache`, text).incr(`${prefix}revision`).exec();
  },
  readRaw: async (prefix) => (await raw.get(`${prefix}cache`)) ?? "",
}));

describe("Redis only", () => {
  it("a lease is held once across instances (as across replicas)", async () => {
    const prefix = freshPlace();
    const [a, b] = [await connected(prefix), await connected(prefix)];
    const held = await a.lease("feed", 10_000);
    expect(held).not.toBeNull();
    expect(await b.lease("feed", 10_000)).toBeNull();
    await held!.release();
    expect(await b.lease("feed", 10_000)).not.toBeNull();
    await Promise.all([a.close(), b.close()]);
  });

  it("a restart loses nothing (append-only file); an outage is served from memory, logged once each way", async () => {
    const prefix = freshPlace();
    const logs: string[] = [];
    const store = await connected(prefix, (message) => logs.push(message));
    await store.update((cache) => ({ ...cache, accounts: { kept: failedAccount("kept", new Date(0)) } }));
    await redis.stop();
    // Answered while Redis is down: a store that waited for it would never answer here.
    for (let i = 0; i < 20; i++) expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
    expect(logs.filter((line) => /is unreachable/.test(line))).toHaveLength(1);
    await expect(store.update((cache) => cache, 100)).rejects.toThrow();
    expect(await store.lease("feed", 1_000)).not.toBeNull(); // acts alone meanwhile
    await redis.start();
    await waitUntil("Redis found back", () => logs.some((line) => /reachable again/.test(line)));
    expect(logs.filter((line) => /is unreachable/.test(line))).toHaveLength(1);
    expect(logs.filter((line) => /is reachable again/.test(line))).toHaveLength(1);
    expect(logs).toHaveLength(2);
    const fresh = await connected(prefix);
    expect(Object.keys((await fresh.read()).accounts)).toEqual(["kept"]);
    await Promise.all([store.close(), fresh.close()]);
  }, 20_000);

  it("a frozen Redis costs a read one timed-out command, then no command until it answers again", async () => {
    const prefix = freshPlace();
    const logs: string[] = [];
    const store = await connected(prefix, (message) => logs.push(message));
    await store.update((cache) => ({ ...cache, accounts: { kept: failedAccount("kept", new Date(0)) } }));
    await raw.incr(`${prefix}revision`); // so the next read asks again
    const asked: string[][] = [];
    const monitor = await raw.monitor();
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (args.some((arg) => arg.startsWith(prefix))) asked.push(args);
    });
    redis.freeze(true);
    try {
      // Each read gives what was last read; the first waits for its command to time out (100 ms of timeoutMs 400).
      expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
      expect(logs.map((line) => /is unreachable/.exec(line)?.[0])).toEqual(["is unreachable"]);
      expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
      expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
    } finally {
      redis.freeze(false);
    }
    await waitUntil("Redis found back", () => logs.some((line) => /reachable again/.test(line)));
    expect(logs.map((line) => /is unreachable|is reachable again/.exec(line)?.[0])).toEqual([
      "is unreachable",
      "is reachable again",
    ]);
    // Redis runs what waited in its socket in order: the probe that found it back comes after any read's command.
    await waitUntil("the probe's command seen by Redis", () => asked.some(([command]) => command === "exists"));
    monitor.disconnect();
    const reads = asked.filter(([command]) => command === "get" || command === "mget");
    expect(reads).toEqual([["get", `${prefix}revision`]]);
    await store.close();
  }, 20_000);
});
