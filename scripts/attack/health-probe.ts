/**
 * Asks /healthz over a new connection for SECONDS, pausing INTERVAL_MS (default 50) after
 * each answer, and prints the latencies' p50, p99 and max (ms) and the failures as JSON.
 * Its own process, so that what it measures is the server, not the event loop of whoever
 * attacks it:
 *   node --import tsx scripts/attack/health-probe.ts PORT SECONDS [INTERVAL_MS]
 */
import { get } from "node:http";

const [port, seconds, intervalMs = 50] = process.argv.slice(2).map(Number);
const TIMEOUT_MS = 5000;

/** One /healthz over a new connection: its time in ms, or null when it failed or took longer than TIMEOUT_MS. */
function once(): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, TIMEOUT_MS);
    const settle = (value: number | null) => {
      clearTimeout(deadline);
      resolve(value);
    };
    const request = get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
      response.resume();
      response.on("end", () => settle(response.statusCode === 200 ? performance.now() - started : null));
    });
    request.on("error", () => settle(null));
  });
}

const times: number[] = [];
let failures = 0;
const end = performance.now() + seconds * 1000;
while (performance.now() < end) {
  const time = await once();
  if (time === null) failures++;
  else times.push(time);
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? null;
console.log(
  JSON.stringify({ p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? null, samples: times.length, failures }),
);
