/**
 * The real process: the server on a loopback port answering over a socket, and the
 * server entry's start-up refusals and shutdown, run as a child process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SNAPSHOT_FORMAT } from "../../core/snapshot-format.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { ALLOWED_ORIGIN } from "../helpers/app.ts";
import { type RunningProcess, runNode } from "../helpers/process.ts";
import { startTestServer } from "../helpers/server.ts";
import { copySnapshot } from "../helpers/targets.ts";

let listener: RunningServer;
let base: string;

beforeAll(async () => {
  listener = await startTestServer({ corsOrigins: new Set([ALLOWED_ORIGIN]) });
  base = `http://127.0.0.1:${listener.port}`;
});
afterAll(() => listener.close());

describe("over a real socket", () => {
  it("serves a list with the contract's headers and body", async () => {
    const response = await fetch(`${base}/api/spots?q=nazare`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=300, stale-while-revalidate=600, stale-if-error=86400",
    );
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
    const body = (await response.json()) as { spots: { slug: string }[] };
    expect(body.spots[0].slug).toBe("nazare");
  });

  it("answers 304 to a conditional request", async () => {
    const first = await fetch(`${base}/api/spots/map?bbox=-25,170,-10,-170`);
    const etag = first.headers.get("etag")!;
    const second = await fetch(`${base}/api/spots/map?bbox=-25,170,-10,-170`, { headers: { "if-none-match": etag } });
    expect(second.status).toBe(304);
  });

  it("sends the envelope for errors", async () => {
    const response = await fetch(`${base}/api/spots`, { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(await response.json()).toEqual({
      error: "DELETE is not allowed; this API is read-only, use GET",
      code: "METHOD_NOT_ALLOWED",
    });
  });

  it.each([
    [ALLOWED_ORIGIN, ALLOWED_ORIGIN],
    ["https://elsewhere.example", null],
    ["https://surf.example.evil.test", null],
  ])("CORS for Origin %s: Access-Control-Allow-Origin is %s", async (origin, expected) => {
    const response = await fetch(`${base}/api/surfers?limit=1`, { headers: { origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(expected);
  });

  it("serves the API description it was built with, and the reference rendered from it", async () => {
    const description = await fetch(`${base}/api/openapi.json`);
    expect(description.status).toBe(200);
    expect(((await description.json()) as { openapi: string }).openapi).toBe("3.1.0");
    const docs = await fetch(`${base}/api/docs`);
    expect(docs.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The docs name PUBLIC_URL, by default http://localhost:PORT, whatever address the request used.
    const publicUrl = `http://localhost:${listener.port}`;
    expect(await docs.text()).toContain(`curl &#39;${publicUrl}/api/spots?country=PT,ES&amp;limit=5&#39;`);
  });

  it("answers a preflight from the allowed origin with 204", async () => {
    const response = await fetch(`${base}/api/spots`, {
      method: "OPTIONS",
      headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "GET" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
  });
});

/** Runs the server entry as `npm start`'s server would, and collects what it prints. */
function runServer(env: Record<string, string>): {
  done: Promise<{ code: number | null; output: string }>;
  process: RunningProcess;
} {
  const server = runNode("runtime/server.ts", { env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env } });
  return { done: server.exited.then((code) => ({ code, output: server.output() })), process: server };
}

/** The one log line a server that cannot start prints: an error whose message says what to do. */
function startFailure(output: string): string {
  const lines = output.trim().split("\n");
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]) as { level: string; event: string; msg: string };
  expect(line).toMatchObject({ level: "error", event: "start-failed" });
  return line.msg;
}

describe("the server process", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "surf-bad-snapshots-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A copy of the test snapshot whose pieces file `edit` has changed; returns the snapshot's path. */
  const withPieces = (prefix: string, edit: (piecesPath: string) => void) => {
    const copy = mkdtempSync(path.join(dir, prefix));
    const file = copySnapshot(copy);
    edit(path.join(copy, JSON.parse(readFileSync(file, "latin1")).pieces.file));
    return file;
  };

  it.each([
    [
      "missing",
      () => path.join(dir, "absent.json"),
      /^cannot start: snapshot .*absent\.json does not exist; run `npm run build` first \(or set SNAPSHOT_PATH\)$/,
    ],
    [
      "corrupt",
      () => {
        const file = path.join(dir, "corrupt.json");
        writeFileSync(file, '{"format": 1, "spo');
        return file;
      },
      /^cannot start: snapshot .*corrupt\.json is not valid JSON \(truncated or corrupt\); run `npm run build`/,
    ],
    [
      "from another build",
      () => {
        const file = path.join(dir, "old.json");
        writeFileSync(file, '{"format": 0}');
        return file;
      },
      new RegExp(`^cannot start: snapshot .*old\\.json has format 0 but this server reads format ${SNAPSHOT_FORMAT}; `),
    ],
    [
      "whose pieces file is damaged",
      () =>
        withPieces("damaged-", (pieces) => {
          const bytes = readFileSync(pieces);
          bytes[10] ^= 1;
          writeFileSync(pieces, bytes);
        }),
      /^cannot start: the snapshot's pieces file .*\.pieces does not match the snapshot; run `npm run build`/,
    ],
    [
      // Read before it is hashed, its bytes break the catalog's layout first: still reported as not matching.
      "whose pieces file is zeroed",
      () => withPieces("zeroed-", (pieces) => writeFileSync(pieces, Buffer.alloc(readFileSync(pieces).length))),
      /^cannot start: the snapshot's pieces file .*\.pieces does not match the snapshot; run `npm run build`/,
    ],
    [
      "whose pieces file is cut short",
      () => withPieces("short-", (pieces) => writeFileSync(pieces, readFileSync(pieces).subarray(0, -1))),
      /^cannot start: the snapshot's pieces file .*\.pieces does not match the snapshot; run `npm run build`/,
    ],
    [
      "whose pieces file is missing",
      () => withPieces("no-pieces-", (pieces) => rmSync(pieces)),
      /^cannot start: the snapshot's pieces file .*\.pieces cannot be read \(ENOENT\); run `npm run build`/,
    ],
    [
      "whose head names a pieces file of an impossible size",
      () => {
        const file = copySnapshot(mkdtempSync(path.join(dir, "edited-")));
        writeFileSync(file, readFileSync(file, "latin1").replace(/"bytes":\d+/, `"bytes":${2 ** 53}`), "latin1");
        return file;
      },
      /^cannot start: snapshot .*\.json does not match its version \w+ \(edited\?\); run `npm run build`/,
    ],
  ])("refuses to start with a %s snapshot, in one actionable line", async (_case, file, message) => {
    const { code, output } = await runServer({ SNAPSHOT_PATH: file() }).done;
    expect(code).toBe(1);
    expect(startFailure(output)).toMatch(message);
  });

  it.each([
    [
      "https://surf.example/path",
      "CORS_ORIGINS entry 'https://surf.example/path' must be a bare origin (scheme, host and port only): " +
        "write https://surf.example",
    ],
    [
      "localhost:5173",
      "CORS_ORIGINS entry 'localhost:5173' needs its scheme, http:// or https://: write it like " +
        "http://localhost:5173 (several separated by commas)",
    ],
    [
      "ftp://surf.example",
      "CORS_ORIGINS entry 'ftp://surf.example' needs its scheme, http:// or https://: write it like " +
        "https://surf.example (several separated by commas)",
    ],
  ])("refuses the CORS_ORIGINS entry %s with a message that shows a right one", async (value, message) => {
    const { code, output } = await runServer({ SNAPSHOT_PATH: inject("snapshotPath"), CORS_ORIGINS: value }).done;
    expect(code).toBe(1);
    expect(startFailure(output)).toBe(`cannot start: ${message}`);
  });

  it("refuses to start without the API description beside the snapshot, in one actionable line", async () => {
    const alone = mkdtempSync(path.join(dir, "alone-"));
    copySnapshot(alone, { description: false });
    const { code, output } = await runServer({ SNAPSHOT_PATH: path.join(alone, "snapshot.json") }).done;
    expect(code).toBe(1);
    expect(startFailure(output)).toMatch(
      /^cannot start: API description .*alone-\w+\/openapi\.json does not exist; run `npm run build` to write it/,
    );
  });

  it("on SIGTERM, stops listening and exits 0", async () => {
    const snapshot = path.join(dir, "snapshot.json");
    copySnapshot(dir);
    const server = runServer({ SNAPSHOT_PATH: snapshot });
    const base = await server.process.listening();
    expect((await fetch(`${base}/api/spots?limit=1`)).status).toBe(200);
    server.process.child.kill("SIGTERM");
    const { code, output } = await server.done;
    expect(code).toBe(0);
    expect(output).toContain("SIGTERM: finishing in-flight requests, then exiting");
    await expect(fetch(`${base}/api/spots?limit=1`)).rejects.toThrow();
  });

  it("reloads on SIGUSR2 and keeps serving; stops on SIGHUP (a closed terminal), freeing the port", async () => {
    const snapshot = path.join(dir, "snapshot.json");
    copySnapshot(dir);
    const server = runServer({ SNAPSHOT_PATH: snapshot, LOG_LEVEL: "info" });
    const base = await server.process.listening();
    server.process.child.kill("SIGUSR2");
    for (let i = 0; i < 100 && !server.process.output().includes('"event":"reload"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.process.output()).toContain("SIGUSR2: reloading the snapshot");
    expect(server.process.output()).toContain('"event":"reload"');
    expect((await fetch(`${base}/api/spots?limit=1`)).status).toBe(200);
    server.process.child.kill("SIGHUP");
    const { code, output } = await server.done;
    expect(code).toBe(0);
    expect(output).toContain("SIGHUP: finishing in-flight requests, then exiting");
    await expect(fetch(`${base}/api/spots?limit=1`)).rejects.toThrow();
  });
});

describe("npm start", () => {
  // A whole build of the catalog, then a start: more than the default 5 s on a busy machine.
  it("builds the snapshot when it is missing, then serves it", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "surf-start-"));
    const snapshot = path.join(dir, "snapshot.json");
    const start = runNode("scripts/start.ts", {
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0", SNAPSHOT_PATH: snapshot },
    });
    try {
      const base = await start.listening();
      expect(start.output()).toContain(`Building ${snapshot} from content/ ...`);
      expect(existsSync(path.join(dir, "openapi.d.ts"))).toBe(true); // the typed client's types, as README says
      const body = (await (await fetch(`${base}/api/spots?q=teahupoo`)).json()) as { spots: { slug: string }[] };
      expect(body.spots[0].slug).toBe("teahupoo");
    } finally {
      start.child.kill("SIGTERM");
      await start.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
