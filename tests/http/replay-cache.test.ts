/**
 * What the replay cache keeps: an answer the second time its key is asked for, never a
 * key asked for once, and its 304 once its 200 is kept; and that the server's handler
 * answers from it. replay.test.ts shows that what it sends again is byte for byte what the
 * app made.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../runtime/http/answer.ts";
import { ReplayCache } from "../../runtime/http/replay-cache.ts";
import { requestHandler } from "../../runtime/http/serve.ts";
import { createLogger } from "../../runtime/log.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import { Metrics } from "../../runtime/metrics.ts";
import { testApp } from "../helpers/app.ts";

const PLAIN = { origin: null, acceptEncoding: null, ifNoneMatch: null };
const ok = (body: string): Answer => ({ status: 200, headers: ["etag", '"e1"'], body: Buffer.from(body) });
const notModified: Answer = { status: 304, headers: ["etag", '"e1"'], body: null };

function cache() {
  const memory = new MemoryBudget(16 * 2 ** 20);
  return { memory, replay: new ReplayCache(memory, new Set()) };
}

describe("the replay cache", () => {
  it("keeps an answer the second time its key is asked for, and sends it from then on", () => {
    const { memory, replay } = cache();
    const key = replay.keyOf("GET", "/api/spots?limit=2", PLAIN)!;
    replay.keep(key, ok("first"), "/api/spots");
    expect(replay.replay(key, PLAIN)).toBeUndefined();
    expect(memory.usedBytes).toBe(0);
    const second = ok("second");
    replay.keep(key, second, "/api/spots");
    expect(replay.replay(key, PLAIN)).toEqual({ answer: second, route: "/api/spots" });
    expect(memory.usedBytes).toBeGreaterThan(0);
  });

  it("keeps nothing of a stream of keys each asked for once", () => {
    const { memory, replay } = cache();
    for (let i = 0; i < 20_000; i++)
      replay.keep(replay.keyOf("GET", `/api/spots?q=w${i}`, PLAIN)!, ok("x".repeat(500)), "/api/spots");
    expect(memory.usedBytes).toBe(0);
    expect(replay.replay(replay.keyOf("GET", "/api/spots?q=w19999", PLAIN)!, PLAIN)).toBeUndefined();
  });

  it("forgets the oldest keys asked for once when a megabyte of newer ones came after them", () => {
    const { replay } = cache();
    const early = replay.keyOf("GET", "/api/spots?q=early", PLAIN)!;
    replay.keep(early, ok("early"), "/api/spots");
    for (let i = 0; i < 5_000; i++)
      replay.keep(replay.keyOf("GET", `/api/spots?q=${"w".repeat(80)}${i}`, PLAIN)!, ok("x"), "/api/spots");
    replay.keep(early, ok("early again"), "/api/spots");
    expect(replay.replay(early, PLAIN)).toBeUndefined();
    replay.keep(early, ok("early a third time"), "/api/spots");
    expect(replay.replay(early, PLAIN)?.answer.body?.toString()).toBe("early a third time");
  });

  it("keeps a 304 only beside its kept 200, and sends it to a request that holds that ETag", () => {
    const { replay } = cache();
    const conditional = { ...PLAIN, ifNoneMatch: '"e1"' };
    const key = replay.keyOf("GET", "/api/spots?limit=3", PLAIN)!;
    replay.keep(key, ok("first"), "/api/spots");
    replay.keep(key, notModified, "/api/spots");
    expect(replay.replay(key, conditional)).toBeUndefined();
    replay.keep(key, ok("second"), "/api/spots");
    replay.keep(key, notModified, "/api/spots");
    expect(replay.replay(key, conditional)?.answer).toBe(notModified);
    expect(replay.replay(key, PLAIN)?.answer.status).toBe(200);
  });
});

describe("the server's handler", () => {
  // The real app, counted: how often a request reached it rather than the cache.
  let appCalls = 0;
  const app = testApp();
  const counted = new Proxy(app, {
    get: (target, name) =>
      name === "request"
        ? (...args: Parameters<H3["request"]>) => {
            appCalls++;
            return target.request(...args);
          }
        : Reflect.get(target, name),
  });
  const serving = { app: counted, replay: new ReplayCache(new MemoryBudget(16 * 2 ** 20), new Set()) };
  const health = { shuttingDown: false, version: "test", builtAt: "" };
  const NO_SOURCES = {
    memory: () => ({ usedBytes: 0, maxBytes: 0 }),
    snapshot: () => health,
    socialFeedFetchedAt: async () => null,
    openConnections: () => 0,
  };
  const handler = requestHandler(
    () => serving,
    health,
    createLogger({ level: "silent" }),
    () => {},
    { metrics: new Metrics(NO_SOURCES), served: false },
  );
  const server = createServer(handler);
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("asks the app for a URL's first two requests, then answers the same bytes from the cache", async () => {
    const { port } = server.address() as AddressInfo;
    const get = async (path: string) =>
      Buffer.from(await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer());
    const bodies = [];
    for (let i = 0; i < 4; i++) bodies.push(await get("/api/spots?country=PT&limit=3"));
    expect(appCalls).toBe(2);
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
    await get("/api/spots?country=ES&limit=3");
    expect(appCalls).toBe(3);
  });
});
