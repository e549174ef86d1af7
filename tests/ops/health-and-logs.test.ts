/** /healthz, one structured log line per request, and compression over a real socket. */

import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLogger } from "../../runtime/log.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startTestServer } from "../helpers/server.ts";

const lines: Record<string, unknown>[] = [];
let server: RunningServer;
let base: string;

beforeAll(async () => {
  const logger = createLogger({
    format: "json",
    write: (text) =>
      lines.push(
        ...text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line)),
      ),
  });
  server = await startTestServer({ drainMs: 400 }, logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

/** A raw request: fetch would decompress on its own and hide what was sent. */
const raw = (path: string, headers: Record<string, string> = {}) => rawRequest(`${base}${path}`, headers);

const logged = async (requestId: string) => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.find((line) => line.requestId === requestId);
};

describe("/healthz", () => {
  it("answers 200 with the snapshot's version and build time, never cached", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { status: string; version: string; builtAt: string };
    // The build's own time, as the snapshot records it (not the file's modification time).
    const { builtAt } = JSON.parse(readFileSync(inject("snapshotPath"), "latin1"));
    expect(builtAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(body).toEqual({ status: "ok", version: server.version(), builtAt });
  });

  it("answers a request in absolute form (GET http://host/healthz), as proxies send it", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.end(`GET http://127.0.0.1:${server.port}/healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      });
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("end", () => resolve({ status: Number(text.split(" ")[1]), body: text.split("\r\n\r\n")[1] }));
      socket.on("error", reject);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ok", version: server.version() });
  });

  it("answers 405 to other methods", async () => {
    expect((await fetch(`${base}/healthz`, { method: "POST" })).status).toBe(405);
  });
});

describe("request logs", () => {
  it("logs method, path, query, status, duration, its own request id and the caller's beside it", async () => {
    const response = await fetch(`${base}/api/spots?country=PT&limit=2`, {
      headers: { "x-request-id": "trace-42.a:b" },
    });
    // The caller's id is never echoed: a shared cache would hand it to every later client.
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await logged(id)).toEqual({
      time: expect.stringMatching(/Z$/),
      level: "info",
      msg: "request",
      method: "GET",
      path: "/api/spots",
      query: "country=PT&limit=2",
      status: 200,
      durationMs: expect.any(Number),
      requestId: id,
      clientRequestId: "trace-42.a:b",
    });
  });

  it("makes its own id whatever the caller sends, and logs no caller's id that is not sane", async () => {
    for (const sent of [undefined, "has spaces and ünïcode", "x".repeat(200)]) {
      const response = await fetch(`${base}/api/surfers?limit=1`, {
        headers: sent === undefined ? {} : { "x-request-id": sent },
      });
      const id = response.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = await logged(id);
      expect(line).toMatchObject({ status: 200, path: "/api/surfers" });
      expect(line).not.toHaveProperty("clientRequestId");
    }
  });

  it("logs errors too, and never a secret from the query", async () => {
    const response = await fetch(`${base}/api/spots?access_token=hunter2&apiKey=abc&q=x`, {
      headers: { "x-request-id": "secret-test" },
    });
    expect(response.status).toBe(400);
    const line = await logged(response.headers.get("x-request-id")!);
    expect(line).toMatchObject({
      status: 400,
      query: "access_token=[redacted]&apiKey=[redacted]&q=x",
      clientRequestId: "secret-test",
    });
    expect(JSON.stringify(lines)).not.toContain("hunter2");
  });
});

describe("compression", () => {
  const path = "/api/spots?limit=20";

  it.each([
    ["br", (bytes: Buffer) => brotliDecompressSync(bytes)],
    ["gzip", (bytes: Buffer) => gunzipSync(bytes)],
  ])(
    "sends %s to a client that accepts it, on the normal and the fast path, with its own ETag",
    async (encoding, decode) => {
      const plain = await raw(path);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      for (let i = 0; i < 2; i++) {
        const compressed = await raw(path, { "accept-encoding": `${encoding}, identity;q=0.5` });
        expect(compressed.headers["content-encoding"]).toBe(encoding);
        expect(compressed.headers.vary).toBe("Origin, Accept-Encoding");
        expect(decode(compressed.body).toString()).toBe(plain.body.toString());
        expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
        expect(compressed.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-${encoding}"`);
        const again = await raw(path, {
          "accept-encoding": encoding,
          "if-none-match": compressed.headers.etag as string,
        });
        expect(again.status).toBe(304);
      }
    },
  );

  it("prefers brotli, honours q=0, and leaves small bodies alone", async () => {
    expect((await raw(path, { "accept-encoding": "gzip, br" })).headers["content-encoding"]).toBe("br");
    expect((await raw(path, { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await raw(path, { "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
    const small = await raw("/api/spots?country=AQ", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("shutdown", () => {
  it("answers /healthz with 503 while draining, keeps serving the API, then stops", async () => {
    const closing = server.close();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe("shutting-down");
    expect((await fetch(`${base}/api/spots?limit=1`)).status).toBe(200);
    await closing;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
