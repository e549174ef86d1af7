/**
 * The load generator, run as its own process so that it does not share a core's
 * event loop with the server it measures:
 *
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS PATH
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS --distinct [FROM]
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS --mixed SLUGS_FILE
 *
 * sends one path over and over, a stream of distinct queries (queries.ts) from its FROM-th
 * (default 0), or the soak's mixed traffic (soak/traffic.ts), and prints autocannon's
 * figures as JSON, with how many paths it sent (where a next stream should start). Every
 * load starts with a second of warm-up that is not measured, so that the figures are those
 * of a warm process (JIT-compiled paths, sockets open) for the server and for the baselines
 * alike; a stream goes on where its warm-up stopped, so a measured URL is still never seen
 * before.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { mixedPath } from "../soak/traffic.ts";
import { distinctPath } from "./queries.ts";

const [port, seconds, connections, path, streamArgument] = process.argv.slice(2);
const slugs = path === "--mixed" ? (JSON.parse(readFileSync(streamArgument, "utf8")) as string[]) : [];
const from = path === "--distinct" ? Number(streamArgument ?? 0) : 0;
const nextPath = (i: number) =>
  path === "--distinct" ? distinctPath(from + i) : path === "--mixed" ? mixedPath(i, slugs) : path;
let next = 0;
// autocannon runs `warmup` first (its types do not list the option yet).
const warmup = { connections: Number(connections), duration: 1 };
const result = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [{ setupRequest: (request) => ({ ...request, path: nextPath(next++) }) }],
  ...({ warmup } as object),
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    sent: next,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    // Bytes read per response, headers included: what the stream's answers weigh on average.
    bytesPerResponse: result.requests.total === 0 ? 0 : result.throughput.total / result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    byClass: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
  }),
);
