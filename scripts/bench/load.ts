/**
 * The load generator, run as its own process so that it does not share a core's
 * event loop with the server it measures:
 *
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS PATH
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS --distinct [FROM STEP]
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS --mixed SLUGS_FILE
 *
 * sends one path over and over, a stream of distinct queries (queries.ts: numbers FROM,
 * FROM + STEP, FROM + 2 STEP...; 0, 1, 2... by default), or the soak's mixed traffic
 * (soak/traffic.ts), and prints autocannon's figures as JSON. Loads with the same STEP and
 * other FROMs below it never send the same URL, and their answers weigh about the same (a
 * query's page size and offset follow its number). Every load starts with a second of
 * warm-up that is not measured, so that the figures are those of a warm process
 * (JIT-compiled paths, sockets open) for the server and for the baselines alike; a stream
 * goes on where its warm-up stopped, so a measured URL is still never seen before.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { mixedPath } from "../soak/traffic.ts";
import { distinctPath } from "./queries.ts";

const [port, seconds, connections, path, ...rest] = process.argv.slice(2);
const slugs = path === "--mixed" ? (JSON.parse(readFileSync(rest[0], "utf8")) as string[]) : [];
const [from, step] = path === "--distinct" ? [Number(rest[0] ?? 0), Number(rest[1] ?? 1)] : [0, 1];
const nextPath = (i: number) =>
  path === "--distinct" ? distinctPath(from + step * i) : path === "--mixed" ? mixedPath(i, slugs) : path;
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
