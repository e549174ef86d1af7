/**
 * `npm run bench`: what the catalog costs at 1k, 10k and 100k spots. For each size it
 * generates synthetic content, builds it, starts the real server and measures:
 *
 *   build     seconds, peak memory, snapshot bytes
 *   start     process start to the first 200 (the production command: `node
 *             dist/server.mjs`, compiled ahead), resident memory once ready
 *   queries   in-process p50/p99 of the pure queries
 *   HTTP      throughput and p99 from a second process (autocannon, loopback), for a
 *             repeated request and a stream of distinct queries, against a bare Node
 *             `http` server and a bare h3 app answering a constant body of the same
 *             size, in the same run: the ratios hold on a noisy machine.
 *
 * Options: --sizes 1000,10000,100000  --seconds 5 (per load run)  --connections 32
 * Results: printed, and written as JSON to .cache/bench/results-<time>.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateContent } from "../generate-content.ts";
import type { Latency } from "./in-process.ts";

const { values } = parseArgs({
  options: { sizes: { type: "string" }, seconds: { type: "string" }, connections: { type: "string" } },
});
const SIZES = (values.sizes ?? "1000,10000,100000").split(",").map(Number);
const SECONDS = Number(values.seconds ?? 5);
const CONNECTIONS = Number(values.connections ?? 32);
const WORK = path.resolve(".cache/bench");
const REPEATED_PATH = "/api/spots?country=pt,es&limit=20";

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs a TypeScript script through tsx, or a compiled `.mjs` with plain node. */
function run(script: string, args: string[], env: Record<string, string> = {}): Child {
  const loader = script.endsWith(".mjs") ? [] : ["--import", "tsx"];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { process: child, output: () => output, exited: new Promise((resolve) => child.on("exit", resolve)) };
}

async function finished(child: Child): Promise<string> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`a benchmark step failed (exit ${code}):\n${child.output()}`);
  return child.output();
}

async function waitForPort(child: Child, pattern: RegExp): Promise<number> {
  for (;;) {
    const match = pattern.exec(child.output());
    if (match) return Number(match[1]);
    if (child.process.exitCode !== null) throw new Error(`the server exited:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function load(
  port: number,
  target: string,
): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
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

async function measureSize(spots: number) {
  const contentDir = path.join(WORK, `content-${spots}`);
  const distDir = path.join(WORK, `dist-${spots}`);
  if (!existsSync(path.join(contentDir, "spots.csv")))
    generateContent(spots, Math.max(10, Math.round(spots / 10)), contentDir);
  console.error(`[${spots}] building...`);
  const build = JSON.parse(await finished(run("scripts/bench/measure-build.ts", [contentDir, distDir])));

  console.error(`[${spots}] starting the server...`);
  const started = performance.now();
  // The production start command: the server compiled ahead of time, plain node.
  const server = run(path.join(WORK, "bin", "server.mjs"), [], {
    PORT: "0",
    HOST: "127.0.0.1",
    SNAPSHOT_PATH: path.join(distDir, "snapshot.json"),
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

    console.error(`[${spots}] in-process queries...`);
    const { queries, mismatches } = JSON.parse(
      await finished(
        run("scripts/bench/measure-queries.ts", [
          path.join(distDir, "snapshot.json"),
          String(spots >= 100_000 ? 30 : 100),
        ]),
      ),
    ) as { queries: Record<string, Latency>; mismatches: string[] };

    console.error(`[${spots}] HTTP load (${SECONDS} s each)...`);
    const repeated = await load(port, REPEATED_PATH);
    const distinct = await load(port, "--distinct");
    const node = await baseline("node", bodyBytes);
    const h3 = await baseline("h3", bodyBytes);
    const loadedRss = residentMiB(server.process.pid!);
    return {
      spots,
      build,
      start: { seconds: startSeconds, readyRssMiB: readyRss, rssAfterLoadMiB: loadedRss },
      queries,
      http: { bodyBytes, repeated, distinct, node, h3 },
      correctness: { mismatches },
    };
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

const fmt = (value: number, digits = 2) => value.toFixed(digits);
const ms = (latency: Latency) => `${fmt(latency.p50, 3)} / ${fmt(latency.p99, 3)}`;

function print(result: Awaited<ReturnType<typeof measureSize>>): void {
  const { build, start, queries, http } = result;
  const percentOfNode = (rps: number) => `${fmt((100 * rps) / http.node.rps, 0)}%`;
  const rows: [string, string][] = [
    [
      "build",
      `${fmt(build.seconds)} s, peak ${fmt(build.peakRssMiB, 0)} MiB, snapshot ${fmt(build.bytes / 2 ** 20, 1)} MiB`,
    ],
    [
      "start",
      `${fmt(start.seconds)} s to first 200, ${fmt(start.readyRssMiB, 0)} MiB resident ` +
        `(${fmt(start.rssAfterLoadMiB, 0)} MiB after load)`,
    ],
    ...Object.entries(queries).map(
      ([name, latency]) => [`query: ${name}`, `${ms(latency)} ms (p50 / p99)`] as [string, string],
    ),
    ["HTTP: bare node http", `${fmt(http.node.rps, 0)} req/s, p99 ${http.node.p99} ms`],
    [
      "HTTP: bare h3",
      `${fmt(http.h3.rps, 0)} req/s, p99 ${http.h3.p99} ms (${fmt((100 * http.h3.rps) / http.node.rps, 0)}% of node)`,
    ],
    [
      "HTTP: repeated request",
      `${fmt(http.repeated.rps, 0)} req/s, p99 ${http.repeated.p99} ms (${percentOfNode(http.repeated.rps)} of node)`,
    ],
    [
      "HTTP: distinct queries",
      `${fmt(http.distinct.rps, 0)} req/s, p99 ${http.distinct.p99} ms (${percentOfNode(http.distinct.rps)} of node)`,
    ],
    [
      "HTTP errors",
      `${http.repeated.errors + http.distinct.errors} errors, ${http.repeated.non2xx + http.distinct.non2xx} non-2xx`,
    ],
    [
      "correctness",
      result.correctness.mismatches.length === 0
        ? "optimized = naive on every sampled query"
        : `${result.correctness.mismatches.length} MISMATCHES`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    `\n${result.spots.toLocaleString("en")} spots ` +
      `(body ${http.bodyBytes} bytes, ${CONNECTIONS} connections, ${SECONDS} s per load)`,
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
