/**
 * The load generator, run as its own process so that it does not share a core's
 * event loop with the server it measures:
 *
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS PATH
 *   node --import tsx scripts/bench/load.ts PORT SECONDS CONNECTIONS --distinct
 *
 * sends one path over and over, or a stream of distinct queries (queries.ts), and
 * prints autocannon's figures as JSON.
 */
import autocannon from "autocannon";
import { distinctPath } from "./queries.ts";

const [port, seconds, connections, path] = process.argv.slice(2);
let next = 0;
const result = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [{ setupRequest: (request) => ({ ...request, path: path === "--distinct" ? distinctPath(next++) : path }) }],
});
console.log(JSON.stringify({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, timeouts: result.timeouts }));
