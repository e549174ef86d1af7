/**
 * `npm run bench`: what the catalog costs at 1k, 10k and 100k spots. For each size it
 * generates synthetic content, builds it, starts the production server and measures:
 *
 *   build     seconds, peak memory, snapshot and pieces bytes
 *   start     process start to the first 200 (`node dist/server.mjs`, compiled ahead),
 *             resident memory once ready
 *   queries   cold in-process p50/p99 of the pure queries (no memo, inputs never
 *             repeated), next to Orama 3 over the same spots in the same process
 *   HTTP      throughput from a second process (autocannon, loopback, logging on): a
 *             repeated request, and a stream of URLs that never repeats, each against a
 *             bare Node `http` server answering a body of the same size (the stream's
 *             mean), and a bare h3 app
 *   memory    resident memory after a stream of distinct q queries and with clients that
 *             ask for the whole map and never read, against the budget
 *
 * and checks that the optimized paths answer exactly what a naive pass does (q included).
 * Ratios are taken within one run: they hold on a noisy machine, absolute times do not.
 *
 * Options: --sizes 1000,10000,100000  --seconds 5 (per HTTP load)  --connections 32
 *          --budget 800 (ms per query kind, system and round)
 * Results: printed, and written as JSON to .cache/bench/results-<time>.json.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { finished, residentMiB, run, waitForPort } from "../child-process.ts";
import { generateContent } from "../generate-content.ts";
import type { Latency } from "./in-process.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    budget: { type: "string" },
  },
});
const SIZES = (values.sizes ?? "1000,10000,100000").split(",").map(Number);
const SECONDS = Number(values.seconds ?? 5);
const CONNECTIONS = Number(values.connections ?? 32);
const BUDGET_MS = Number(values.budget ?? 800);
const CACHE_MAX_MB = 64;
const WORK = path.resolve(".cache/bench");
const REPEATED_PATH = "/api/spots?country=pt,es&limit=20";
const WORLD_MAP_PATH = "/api/spots/map?zoom=2";

interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

async function load(port: number, target: string): Promise<LoadResult> {
  return JSON.parse(
    await finished(run("scripts/bench/load.ts", [String(port), String(SECONDS), String(CONNECTIONS), target])),
  );
}

async function baseline(kind: "node" | "h3", bodyBytes: number) {
  const server = run("scripts/bench/baseline-servers.ts", [kind, String(bodyBytes)]);
  const port = await waitForPort(server, /listening (\d+)/);
  try {
    return await load(port, REPEATED_PATH);
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

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
  if (!existsSync(path.join(contentDir, "areas.csv"))) {
    generateContent(spots, Math.max(10, Math.round(spots / 10)), contentDir);
  }
  console.error(`[${spots}] building...`);
  const build = JSON.parse(await finished(run("scripts/bench/measure-build.ts", [contentDir, distDir])));
  const piecesBytes = readdirSync(distDir)
    .filter((name) => name.endsWith(".pieces"))
    .reduce((sum, name) => sum + statSync(path.join(distDir, name)).size, 0);

  console.error(`[${spots}] starting the server...`);
  const started = performance.now();
  const server = run(path.join(WORK, "bin", "server.mjs"), [], {
    PORT: "0",
    HOST: "127.0.0.1",
    SNAPSHOT_PATH: path.join(distDir, "snapshot.json"),
    CACHE_MAX_MB: String(CACHE_MAX_MB),
    SOCIAL_USER_ID: "",
    SOCIAL_ACCESS_TOKEN: "",
  });
  try {
    const port = await waitForPort(server, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
    let response: Response;
    do response = await fetch(`http://127.0.0.1:${port}${REPEATED_PATH}`);
    while (response.status !== 200);
    const startSeconds = (performance.now() - started) / 1000;
    const bodyBytes = (await response.arrayBuffer()).byteLength;
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

    console.error(`[${spots}] HTTP load (${SECONDS} s each)...`);
    const repeated = await load(port, REPEATED_PATH);
    const distinct = await load(port, "--distinct");
    const worldMap = await load(port, WORLD_MAP_PATH);
    const node = await baseline("node", bodyBytes);
    const h3 = await baseline("h3", bodyBytes);
    // The stream's pages are 1 to 100 items, so its answers are larger than the repeated
    // one's: it is compared with a bare server sending its mean body (headers weigh the same).
    const distinctBodyBytes = Math.round(distinct.bytesPerResponse - (repeated.bytesPerResponse - bodyBytes));
    const nodeAtDistinctBody = await baseline("node", distinctBodyBytes);

    console.error(`[${spots}] memory under distinct queries and stalled whole-map clients...`);
    const memory = JSON.parse(
      await finished(run("scripts/bench/memory.ts", [String(port), String(server.process.pid), "10000", "40"])),
    ) as { before: number; afterQueries: number; withStalledClients: number; afterClients: number };
    return {
      spots,
      build: { ...build, piecesBytes },
      start: { seconds: startSeconds, readyRssMiB: readyRss },
      queries: { kinds, oramaIndexSeconds, worldZoom2Bytes },
      http: { bodyBytes, repeated, distinct, worldMap, node, h3, distinctBodyBytes, nodeAtDistinctBody },
      memory: { readyMiB: readyRss, limitMiB: (readyRss + CACHE_MAX_MB) * 1.25, ...memory },
      correctness: { mismatches },
    };
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

const fmt = (value: number, digits = 2) => value.toFixed(digits);

function print(result: Awaited<ReturnType<typeof measureSize>>): void {
  const { build, start, queries, http, memory } = result;
  const percentOfNode = (rps: number, node = http.node) => `${fmt((100 * rps) / node.rps, 0)}% of node`;
  const rows: [string, string][] = [
    [
      "build",
      `${fmt(build.seconds)} s, peak ${fmt(build.peakRssMiB, 0)} MiB, snapshot ${fmt(build.bytes / 2 ** 20, 1)} MiB ` +
        `+ pieces ${fmt(build.piecesBytes / 2 ** 20, 1)} MiB`,
    ],
    ["start", `${fmt(start.seconds)} s to first 200, ${fmt(start.readyRssMiB, 0)} MiB resident`],
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
  rows.push(
    ["HTTP: bare node http", `${fmt(http.node.rps, 0)} req/s, p99 ${http.node.p99} ms`],
    ["HTTP: bare h3", `${fmt(http.h3.rps, 0)} req/s, p99 ${http.h3.p99} ms (${percentOfNode(http.h3.rps)})`],
    [
      "HTTP: repeated request",
      `${fmt(http.repeated.rps, 0)} req/s, p99 ${http.repeated.p99} ms (${percentOfNode(http.repeated.rps)})`,
    ],
    [
      "HTTP: bare node http, the stream's mean body",
      `${fmt(http.nodeAtDistinctBody.rps, 0)} req/s, p99 ${http.nodeAtDistinctBody.p99} ms ` +
        `(${fmt(http.distinctBodyBytes / 1000, 1)} kB)`,
    ],
    [
      "HTTP: URLs never repeated",
      `${fmt(http.distinct.rps, 0)} req/s, p99 ${http.distinct.p99} ms ` +
        `(${percentOfNode(http.distinct.rps, http.nodeAtDistinctBody)} at the same body)`,
    ],
    [
      "HTTP: world map zoom=2",
      `${fmt(http.worldMap.rps, 0)} req/s, p99 ${http.worldMap.p99} ms (${percentOfNode(http.worldMap.rps)}; replayed)`,
    ],
    [
      "HTTP errors",
      `${http.repeated.errors + http.distinct.errors + http.worldMap.errors} errors, ` +
        `${http.repeated.non2xx + http.distinct.non2xx + http.worldMap.non2xx} non-2xx`,
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
