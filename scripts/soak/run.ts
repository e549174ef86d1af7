/**
 * `npm run soak`: the API under sustained mixed traffic, on loopback only, bounded in
 * time. It starts the production server (`node dist/server.mjs`) over a synthetic
 * catalog of 10k spots with the social integration pointed at the test fake of the
 * Graph API, then:
 *
 *   1. a large property run: thousands of generated hostile requests over HTTP, none
 *      may get a 5xx, every error must be the bare envelope;
 *   2. mixed traffic from a second process at high concurrency for a few minutes,
 *      sampling the server's resident memory every 5 s.
 *
 * It passes with zero connection errors, zero timeouts, zero 5xx, a p99 under 100 ms,
 * and a resident memory that levels off (the last third's peak within 10% of the middle
 * third's: the response caches are bounded). Options:
 * --seconds 180  --connections 64  --spots 10000  --runs 3000
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { finished, residentMiB, run } from "../child-process.ts";
import { FAKE_TOKEN, FAKE_USER_ID, startFakeGraph } from "../fake-graph.ts";
import { generateContent } from "../generate-content.ts";
import { hostilePath, method } from "./hostile-requests.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string" },
    connections: { type: "string" },
    spots: { type: "string" },
    runs: { type: "string" },
  },
});
const SECONDS = Number(values.seconds ?? 180);
const CONNECTIONS = Number(values.connections ?? 64);
const SPOTS = Number(values.spots ?? 10_000);
const RUNS = Number(values.runs ?? 3_000);
const WORK = path.resolve(".cache/soak");

mkdirSync(WORK, { recursive: true });
const contentDir = path.join(WORK, `content-${SPOTS}`);
if (!existsSync(path.join(contentDir, "places.csv"))) generateContent(SPOTS, Math.round(SPOTS / 10), contentDir);
console.log(`building ${SPOTS} spots and the server...`);
await finished(run("build/cli.ts", ["build", "--content", contentDir, "--out", path.join(WORK, "dist")]));
await finished(run("scripts/build-server.ts", [], { DIST_DIR: path.join(WORK, "dist") }));

const fake = await startFakeGraph();
const server = run(path.join(WORK, "dist", "server.mjs"), [], {
  PORT: "0",
  HOST: "127.0.0.1",
  SNAPSHOT_PATH: path.join(WORK, "dist", "snapshot.json"),
  LOG_LEVEL: "info",
  SOCIAL_GRAPH_URL: fake.url,
  SOCIAL_USER_ID: FAKE_USER_ID,
  SOCIAL_ACCESS_TOKEN: FAKE_TOKEN,
  SOCIAL_CACHE_FILE: path.join(WORK, "social.json"),
});
let failed = false;
try {
  while (!/listening on http:\/\/127\.0\.0\.1:\d+/.test(server.output())) {
    if (server.process.exitCode !== null) throw new Error(server.output());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(server.output())![1]);
  const base = `http://127.0.0.1:${port}`;
  // The server logs a line per request: let it flow past, as a log collector would.
  server.process.stdout!.removeAllListeners("data");
  server.process.stdout!.resume();

  console.log(`1. ${RUNS} generated hostile requests...`);
  await fc.assert(
    fc.asyncProperty(hostilePath, method, async (target, verb) => {
      const response = await fetch(`${base}${target}`, { method: verb });
      const body = await response.text();
      if (response.status >= 500) throw new Error(`${verb} ${target} → ${response.status}: ${body.slice(0, 200)}`);
      // Node itself answers an oversized request line or headers (431, no body): clean, but not ours.
      if (response.status === 431 || response.status === 414) return;
      if (response.status >= 400 && verb !== "HEAD") {
        const keys = Object.keys(JSON.parse(body)).sort().join(",");
        if (keys !== "code,error")
          throw new Error(`${verb} ${target} → ${response.status} without the envelope: ${body.slice(0, 200)}`);
      }
    }),
    { seed: 20261122, numRuns: RUNS },
  );
  console.log("   no 5xx, every error the bare envelope");

  const slugsFile = path.join(WORK, "slugs.json");
  const snapshot = JSON.parse(readFileSync(path.join(WORK, "dist", "snapshot.json"), "latin1")) as Snapshot;
  writeFileSync(slugsFile, JSON.stringify(snapshot.spots.slugs.slice(0, 5_000)));

  console.log(`2. mixed traffic, ${CONNECTIONS} connections, ${SECONDS} s...`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(residentMiB(server.process.pid!)), 5_000);
  const load = JSON.parse(
    await finished(
      run("scripts/bench/load.ts", [String(port), String(SECONDS), String(CONNECTIONS), "--mixed", slugsFile]),
    ),
  ) as {
    rps: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
    errors: number;
    timeouts: number;
    byClass: Record<string, number>;
  };
  clearInterval(sampler);

  // Caches fill during the first third; after that, memory must level off.
  const third = Math.floor(samples.length / 3);
  const middlePeak = Math.max(...samples.slice(third, 2 * third));
  const lastPeak = Math.max(...samples.slice(2 * third));
  const rows: [string, string, boolean][] = [
    ["requests", `${load.total} in ${SECONDS} s (${Math.round(load.rps)}/s)`, load.total > 0],
    ["connection errors, timeouts", `${load.errors}, ${load.timeouts}`, load.errors === 0 && load.timeouts === 0],
    [
      "responses 2xx / 3xx / 4xx / 5xx",
      `${load.byClass["2xx"]} / ${load.byClass["3xx"]} / ${load.byClass["4xx"]} / ${load.byClass["5xx"]}`,
      load.byClass["5xx"] === 0,
    ],
    ["latency p50 / p99 / max", `${load.p50} / ${load.p99} / ${load.max} ms`, load.p99 < 100],
    [
      "resident memory (every 5 s)",
      `${samples.map((sample) => Math.round(sample)).join(" ")} MiB`,
      lastPeak <= middlePeak * 1.1,
    ],
  ];
  for (const [name, value, ok] of rows) console.log(`   ${ok ? "ok  " : "FAIL"} ${name.padEnd(32)} ${value}`);
  failed = rows.some(([, , ok]) => !ok);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  server.process.kill("SIGTERM");
  await server.exited;
  await fake.close();
}
console.log(failed ? "soak FAILED" : "soak passed");
process.exitCode = failed ? 1 : 0;
