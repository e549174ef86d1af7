/** Faults: oversized requests, a slow or failing upstream, an unwritable cache, SIGTERM mid-request. */

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../runtime/http/app.ts";
import { createLogger } from "../../runtime/log.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { SocialService } from "../../runtime/social/service.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, startFakeGraph } from "../../scripts/fake-graph.ts";
import { testCatalog } from "../helpers/app.ts";
import { runNode } from "../helpers/process.ts";
import { startTestServer } from "../helpers/server.ts";
import { waitUntil } from "../helpers/wait.ts";

let fake: FakeGraph;
const dir = mkdtempSync(path.join(tmpdir(), "surf-faults-"));
beforeAll(async () => {
  fake = await startFakeGraph();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const graph = (timeoutMs: number) => ({
  baseUrl: fake.url,
  version: "v25.0",
  userId: FAKE_USER_ID,
  accessToken: FAKE_TOKEN,
  timeoutMs,
});

/** Sends raw bytes and returns the status line (or what happened), within a deadline. */
function rawStatus(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", () => resolve(received.split("\r\n")[0] || "closed without an answer"));
    socket.on("error", () => undefined);
    setTimeout(() => socket.destroy(), 5_000);
  });
}

describe("oversized requests", () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(() => server.close());

  it("an oversized header gets a clean 431, not a hang", async () => {
    const status = await rawStatus(
      server.port,
      `GET /api/spots HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(status).toBe("HTTP/1.1 431 Request Header Fields Too Large");
  });

  it("an oversized URL gets a clean 4xx, not a hang", async () => {
    const status = await rawStatus(server.port, `GET /api/spots?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(status).toMatch(/^HTTP\/1\.1 4(14|31) /);
  });

  it("a long but acceptable URL gets the API's own 400", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/spots?q=${"a".repeat(5_000)}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_QUERY");
  });
});

describe("a slow upstream", () => {
  it("costs the social request no more than the upstream timeout, and nothing else anything", async () => {
    const cacheFile = path.join(dir, "slow", "social.json");
    // A timeout long enough that any machine answers the other requests well within it.
    const server = await startTestServer({ social: { graph: graph(4_000), cacheFile } });
    const base = `http://127.0.0.1:${server.port}`;
    fake.ownMediaFailure = "slow";
    try {
      const callsBefore = fake.calls.length;
      const started = performance.now();
      let feedAnswered = false;
      const feed = fetch(`${base}/api/social/feed`).then((response) => {
        feedAnswered = true;
        return response;
      });
      // Once the upstream has the feed's call, the other requests go on while it waits.
      await waitUntil("the upstream called", () => fake.calls.length > callsBefore);
      for (let i = 0; i < 20; i++) expect((await fetch(`${base}/api/spots?limit=5&offset=${i}`)).status).toBe(200);
      expect(feedAnswered).toBe(false);
      expect((await feed).status).toBe(503);
      // Given up at the timeout: the fake's slow answer takes 30 s.
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(existsSync(cacheFile)).toBe(false);
    } finally {
      fake.ownMediaFailure = null;
      await server.close();
    }
  });
});

describe("an unwritable cache directory", () => {
  it("is reported once, and the API serves fresh data anyway", async () => {
    const lines: string[] = [];
    const logger = createLogger({ format: "json", write: (text) => lines.push(...text.trim().split("\n")) });
    // Root can write anywhere, so make the folder impossible: a path below a file.
    const server = await startTestServer(
      { logLevel: "warn", social: { graph: graph(2_000), cacheFile: "/dev/null/surf/social.json" } },
      logger,
    );
    try {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`http://127.0.0.1:${server.port}/api/social/feed`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { source: string; posts: unknown[] }).posts).toHaveLength(12);
      }
      expect((await fetch(`http://127.0.0.1:${server.port}/api/spots?limit=1`)).status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const warnings = lines
        .map((line) => JSON.parse(line))
        .filter((line) => /cannot write the social cache/.test(line.msg));
      expect(warnings).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("SIGTERM", () => {
  it("lets a request in flight finish, then exits 0", async () => {
    fake.delayMs = 1_000;
    const server = runNode("runtime/server.ts", {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        SNAPSHOT_PATH: inject("snapshotPath"),
        LOG_LEVEL: "info",
        SOCIAL_GRAPH_URL: fake.url,
        SOCIAL_USER_ID: FAKE_USER_ID,
        SOCIAL_ACCESS_TOKEN: FAKE_TOKEN,
        SOCIAL_CACHE_FILE: path.join(dir, "sigterm", "social.json"),
      },
    });
    try {
      const base = await server.listening();
      const inFlight = fetch(`${base}/api/social/feed`, { headers: { connection: "close" } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill("SIGTERM");
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(((await response.json()) as { source: string }).source).toBe("live");
      expect(await server.exited).toBe(0);
      const events = server
        .output()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).event)
        .filter(Boolean);
      expect(events.slice(-2)).toEqual(["shutdown", "stopped"]);
    } finally {
      fake.delayMs = 0;
      server.child.kill("SIGKILL");
    }
  }, 30_000);

  it("exits within seconds even when nobody reads its log (the flush before exit gives up)", async () => {
    const server = runNode("runtime/server.ts", {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SNAPSHOT_PATH: inject("snapshotPath"), LOG_LEVEL: "info" },
    });
    try {
      const base = await server.listening();
      server.child.stdout!.pause(); // from here on the pipe fills and stays full
      // About 300 bytes a line: far more than a pipe holds, and left pending in the logger.
      for (let round = 0; round < 40; round++) {
        await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}/api/spots?limit=1`).then((r) => r.text())));
      }
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000, "alive"))]);
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 40_000);
});

describe("an unexpected failure (a bug)", () => {
  it("answers 500 INTERNAL with a generic message, and reports the real error to the log only", async () => {
    const catalog = testCatalog();
    class BrokenSocial extends SocialService {
      override async feed(): Promise<never> {
        throw new TypeError("cannot read 'x' of undefined at /work/main/runtime/secret.ts:12");
      }
    }
    const reported: unknown[] = [];
    const social = new BrokenSocial(
      catalog.snapshot,
      new FileSocialStore({ file: path.join(dir, "broken", "social.json") }),
      { client: null },
    );
    const app = createApp({ catalog, corsOrigins: new Set(), social, reportFailure: (error) => reported.push(error) });
    const response = await app.request("/api/social/feed");
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "internal error; please try again later", code: "INTERNAL" });
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain("cannot read 'x' of undefined");
    expect((await app.request("/api/spots?limit=1")).status).toBe(200);
  });
});
