/**
 * `npm run attack`: issue 14's hostile cases against the production server
 * (`node server.mjs`, compiled ahead) on loopback, each bounded in time, about four
 * minutes in all; prints a table of figures against their targets and writes it as JSON
 * to .cache/attack/. Not part of `npm test` (tests/hardening/ covers each case small).
 *
 *   1  20,000 connections that never send a byte     /healthz p99 < 100 ms
 *   2  40 clients that never read the 100k whole map  RSS growth < 150 MiB, back within 60 s, /healthz p99 < 100 ms
 *   3  4 clients of new whole-world bboxes, br, 100k  /healthz p99 < 100 ms
 *   4  a log reader that stalls, under load           RSS growth bounded (lines dropped, counted)
 *   5  an upstream that throttles, 50 requests/s      <= 2 upstream calls per endpoint in 60 s
 *   6  an upstream that echoes the token              0 occurrences in logs, answers, files
 *   7  a 300 MB upstream answer                       RSS growth < 50 MiB
 *   8  posts of the wrong shape                       none served, dropped and counted
 *   9  the cache lock held by a live process          a feed request within SOCIAL_TIMEOUT_MS
 *  10  refresh-social against a throttle              one call, nothing written
 *  11  4 clients of distinct near-whole-world boxes,  /healthz p99 < 100 ms
 *      br, 100k (each answer assembled anew)
 *
 * Options: --only 1,3 (run those cases); --server DIR (attack the build in DIR, e.g. main's
 * for a baseline in the same sitting, instead of building this checkout's).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { hostname } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { SNAPSHOT_FORMAT } from "../../core/snapshot-format.ts";
import { type Child, cpuSeconds, finished, residentMiB, run, waitForHealthy, waitForPort } from "../child-process.ts";
import { FAKE_USER_ID, type FakeGraph, fakeMedia, startFakeGraph } from "../fake-graph.ts";
import { freePort } from "../free-port.ts";
import { ensureGeneratedContent } from "../generate-content.ts";

const { values } = parseArgs({ options: { only: { type: "string" }, server: { type: "string" } } });
const ONLY = values.only ? new Set(values.only.split(",").map(Number)) : null;
const WORK = path.resolve(".cache/attack");
const BIN = values.server ? path.resolve(values.server) : path.join(WORK, "bin");
const SERVER = path.join(BIN, "server.mjs");
const TOKEN = "EAAB-attack-secret-token-5f2c9a";
const SOCIAL_TIMEOUT_MS = 2000;
/** How close to its baseline resident memory must come back to count as back (allocators keep some). */
const BACK_TOLERANCE_MIB = 32;

interface Row {
  case: string;
  figures: string;
  target: string;
  met: boolean;
}
const rows: Row[] = [];
const step = (text: string) => console.error(`  ${new Date().toISOString().slice(11, 19)} ${text}`);
const report = (row: Row) => {
  rows.push(row);
  console.log(`${row.met ? "met   " : "MISSED"}  ${row.case}: ${row.figures} (target: ${row.target})`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number | null, digits = 0) => (value === null ? "none" : value.toFixed(digits));

interface Server {
  child: Child;
  port: number;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, stdout: "collect" | "unread" = "collect"): Promise<Server> {
  const child = run(SERVER, [], { PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env }, stdout);
  // With stdout unread the start line cannot be seen: ask the kernel-chosen port through stderr instead.
  const port =
    stdout === "collect"
      ? await waitForPort(child, /listening on http:\/\/127\.0\.0\.1:(\d+)/)
      : Number(env.PORT ?? Number.NaN);
  if (stdout === "unread") await waitForHealthy(port, child);
  return {
    child,
    port,
    stop: async () => {
      child.process.kill("SIGTERM");
      await child.exited;
    },
  };
}

/** Latencies in ms; null when no probe was answered. */
interface Health {
  p50: number | null;
  p99: number | null;
  max: number | null;
  samples: number;
  failures: number;
}

/** /healthz latencies over `seconds`, measured from a process of their own (scripts/attack/health-probe.ts). */
async function probeHealth(port: number, seconds: number): Promise<Health> {
  return JSON.parse(await finished(run("scripts/attack/health-probe.ts", [String(port), String(seconds)])));
}

function httpGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; ms: number; etag?: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get({ host: "127.0.0.1", port, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
          etag: response.headers.etag,
        }),
      );
    });
    request.on("error", reject);
  });
}

// ---------------------------------------------------------------------------- setup

async function snapshot100k(): Promise<string> {
  const dist = path.resolve(".cache/bench/dist-100000");
  const file = path.join(dist, "snapshot.json");
  // The benchmark's build, if it is of this format (its head names it); else built again.
  const head = existsSync(file) ? readFileSync(file, "latin1").slice(0, 200) : "";
  if (head.includes(`"format":${SNAPSHOT_FORMAT},`)) return file;
  const content = path.resolve(".cache/bench/content-100000");
  ensureGeneratedContent(100_000, 10_000, content);
  console.log("building the 100k catalog (about 40 s, once)...");
  await finished(run("build/cli.ts", ["build", "--content", content, "--out", dist]));
  return file;
}

/** The minimal fixture with its Pipeline event live today, so live media calls the upstream. */
async function liveSnapshot(): Promise<string> {
  const content = path.join(WORK, "content-live");
  rmSync(content, { recursive: true, force: true });
  cpSync("tests/fixtures/minimal", content, { recursive: true });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const events = readFileSync(path.join(content, "events.yaml"), "utf8")
    .replace("start_date: 2027-01-27", `start_date: ${day(-2)}`)
    .replace("end_date: 2027-02-08", `end_date: ${day(2)}`);
  writeFileSync(path.join(content, "events.yaml"), events);
  await finished(run("build/cli.ts", ["build", "--content", content, "--out", path.join(WORK, "dist-live")]));
  return path.join(WORK, "dist-live", "snapshot.json");
}

// ---------------------------------------------------------------------------- connections and big answers

async function idleConnections(snapshot: string): Promise<void> {
  const server = await startServer({ SNAPSHOT_PATH: snapshot });
  try {
    // Two processes of 10,000: one process alone would reach its own open-file limit.
    step("1: opening 20,000 silent connections from two processes, for 25 s");
    const attackers = [0, 1].map(() => run("scripts/attack/idle-clients.ts", [String(server.port), "10000", "25"]));
    await sleep(5000); // let them connect
    const health = await probeHealth(server.port, 18);
    await Promise.all(attackers.map((attacker) => attacker.exited));
    const counts = attackers.map(
      (attacker) => JSON.parse(attacker.output()) as { opened: number; closedByServer: number },
    );
    const opened = counts.reduce((sum, count) => sum + count.opened, 0);
    const closed = counts.reduce((sum, count) => sum + count.closedByServer, 0);
    report({
      case: "1 idle connections",
      figures:
        `${opened} opened, ${closed} closed by the server; /healthz p50 ${fmt(health.p50, 1)}, ` +
        `p99 ${fmt(health.p99, 1)}, max ${fmt(health.max, 1)} ms, ` +
        `${health.failures} failed of ${health.samples + health.failures}`,
      target: "/healthz p99 < 100 ms, none failed",
      met: (health.p99 ?? Number.POSITIVE_INFINITY) < 100 && health.failures === 0,
    });
  } finally {
    await server.stop();
  }
}

async function nonReadingClients(snapshot: string): Promise<void> {
  const server = await startServer({ SNAPSHOT_PATH: snapshot });
  const pid = server.child.process.pid!;
  try {
    // The answer is made and kept once, as any first reader would; it must be the map, not an error.
    const first = await httpGet(server.port, "/api/spots/map");
    if (first.status !== 200) throw new Error(`the whole map answered ${first.status}: ${first.body.slice(0, 300)}`);
    const mapMiB = Buffer.byteLength(first.body) / 2 ** 20;
    await sleep(1000);
    const baseline = residentMiB(pid);
    step("2: 40 clients ask for the whole 100k map and never read, for 15 s");
    const { connect } = await import("node:net");
    const clients = Array.from({ length: 40 }, () => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.write("GET /api/spots/map HTTP/1.1\r\nHost: attack\r\n\r\n");
        socket.pause(); // never reads
      });
      socket.on("error", () => undefined);
      return socket;
    });
    let peak = baseline;
    const watching = setInterval(() => {
      peak = Math.max(peak, residentMiB(pid));
    }, 250);
    const health = await probeHealth(server.port, 15);
    for (const socket of clients) socket.destroy();
    const left = performance.now();
    let back = Number.NaN;
    while (performance.now() - left < 60_000) {
      if (residentMiB(pid) <= baseline + BACK_TOLERANCE_MIB) {
        back = (performance.now() - left) / 1000;
        break;
      }
      await sleep(500);
    }
    clearInterval(watching);
    report({
      case: "2 non-reading clients, 100k map",
      figures:
        `a ${fmt(mapMiB)} MiB map; RSS ${fmt(baseline)} → peak ${fmt(peak)} MiB (+${fmt(peak - baseline)}), ` +
        `back within ${Number.isNaN(back) ? "> 60" : fmt(back, 1)} s; /healthz p99 ${fmt(health.p99, 1)} ms`,
      target: `+ < 150 MiB, back within ${BACK_TOLERANCE_MIB} MiB of it within 60 s, /healthz p99 < 100 ms`,
      met:
        peak - baseline < 150 &&
        !Number.isNaN(back) &&
        (health.p99 ?? Number.POSITIVE_INFINITY) < 100 &&
        health.failures === 0,
    });
  } finally {
    await server.stop();
  }
}

async function compressedWholeWorld(snapshot: string): Promise<void> {
  const server = await startServer({ SNAPSHOT_PATH: snapshot });
  try {
    step("3: 4 clients ask for new whole-world boxes with br, for 15 s");
    let requests = 0;
    let failed = 0;
    const deadline = performance.now() + 15_000;
    const client = async (n: number) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const west = -180 + ((n * 1000 + i) % 997) * 0.001; // a new whole-world box each time
        const answer = await httpGet(server.port, `/api/spots/map?bbox=-90,${west},90,${west + 360}`, {
          "accept-encoding": "br",
        });
        if (answer.status !== 200) failed++;
        requests++;
      }
    };
    const [health] = await Promise.all([probeHealth(server.port, 14), ...[0, 1, 2, 3].map(client)]);
    report({
      case: "3 whole-world bboxes, br, 100k",
      figures:
        `${requests} whole-world answers in 15 s (${failed} not 200); /healthz p99 ${fmt(health.p99, 1)} ms, ` +
        `max ${fmt(health.max, 1)} ms`,
      target: "/healthz p99 < 100 ms, every answer 200",
      met: (health.p99 ?? Number.POSITIVE_INFINITY) < 100 && health.failures === 0 && failed === 0,
    });
  } finally {
    await server.stop();
  }
}

/**
 * Like case 3, but every box starts at a different latitude in the southern temperate zone
 * (Australia, South Africa, Chile): each answer holds a different set of markers, most of the
 * 100k map, so each is assembled, hashed and compressed anew, where case 3's boxes all come
 * down to the one whole-world answer.
 */
async function distinctNearWholeWorld(snapshot: string): Promise<void> {
  const server = await startServer({ SNAPSHOT_PATH: snapshot });
  try {
    step("11: 4 clients ask for distinct near-whole-world boxes with br, for 15 s");
    let requests = 0;
    let failed = 0;
    const etags = new Set<string>();
    const cpuBefore = cpuSeconds(server.child.process.pid!);
    const deadline = performance.now() + 15_000;
    const client = async (n: number) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const south = -45 + ((i * 4 + n) % 997) * 0.02; // -45 to about -25, each client its own
        const answer = await httpGet(server.port, `/api/spots/map?bbox=${fmt(south, 2)},-180,90,180`, {
          "accept-encoding": "br",
        });
        if (answer.status !== 200) failed++;
        if (answer.etag) etags.add(answer.etag);
        requests++;
      }
    };
    const [health] = await Promise.all([probeHealth(server.port, 14), ...[0, 1, 2, 3].map(client)]);
    const cpuMs = ((cpuSeconds(server.child.process.pid!) - cpuBefore) * 1000) / requests;
    report({
      case: "11 distinct near-whole-world boxes, br, 100k",
      figures:
        `${requests} answers in 15 s (${etags.size} distinct, ${failed} not 200, ` +
        `${fmt(cpuMs)} ms of server CPU each); ` +
        `/healthz p50 ${fmt(health.p50, 1)}, p99 ${fmt(health.p99, 1)} ms, ` +
        `max ${fmt(health.max, 1)} ms, ${health.failures} probes failed`,
      target: "/healthz p99 < 100 ms, every answer 200",
      met: (health.p99 ?? Number.POSITIVE_INFINITY) < 100 && health.failures === 0 && failed === 0,
    });
  } finally {
    await server.stop();
  }
}

async function stalledLogReader(snapshot: string): Promise<void> {
  const port = await freePort();
  const server = await startServer({ SNAPSHOT_PATH: snapshot, LOG_LEVEL: "info", PORT: String(port) }, "unread");
  const pid = server.child.process.pid!;
  try {
    await sleep(500);
    const before = residentMiB(pid);
    step("4: load for 15 s with the server's stdout unread");
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/spots?limit=5`,
      connections: 32,
      duration: 15,
    });
    const after = residentMiB(pid);
    report({
      case: "4 stalled log reader",
      figures:
        `${fmt(result.requests.average)} requests/s for 15 s with stdout unread; ` +
        `RSS ${fmt(before)} → ${fmt(after)} MiB`,
      target: "RSS growth < 50 MiB (lines beyond 4 MiB dropped)",
      met: after - before < 50,
    });
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------- the social upstream

async function socialServer(snapshot: string, fake: FakeGraph, token = "fake-token", cacheName = "social") {
  const cacheFile = path.join(WORK, `${cacheName}-${Date.now()}.json`);
  const server = await startServer({
    SNAPSHOT_PATH: snapshot,
    LOG_LEVEL: "info",
    SOCIAL_GRAPH_URL: fake.url,
    SOCIAL_USER_ID: FAKE_USER_ID,
    SOCIAL_ACCESS_TOKEN: token,
    SOCIAL_TIMEOUT_MS: String(SOCIAL_TIMEOUT_MS),
    SOCIAL_CACHE_FILE: cacheFile,
  });
  return { server, cacheFile };
}

const feedCalls = (fake: FakeGraph) => fake.calls.filter((call) => call.path.endsWith("/media")).length;
const discoveryCalls = (fake: FakeGraph) =>
  fake.calls.filter((call) => call.fields?.startsWith("business_discovery")).length;

async function throttlingUpstream(snapshot: string, fake: FakeGraph): Promise<void> {
  fake.failure = "throttled";
  fake.calls.length = 0;
  const { server } = await socialServer(snapshot, fake);
  step("5: 50 requests/s to the feed and to live media for 60 s, the upstream throttling");
  try {
    let sent = 0;
    const statuses = new Map<number, number>();
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      const started = performance.now();
      const answers = await Promise.all(
        ["/api/social/feed", "/api/events/live-media"].flatMap((target) =>
          Array.from({ length: 5 }, () => httpGet(server.port, target)),
        ),
      );
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      sent += answers.length;
      await sleep(Math.max(0, 100 - (performance.now() - started))); // 50 per second per endpoint
    }
    const byStatus = [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
    report({
      case: "5 throttling upstream, 60 s",
      figures:
        `${sent} requests (${byStatus}); upstream calls: feed ${feedCalls(fake)}, ` +
        `live media ${discoveryCalls(fake)}`,
      target: "<= 2 calls per endpoint, no 5xx but the feed's 503",
      met: feedCalls(fake) <= 2 && discoveryCalls(fake) <= 2 && !statuses.has(500),
    });
  } finally {
    await server.stop();
    fake.failure = null;
  }
}

async function echoedToken(snapshot: string, fake: FakeGraph): Promise<void> {
  fake.failure = "echo-token";
  const { server, cacheFile } = await socialServer(snapshot, fake, TOKEN);
  try {
    const answers = await Promise.all(
      ["/api/social/feed", "/api/events/live-media"].map((t) => httpGet(server.port, t)),
    );
    const script = run("scripts/refresh-social.ts", [], {
      SNAPSHOT_PATH: snapshot,
      SOCIAL_GRAPH_URL: fake.url,
      SOCIAL_USER_ID: FAKE_USER_ID,
      SOCIAL_ACCESS_TOKEN: TOKEN,
      SOCIAL_CACHE_FILE: cacheFile,
    });
    await script.exited;
    await sleep(200);
    await server.stop();
    const places = [
      server.child.output(),
      script.output(),
      ...answers.map((answer) => answer.body),
      existsSync(cacheFile) ? readFileSync(cacheFile, "utf8") : "",
    ];
    const occurrences = places.reduce((sum, text) => sum + text.split(TOKEN).length - 1, 0);
    const redacted = places.reduce((sum, text) => sum + text.split("[redacted]").length - 1, 0);
    report({
      case: "6 token echoed by the upstream",
      figures:
        `${occurrences} occurrences in server logs, script output, answers and the cache file ` +
        `(${redacted} [redacted])`,
      target: "0",
      met: occurrences === 0 && redacted > 0,
    });
  } finally {
    fake.failure = null;
  }
}

async function hugeAnswer(snapshot: string, fake: FakeGraph): Promise<void> {
  fake.failure = "huge";
  fake.hugeBytes = 300 * 2 ** 20;
  fake.hugeSent = 0;
  const { server } = await socialServer(snapshot, fake);
  const pid = server.child.process.pid!;
  try {
    const before = residentMiB(pid);
    let peak = before;
    const watching = setInterval(() => {
      peak = Math.max(peak, residentMiB(pid));
    }, 50);
    const answer = await httpGet(server.port, "/api/social/feed");
    await sleep(500);
    clearInterval(watching);
    report({
      case: "7 a 300 MB upstream answer",
      figures:
        `feed ${answer.status}; the fake got ${fmt(fake.hugeSent / 2 ** 20, 1)} MB out; ` +
        `RSS ${fmt(before)} → peak ${fmt(peak)} MiB`,
      target: "RSS growth < 50 MiB",
      met: peak - before < 50 && answer.status === 503,
    });
  } finally {
    await server.stop();
    fake.failure = null;
  }
}

async function wrongShapedPosts(snapshot: string, fake: FakeGraph): Promise<void> {
  const good = fakeMedia("surfcatalog", 4);
  fake.ownMedia = [
    good[0],
    { ...good[1], id: { $ne: 1 } },
    { ...good[2], caption: 42 },
    { ...good[3], permalink: "javascript:alert(2)" },
  ] as never;
  const { server, cacheFile } = await socialServer(snapshot, fake);
  try {
    const answer = JSON.parse((await httpGet(server.port, "/api/social/feed")).body) as { posts: { id: string }[] };
    await sleep(200);
    const logged = /left out (\d+) own media/.exec(server.child.output())?.[1];
    const file = existsSync(cacheFile) ? readFileSync(cacheFile, "utf8") : "";
    report({
      case: "8 posts of the wrong shape",
      figures:
        `${answer.posts.length} of 4 served (${answer.posts.map((post) => post.id).join(", ")}); ` +
        `${logged ?? 0} left out and logged`,
      target: "only the valid one served, the others counted, none cached",
      met: answer.posts.length === 1 && logged === "3" && !/javascript:|\$ne/.test(file),
    });
  } finally {
    await server.stop();
    fake.ownMedia = fakeMedia("surfcatalog", 12);
  }
}

async function heldLock(snapshot: string, fake: FakeGraph): Promise<void> {
  const { server, cacheFile } = await socialServer(snapshot, fake);
  try {
    writeFileSync(`${cacheFile}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() }));
    const answer = await httpGet(server.port, "/api/social/feed");
    report({
      case: "9 cache lock held by a live process",
      figures: `feed ${answer.status} in ${fmt(answer.ms)} ms (SOCIAL_TIMEOUT_MS ${SOCIAL_TIMEOUT_MS})`,
      target: `200 within ${SOCIAL_TIMEOUT_MS} ms (+ 100 ms for the HTTP round trip and the answer)`,
      met: answer.status === 200 && answer.ms <= SOCIAL_TIMEOUT_MS + 100,
    });
    rmSync(`${cacheFile}.lock`, { force: true });
  } finally {
    await server.stop();
  }
}

async function refreshAgainstThrottle(snapshot: string, fake: FakeGraph): Promise<void> {
  fake.failure = "throttled";
  fake.calls.length = 0;
  const cacheFile = path.join(WORK, "refresh-throttled.json");
  writeFileSync(cacheFile, "{ a corrupt cache a person should look at");
  const script = run("scripts/refresh-social.ts", [], {
    SNAPSHOT_PATH: snapshot,
    SOCIAL_GRAPH_URL: fake.url,
    SOCIAL_USER_ID: FAKE_USER_ID,
    SOCIAL_ACCESS_TOKEN: "fake-token",
    SOCIAL_CACHE_FILE: cacheFile,
  });
  const code = await script.exited;
  const unchanged = readFileSync(cacheFile, "utf8") === "{ a corrupt cache a person should look at";
  const skipped = script.output().match(/: skipped/g)?.length ?? 0;
  report({
    case: "10 refresh-social against a throttle",
    figures:
      `${fake.calls.length} upstream call(s), ${skipped} skipped, exit ${code}, ` +
      `file ${unchanged ? "unchanged" : "REWRITTEN"}`,
    target: "1 call, the rest skipped, nothing written",
    met: fake.calls.length === 1 && unchanged && code === 1,
  });
  fake.failure = null;
}

// ---------------------------------------------------------------------------- run

const started = performance.now();
mkdirSync(WORK, { recursive: true });
if (!values.server) await finished(run("scripts/build-server.ts", [], { DIST_DIR: BIN }));
const big = await snapshot100k();
const live = await liveSnapshot();
console.log(`attacking the production server on loopback (${path.relative(process.cwd(), SERVER)})...\n`);
const cases: [number, (fake: FakeGraph) => Promise<void>][] = [
  [1, () => idleConnections(big)],
  [2, () => nonReadingClients(big)],
  [3, () => compressedWholeWorld(big)],
  [4, () => stalledLogReader(live)],
  [5, (fake) => throttlingUpstream(live, fake)],
  [6, (fake) => echoedToken(live, fake)],
  [7, (fake) => hugeAnswer(live, fake)],
  [8, (fake) => wrongShapedPosts(live, fake)],
  [9, (fake) => heldLock(live, fake)],
  [10, (fake) => refreshAgainstThrottle(live, fake)],
  [11, () => distinctNearWholeWorld(big)],
];
const fake = await startFakeGraph();
try {
  for (const [number, attack] of cases) if (!ONLY || ONLY.has(number)) await attack(fake);
} finally {
  await fake.close();
}
const seconds = (performance.now() - started) / 1000;
console.log(`\n${rows.filter((row) => row.met).length} of ${rows.length} targets met in ${fmt(seconds)} s`);
const file = path.join(WORK, `results-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ seconds, rows }, null, 2)}\n`);
console.log(`Results: ${path.relative(process.cwd(), file)}`);
if (rows.some((row) => !row.met)) process.exitCode = 1;
