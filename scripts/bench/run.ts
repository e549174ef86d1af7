/**
 * `npm run bench`: what the catalog costs at 1k, 10k and 100k spots. For each size it
 * generates synthetic content, builds it, starts the production server and measures:
 *
 *   build     seconds (the median of 3 builds), peak memory, snapshot and pieces bytes
 *   start     process start to the first 200 (`node dist/server.mjs`, compiled ahead; the
 *             median of 3 starts), resident memory once ready
 *   queries   cold in-process p50/p99 of the pure queries (no memo, inputs never
 *             repeated), next to Orama 3 over the same spots in the same process
 *   HTTP      throughput from a second process (autocannon, loopback, logging on): a
 *             repeated request, and a stream of URLs that never repeats, each against a
 *             bare Node `http` server answering the same bytes (the repeated body; a
 *             sample of the stream's own answers), back to back in rounds (http-loads.ts)
 *             after an unmeasured load of the stream, and a bare h3 app
 *   memory    resident memory after a stream of distinct q queries and with clients that
 *             ask for the whole map and never read, against the budget
 *
 * and checks that the optimized paths answer exactly what a naive pass does (q included).
 * Ratios are taken within one run: they hold on a noisy machine, absolute times do not.
 *
 * Options: --sizes 1000,10000,100000  --seconds 5 (per HTTP load)  --connections 32
 *          --rounds 5 (of HTTP loads)  --budget 800 (ms per query kind, system and round)
 * Results: printed, and written as JSON to .cache/bench/results-<time>.json.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { finished, residentMiB, run, waitForPort } from "../child-process.ts";
import { generateContent } from "../generate-content.ts";
import { type LoadResult, measureHttp, median, type Pair, shareOfNode } from "./http-loads.ts";
import type { Latency } from "./in-process.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    rounds: { type: "string" },
    budget: { type: "string" },
  },
});
const SIZES = (values.sizes ?? "1000,10000,100000").split(",").map(Number);
const SECONDS = Number(values.seconds ?? 5);
const CONNECTIONS = Number(values.connections ?? 32);
const LOADS = { seconds: SECONDS, connections: CONNECTIONS, rounds: Number(values.rounds ?? 5) };
const BUDGET_MS = Number(values.budget ?? 800);
const CACHE_MAX_MB = 64;
const WORK = path.resolve(".cache/bench");
const REPEATED_PATH = "/api/spots?country=pt,es&limit=20";
const WORLD_MAP_PATH = "/api/spots/map?zoom=2";
/** Issue 13's targets over HTTP at 10k spots, as shares of bare Node's throughput. */
const REPEATED_SHARE_TARGET = 0.9;
const DISTINCT_SHARE_TARGET = 0.5;
/** Issue 13's targets for the build and the start at 100k spots. */
const BUILD_TARGET = { seconds: 15, peakMiB: 1024 };
const START_TARGET_SECONDS = 1;
/**
 * Builds and starts are timed this many times, and their median reported: on this 2-core
 * machine the same 100k build read 12.8 to 17.1 s in four runs of the same code.
 */
const TIMINGS = 3;

interface QueryKind {
  name: string;
  api: Latency;
  orama: Latency | null;
  /** The p99 the kind must stay under at 100k spots, if it has a target. */
  targetP99Ms: number | null;
}

async function measureSize(spots: number) {
  const contentDir = path.join(WORK, `content-${spots}`);
  const distDir = path.join(WORK, `dist-${spots}`);
  if (!existsSync(path.join(contentDir, "places.csv"))) {
    generateContent(spots, Math.max(10, Math.round(spots / 10)), contentDir);
  }
  console.error(`[${spots}] building (${TIMINGS} times)...`);
  const builds: { seconds: number; peakRssMiB: number; bytes: number }[] = [];
  for (let i = 0; i < TIMINGS; i++) {
    builds.push(JSON.parse(await finished(run("scripts/bench/measure-build.ts", [contentDir, distDir]))));
  }
  const piecesBytes = readdirSync(distDir)
    .filter((name) => name.endsWith(".pieces"))
    .reduce((sum, name) => sum + statSync(path.join(distDir, name)).size, 0);

  console.error(`[${spots}] starting the server (${TIMINGS} times)...`);
  const startSeconds: number[] = [];
  for (let i = 1; i < TIMINGS; i++) {
    const { server, seconds } = await startServer(distDir);
    startSeconds.push(seconds);
    server.process.kill("SIGTERM");
    await server.exited;
  }
  // The last start serves the rest of the measures.
  const { server, seconds, port } = await startServer(distDir);
  startSeconds.push(seconds);
  try {
    const readyRss = residentMiB(server.process.pid!);
    // From here the server logs a line per request: let it flow past, as a container's
    // log collector would, instead of piling it up in this process's memory and CPU.
    server.process.stdout!.removeAllListeners("data");
    server.process.stdout!.resume();

    console.error(`[${spots}] in-process queries (Orama beside them)...`);
    const samples = String(spots >= 100_000 ? 20 : 60);
    const { kinds, oramaIndexSeconds, worldZoom2Bytes, mismatches } = JSON.parse(
      await finished(
        run("scripts/bench/measure-queries.ts", [path.join(distDir, "snapshot.json"), samples, String(BUDGET_MS)]),
      ),
    ) as { kinds: QueryKind[]; oramaIndexSeconds: number; worldZoom2Bytes: number; mismatches: string[] };

    console.error(`[${spots}] HTTP loads (${LOADS.rounds} rounds, ${SECONDS} s each)...`);
    const http = await measureHttp(port, { repeated: REPEATED_PATH, worldMap: WORLD_MAP_PATH }, LOADS);

    console.error(`[${spots}] memory under distinct queries and stalled whole-map clients...`);
    const memory = JSON.parse(
      await finished(run("scripts/bench/memory.ts", [String(port), String(server.process.pid), "10000", "40"])),
    ) as { before: number; afterQueries: number; withStalledClients: number; afterClients: number };
    return {
      spots,
      build: {
        seconds: median(builds.map((build) => build.seconds)),
        each: builds.map((build) => build.seconds),
        peakRssMiB: Math.max(...builds.map((build) => build.peakRssMiB)),
        bytes: builds[0].bytes,
        piecesBytes,
      },
      start: { seconds: median(startSeconds), each: startSeconds, readyRssMiB: readyRss },
      queries: { kinds, oramaIndexSeconds, worldZoom2Bytes },
      http,
      memory: { readyMiB: readyRss, limitMiB: (readyRss + CACHE_MAX_MB) * 1.25, ...memory },
      correctness: { mismatches },
    };
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

/** Starts the production server on the snapshot, as the image runs it, and times it from spawn to its first 200. */
async function startServer(distDir: string) {
  const started = performance.now();
  const server = run(
    path.join(WORK, "bin", "server.mjs"),
    [],
    {
      PORT: "0",
      HOST: "127.0.0.1",
      SNAPSHOT_PATH: path.join(distDir, "snapshot.json"),
      CACHE_MAX_MB: String(CACHE_MAX_MB),
      SOCIAL_USER_ID: "",
      SOCIAL_ACCESS_TOKEN: "",
    },
    "head",
  );
  try {
    const port = await waitForPort(server, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
    let response: Response;
    do response = await fetch(`http://127.0.0.1:${port}${REPEATED_PATH}`);
    while (response.status !== 200);
    const seconds = (performance.now() - started) / 1000;
    await response.arrayBuffer();
    return { server, port, seconds };
  } catch (error) {
    server.process.kill("SIGTERM"); // a server that never answered is not left behind
    throw error;
  }
}

const fmt = (value: number, digits = 2) => value.toFixed(digits);

function print(result: Awaited<ReturnType<typeof measureSize>>): void {
  const { build, start, queries, http, memory } = result;
  const percent = (share: number) => `${fmt(100 * share, 0)}%`;
  const each = (seconds: number[]) => `median of ${seconds.length}: ${seconds.map((value) => fmt(value)).join(", ")}`;
  const buildMet = build.seconds < BUILD_TARGET.seconds && build.peakRssMiB < BUILD_TARGET.peakMiB;
  const rows: [string, string][] = [
    [
      "build",
      `${fmt(build.seconds)} s (${each(build.each)}), peak ${fmt(build.peakRssMiB, 0)} MiB (the highest), ` +
        `snapshot ${fmt(build.bytes / 2 ** 20, 1)} MiB + pieces ${fmt(build.piecesBytes / 2 ** 20, 1)} MiB; ` +
        `target < ${BUILD_TARGET.seconds} s and < 1 GiB at 100k: ${buildMet ? "met" : "MISSED"}`,
    ],
    [
      "start",
      `${fmt(start.seconds)} s to first 200 (${each(start.each)}), ${fmt(start.readyRssMiB, 0)} MiB resident; ` +
        `target < ${START_TARGET_SECONDS} s at 100k: ${start.seconds < START_TARGET_SECONDS ? "met" : "MISSED"}`,
    ],
  ];
  for (const kind of queries.kinds) {
    const api = `${fmt(kind.api.p50, 3)} / ${fmt(kind.api.p99, 3)} ms, ${fmt(kind.api.perSecond, 0)} q/s`;
    const peer = kind.orama
      ? `; Orama ${fmt(kind.orama.perSecond, 0)} q/s (${fmt(kind.api.perSecond / kind.orama.perSecond, 1)}×)`
      : "";
    const target =
      kind.targetP99Ms === null
        ? ""
        : `; target p99 < ${kind.targetP99Ms} ms at 100k: ${kind.api.p99 < kind.targetP99Ms ? "met" : "MISSED"}`;
    rows.push([`query: ${kind.name}`, `${api}${peer}${target}`]);
  }
  const worldBody = queries.worldZoom2Bytes;
  rows.push([
    "map zoom=2 world body",
    `${fmt(worldBody / 1024, 1)} kB (target < 100 kB: ${worldBody < 100_000 ? "met" : "MISSED"})`,
  ]);
  const loads = (results: LoadResult[]) => {
    const rps = median(results.map((result) => result.rps));
    return `${fmt(rps, 0)} req/s, p99 ${median(results.map((result) => result.p99))} ms`;
  };
  const share = (pairs: Pair[], target: number, also = "") => {
    const { median: middle, rounds } = shareOfNode(pairs);
    const each = rounds.map((value) => fmt(100 * value, 0)).join(", ");
    const verdict = middle >= target ? "met" : "MISSED";
    return `(${percent(middle)} of node${also}; rounds ${each}%); target ${percent(target)} at 10k: ${verdict}`;
  };
  const nodeRps = median(http.repeated.map(({ node }) => node.rps));
  const all = [...http.repeated, ...http.distinct].map(({ api }) => api).concat(http.worldMap);
  rows.push(
    ["HTTP: bare node http", `${loads(http.repeated.map(({ node }) => node))} (median of ${http.repeated.length})`],
    ["HTTP: bare h3", `${loads([http.h3])} (${percent(http.h3.rps / nodeRps)} of node)`],
    [
      "HTTP: repeated request",
      `${loads(http.repeated.map(({ api }) => api))} ${share(http.repeated, REPEATED_SHARE_TARGET)}`,
    ],
    [
      "HTTP: bare node http, the stream's bodies",
      `${loads(http.distinct.map(({ node }) => node))} (${http.streamSample.bodies} of its answers, ` +
        `mean ${fmt(http.streamSample.meanBytes / 1000, 1)} kB; ` +
        `the stream's ${fmt(http.streamMeanBytes / 1000, 1)} kB)`,
    ],
    [
      "HTTP: URLs never repeated",
      `${loads(http.distinct.map(({ api }) => api))} ` +
        share(http.distinct, DISTINCT_SHARE_TARGET, " answering its bodies"),
    ],
    ["HTTP: world map zoom=2", `${loads([http.worldMap])} (${percent(http.worldMap.rps / nodeRps)} of node; replayed)`],
    [
      "HTTP errors",
      `${all.reduce((sum, result) => sum + result.errors, 0)} errors, ` +
        `${all.reduce((sum, result) => sum + result.non2xx, 0)} non-2xx`,
    ],
    [
      "memory",
      `${fmt(memory.readyMiB, 0)} MiB ready, ${fmt(memory.afterQueries, 0)} after 10,000 distinct q, ` +
        `${fmt(memory.withStalledClients, 0)} with 40 stalled whole-map clients ` +
        `(limit ${fmt(memory.limitMiB, 0)}: ${memory.withStalledClients <= memory.limitMiB ? "within" : "OVER"})`,
    ],
    [
      "correctness",
      result.correctness.mismatches.length === 0
        ? "optimized = naive on every sampled query (q included)"
        : `${result.correctness.mismatches.length} MISMATCHES`,
    ],
  );
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    `\n${result.spots.toLocaleString("en")} spots (list body ${http.bodyBytes} bytes, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per load; Orama indexed them in ${fmt(queries.oramaIndexSeconds, 1)} s)`,
  );
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
}

mkdirSync(WORK, { recursive: true });
await finished(run("scripts/build-server.ts", [], { DIST_DIR: path.join(WORK, "bin") }));
const cpu = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}`;
const machine = `${cpu}, ${fmt(totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;
console.log(`Surf Catalog API benchmark on ${machine}`);
const results = [];
for (const size of SIZES) {
  const result = await measureSize(size);
  print(result);
  results.push(result);
}
const file = path.join(WORK, `results-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ machine, seconds: SECONDS, connections: CONNECTIONS, results }, null, 2)}\n`);
console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
if (results.some((result) => result.correctness.mismatches.length > 0)) process.exitCode = 1;
