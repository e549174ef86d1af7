/**
 * The shipped deploy/varnish VCL in Debian's varnishd, in front of two replicas started as
 * production starts them (`node server.mjs`, compiled ahead, one snapshot, the same
 * PUBLIC_URL and CORS_ORIGINS). What an operator relies on: clients never get each other's
 * CORS headers, encodings or request headers; copies revalidate with 304s on either
 * replica; a purge by `snapshot-<version>` after a reload brings the new content; and
 * through an outage cached URLs still answer while the others get the API's JSON error.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSnapshot } from "../../build/pipeline.ts";
import { OPENAPI_FILE, type Snapshot } from "../../core/snapshot-format.ts";
import { purgeSnapshot } from "../../scripts/purge.ts";
import { ALLOWED_ORIGIN } from "../helpers/app.ts";
import { FIXTURES } from "../helpers/fixtures.ts";
import { type RunningProcess, runNode } from "../helpers/process.ts";
import { type RawAnswer, rawRequest } from "../helpers/raw-request.ts";
import { copySnapshot } from "../helpers/targets.ts";
import { startVarnish, type TestVarnish, VARNISH_PROGRAMS } from "../helpers/varnishd.ts";
import { waitUntil } from "../helpers/wait.ts";

const PUBLIC_URL = "https://api.surf.example";
const dir = mkdtempSync(path.join(tmpdir(), "surf-varnish-test-"));
const snapshotPath = path.join(dir, "snapshot.json");
const replicas: { process: RunningProcess; url: string }[] = [];
let varnish: TestVarnish;

type Answer = RawAnswer;
const send = rawRequest;

/** The body as the client reads it, after the content encoding the answer names. */
function decoded(answer: Answer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

/** Varnish names two transactions in X-Varnish on a hit (this request's and the stored copy's), one on a miss. */
const isHit = (answer: Answer) => String(answer.headers["x-varnish"]).split(" ").length === 2;

/** The request lines a replica logged for a path and query, with their statuses. */
function statusesServed(replica: RunningProcess, pathname: string, query: string): number[] {
  return replica
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === "request" && line.path === pathname && line.query === query)
    .map((line) => line.status);
}

const versionOf = async (base: string) =>
  ((await (await fetch(`${base}/healthz`)).json()) as { version: string }).version;

const purge = (header: "xkey-purge" | "xkey-softpurge", tags: string, from?: string) =>
  send(`${varnish.url}/`, { [header]: tags }, { method: "PURGE", from });

it("finds Debian's varnishd, varnishadm and varnishlog (npm test installs them as root)", () => {
  for (const program of VARNISH_PROGRAMS) expect(existsSync(program), `${program} is missing`).toBe(true);
});

describe("behind Varnish (deploy/varnish/default.vcl)", () => {
  beforeAll(async () => {
    const bin = path.join(dir, "bin");
    const compile = runNode("scripts/build-server.ts", { env: { ...process.env, DIST_DIR: bin } });
    expect(await compile.exited, compile.output()).toBe(0);
    copySnapshot(dir);
    for (let i = 0; i < 2; i++) {
      const replica = runNode(path.join(bin, "server.mjs"), {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          PORT: "0",
          HOST: "127.0.0.1",
          SNAPSHOT_PATH: snapshotPath,
          CORS_ORIGINS: ALLOWED_ORIGIN,
          PUBLIC_URL,
        },
      });
      replicas.push({ process: replica, url: await replica.listening() });
    }
    varnish = await startVarnish(replicas.map((replica) => replica.url));
    await varnish.replicasAre("healthy");
  }, 120_000);

  afterAll(async () => {
    await varnish?.remove();
    for (const replica of replicas) {
      replica.process.child.kill("SIGKILL");
      await replica.process.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps CORS headers and encodings apart: no client gets another's headers or bytes", async () => {
    const url = `${varnish.url}/api/spots?limit=3`;
    const identity = await send(`${replicas[0].url}/api/spots?limit=3`);
    const clients: { headers: Record<string, string>; cors: boolean; encoding?: string }[] = [
      { headers: { Origin: ALLOWED_ORIGIN, "Accept-Encoding": "br" }, cors: true, encoding: "br" },
      { headers: { "Accept-Encoding": "gzip, deflate" }, cors: false, encoding: "gzip" },
      { headers: { Origin: "https://elsewhere.example" }, cors: false, encoding: undefined },
      { headers: { Origin: ALLOWED_ORIGIN, "Accept-Encoding": "gzip;q=1.0, br;q=0" }, cors: true, encoding: "gzip" },
      { headers: { "Accept-Encoding": "BR, gzip" }, cors: false, encoding: "br" },
    ];
    // The first round fills the cache (one copy per origin and encoding), the second is served from it.
    for (const round of ["miss", "hit"]) {
      for (const client of clients) {
        const answer = await send(url, client.headers);
        const seen = { round, ...client.headers };
        expect(answer.status, JSON.stringify(seen)).toBe(200);
        expect(isHit(answer), JSON.stringify(seen)).toBe(round === "hit");
        expect(answer.headers["access-control-allow-origin"], JSON.stringify(seen)).toBe(
          client.cors ? ALLOWED_ORIGIN : undefined,
        );
        expect(answer.headers["content-encoding"], JSON.stringify(seen)).toBe(client.encoding);
        expect(answer.headers.vary).toMatch(/Origin.*Accept-Encoding/);
        expect(decoded(answer)).toBe(identity.body.toString());
      }
    }
    // Unlisted origins and no origin at all share one copy: another unlisted one is a hit, without CORS.
    const unlisted: Record<string, string>[] = [
      {},
      { Origin: "https://another.example" },
      { Origin: `${ALLOWED_ORIGIN}.evil.test` },
    ];
    for (const headers of unlisted) {
      const answer = await send(url, headers);
      expect(isHit(answer), JSON.stringify(headers)).toBe(true);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("no request header a client sends reaches another client's answer", async () => {
    const planted = {
      "X-Request-Id": "planted-by-client-42",
      "X-Forwarded-Host": "planted.evil.example",
      "X-Forwarded-Proto": "planted",
      Forwarded: "host=planted.evil.example;proto=http",
      Cookie: "session=planted-cookie",
      Authorization: "Bearer planted-token",
      "User-Agent": "planted-agent",
      Referer: "https://planted.evil.example/",
      "Access-Control-Request-Headers": "X-Planted",
      "X-Planted": "planted-value",
    };
    for (const pathname of ["/api/spots/nazare", "/api/docs", "/api/spots?limit=5"]) {
      const first = await send(`${varnish.url}${pathname}`, planted);
      expect(first.status, pathname).toBe(200);
      expect(isHit(first), pathname).toBe(false);
      const next = await send(`${varnish.url}${pathname}`);
      // Cookies and credentials are dropped on /api/, so the first answer was cached, and this is that copy.
      expect(isHit(next), pathname).toBe(true);
      const shown = JSON.stringify(next.headers) + next.body.toString();
      expect(shown, pathname).not.toMatch(/planted/i);
      expect(first.headers["x-request-id"]).not.toBe(planted["X-Request-Id"]);
    }
    // The replicas share PUBLIC_URL, so the docs page is the same bytes from either.
    const docs = await Promise.all(replicas.map((replica) => send(`${replica.url}/api/docs`)));
    expect(docs[0].body.toString()).toContain(PUBLIC_URL);
    expect(docs[1].body.equals(docs[0].body)).toBe(true);
  });

  it("revalidates stale copies with If-None-Match on either replica, and answers clients' own with 304", async () => {
    const version = await versionOf(varnish.url);
    const query = "limit=4";
    const url = `${varnish.url}/api/spots?${query}`;
    const first = await send(url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    const servedFirst = () =>
      replicas.findIndex((replica) => statusesServed(replica.process, "/api/spots", query).includes(200));
    await waitUntil("a replica logging the first fetch", () => servedFirst() >= 0);
    const origin = servedFirst();
    const other = replicas[1 - origin].process;

    const conditional = await send(url, { "If-None-Match": etag });
    expect(conditional.status).toBe(304);
    expect(isHit(conditional)).toBe(true);

    // A soft purge makes the copy stale; the next request gets it at once while Varnish asks a
    // replica with If-None-Match. Round robin sends one of the next two refreshes to the other replica.
    for (let attempt = 0; attempt < 2 && !statusesServed(other, "/api/spots", query).includes(304); attempt++) {
      const refreshed = replicas.map((replica) => statusesServed(replica.process, "/api/spots", query).length);
      const purged = await purge("xkey-softpurge", `snapshot-${version}`);
      expect(JSON.parse(purged.body.toString()).purged).toBeGreaterThan(0);
      const stale = await send(url);
      expect(stale.status).toBe(200);
      expect(stale.headers.etag).toBe(etag);
      await waitUntil("a replica answering Varnish's revalidation", () =>
        replicas.some((replica, i) => statusesServed(replica.process, "/api/spots", query).length > refreshed[i]),
      );
    }
    expect(statusesServed(other, "/api/spots", query)).toEqual([304]);
    const after = await send(url);
    expect(isHit(after)).toBe(true);
    expect(after.headers.etag).toBe(etag);
    expect(after.body.equals(first.body)).toBe(true);
  });

  it("after a reload with new content, a purge of snapshot-<version> brings the new answers", async () => {
    const url = `${varnish.url}/api/spots?limit=1`;
    const total = (answer: Answer) => (JSON.parse(answer.body.toString()) as { total: number }).total;
    const before = await send(url);
    const oldTotal = total(before);
    expect(oldTotal).toBeGreaterThan(100);
    const oldVersion = await versionOf(varnish.url);

    const staging = mkdtempSync(path.join(dir, "staging-"));
    const built = await buildSnapshot({
      contentDir: path.join(FIXTURES, "minimal"),
      outDir: staging,
      mediaBaseUrl: "https://media.test.example",
    });
    expect(built.ok).toBe(true);
    const { pieces } = JSON.parse(readFileSync(path.join(staging, "snapshot.json"), "latin1")) as Snapshot;
    for (const file of [pieces.file, OPENAPI_FILE, "snapshot.json"]) {
      copyFileSync(path.join(staging, file), path.join(dir, file));
    }
    for (const replica of replicas) replica.process.child.kill("SIGUSR2");
    await waitUntil("both replicas serving the new snapshot", async () =>
      (await Promise.all(replicas.map((replica) => versionOf(replica.url)))).every((version) => version !== oldVersion),
    );
    const newVersion = await versionOf(replicas[0].url);

    // Until a purge, the cache still answers from the old snapshot.
    const cached = await send(url);
    expect(isHit(cached)).toBe(true);
    expect(total(cached)).toBe(oldTotal);

    // Only the addresses in the VCL's ACL may purge: another loopback address is refused.
    const refused = await purge("xkey-purge", `snapshot-${oldVersion}`, "127.0.0.2");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: "PURGE_REFUSED" });
    expect(isHit(await send(url))).toBe(true);

    // What `npm run purge -- <old version>` sends.
    const purged = await purgeSnapshot({ url: `${varnish.url}/`, version: oldVersion });
    expect(purged.status).toBe(200);
    expect(JSON.parse(purged.body).purged).toBeGreaterThan(0);
    const fresh = await send(url);
    expect(isHit(fresh)).toBe(false);
    expect(total(fresh)).toBe(4);
    // The new copy is filed under the new snapshot's tag; the tags themselves are not shown to clients.
    expect(fresh.headers["surrogate-key"]).toBeUndefined();
    expect(fresh.headers["cache-tag"]).toBeUndefined();
    expect(JSON.parse((await purge("xkey-purge", `snapshot-${newVersion}`)).body.toString()).purged).toBeGreaterThan(0);
    expect(isHit(await send(url))).toBe(false);
  });

  it("through an outage serves its stale copies, and the API's JSON error with CORS for the rest", async () => {
    const url = `${varnish.url}/api/spots?limit=2`;
    const cached = await send(url, { Origin: ALLOWED_ORIGIN });
    expect(cached.status).toBe(200);
    const version = await versionOf(varnish.url);
    // Copies are kept for the API's stale-if-error (Varnish alone reads only stale-while-revalidate).
    const staleIfError = /stale-if-error=(\d+)/.exec(String(cached.headers["cache-control"]))![1];
    expect(await varnish.log("TTL")).toMatch(new RegExp(`TTL +b VCL \\S+ ${staleIfError} `));

    for (const replica of replicas) replica.process.child.kill("SIGKILL");
    await Promise.all(replicas.map((replica) => replica.process.exited));
    await varnish.replicasAre("sick");
    // Past its max-age (a soft purge ends it now), the copy is still served within stale-if-error.
    const purged = await purge("xkey-softpurge", `snapshot-${version}`);
    expect(JSON.parse(purged.body.toString()).purged).toBeGreaterThan(0);
    const stale = await send(url, { Origin: ALLOWED_ORIGIN });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(cached.body)).toBe(true);
    expect(stale.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
    // A second request proves the failed refresh left the copy in place.
    expect((await send(url, { Origin: ALLOWED_ORIGIN })).status).toBe(200);

    const uncached = await send(`${varnish.url}/api/spots?limit=9`, { Origin: ALLOWED_ORIGIN });
    expect(uncached.status).toBe(503);
    expect(uncached.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(uncached.headers["cache-control"]).toBe("no-store");
    expect(uncached.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
    expect(JSON.parse(uncached.body.toString())).toEqual({
      error: expect.stringMatching(/unavailable/),
      code: "UNAVAILABLE",
    });
    const elsewhere = await send(`${varnish.url}/api/spots?limit=9`, { Origin: "https://elsewhere.example" });
    expect(elsewhere.status).toBe(503);
    expect(elsewhere.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
