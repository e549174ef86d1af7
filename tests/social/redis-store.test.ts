/**
 * The Redis store, against a real redis-server on loopback: the store suite every store
 * passes, and what only Redis offers: leases held across instances (processes), data kept
 * across a restart (append-only file), and an outage or a frozen Redis served from what
 * was last read, within the command timeout, logged once each way.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSocialStore } from "../../runtime/social/redis-store.ts";
import { failedAccount } from "../../runtime/social/scoring.ts";
import { startRedis, type TestRedis } from "../helpers/redis-server.ts";
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
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
      expect(performance.now() - started).toBeLessThan(150);
    }
    await expect(store.update((cache) => cache, 100)).rejects.toThrow();
    expect(await store.lease("feed", 1_000)).not.toBeNull(); // acts alone meanwhile
    await redis.start();
    const deadline = Date.now() + 5_000;
    while (!logs.some((line) => /reachable again/.test(line)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(logs.filter((line) => /is unreachable/.test(line))).toHaveLength(1);
    expect(logs.filter((line) => /is reachable again/.test(line))).toHaveLength(1);
    expect(logs).toHaveLength(2);
    const fresh = await connected(prefix);
    expect(Object.keys((await fresh.read()).accounts)).toEqual(["kept"]);
    await Promise.all([store.close(), fresh.close()]);
  }, 20_000);

  it("a frozen Redis costs a read one command timeout at most, then nothing until it answers again", async () => {
    const prefix = freshPlace();
    const logs: string[] = [];
    const store = await connected(prefix, (message) => logs.push(message));
    await store.update((cache) => ({ ...cache, accounts: { kept: failedAccount("kept", new Date(0)) } }));
    await raw.incr(`${prefix}revision`); // so the next read asks again
    redis.freeze(true);
    try {
      const started = performance.now();
      expect(Object.keys((await store.read()).accounts)).toEqual(["kept"]);
      // timeoutMs 400: a command gets 100 ms.
      expect(performance.now() - started).toBeLessThan(400);
      const again = performance.now();
      await store.read();
      expect(performance.now() - again).toBeLessThan(20);
    } finally {
      redis.freeze(false);
    }
    const deadline = Date.now() + 5_000;
    while (!logs.some((line) => /reachable again/.test(line)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(logs.map((line) => /is unreachable|is reachable again/.exec(line)?.[0])).toEqual([
      "is unreachable",
      "is reachable again",
    ]);
    await store.close();
  }, 20_000);
});
