/**
 * Does the server keep answering while it reloads its snapshot? Starts the compiled server
 * (`node dist/server.mjs`, run `npm run build:server` first) on a built snapshot, asks
 * /healthz every 20 ms for 10 s from a process of its own (health-probe.ts), sends SIGUSR2
 * 3 s in, and prints the time to the first 200, the probes' p50, p99 and max, and whether
 * the reload finished, against issue 38's target (every probe answered, p99 < 100 ms,
 * max < 250 ms):
 *
 *   npx tsx scripts/attack/reload-probe.ts [--snapshot .cache/bench/dist-100000/snapshot.json]
 *
 * Build a 100k catalog for it with `npx tsx scripts/generate-content.ts --spots 100000 --out DIR`
 * and `npx tsx build/cli.ts build --content DIR --out DIST`.
 */
import { parseArgs } from "node:util";
import { type Child, finished, run, waitForHealthy, waitForPort } from "../child-process.ts";

const { values } = parseArgs({
  options: {
    snapshot: { type: "string", default: ".cache/bench/dist-100000/snapshot.json" },
    server: { type: "string", default: "dist/server.mjs" },
  },
});
const PROBE_SECONDS = 10;
const PROBE_INTERVAL_MS = 20;
const RELOAD_AFTER_MS = 3000;
const TARGET = { p99: 100, max: 250 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the server logs that its snapshot is reloaded. */
async function reloaded(server: Child): Promise<void> {
  while (!server.output().includes('"event":"reload"')) {
    if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    await sleep(5);
  }
}

const started = performance.now();
const server = run(values.server, [], { PORT: "0", HOST: "127.0.0.1", SNAPSHOT_PATH: values.snapshot });
try {
  const port = await waitForPort(server, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
  await waitForHealthy(port, server);
  const startMs = performance.now() - started;
  const probing = finished(
    run("scripts/attack/health-probe.ts", [String(port), String(PROBE_SECONDS), String(PROBE_INTERVAL_MS)]),
  );
  await sleep(RELOAD_AFTER_MS);
  const signalled = performance.now();
  server.process.kill("SIGUSR2");
  const reloadMs = reloaded(server).then(() => performance.now() - signalled);
  const health = JSON.parse(await probing) as {
    p50: number;
    p99: number;
    max: number;
    samples: number;
    failures: number;
  };
  const doneWithin = server.output().includes('"event":"reload"');
  const met = doneWithin && health.failures === 0 && health.p99 < TARGET.p99 && health.max < TARGET.max;
  console.log(
    `${met ? "met   " : "MISSED"}  start: first 200 after ${startMs.toFixed(0)} ms; ` +
      `reload ${doneWithin ? "done" : "NOT DONE"} within the probe (in ${(await reloadMs).toFixed(0)} ms); ` +
      `/healthz every ${PROBE_INTERVAL_MS} ms ` +
      `for ${PROBE_SECONDS} s: p50 ${health.p50.toFixed(1)}, p99 ${health.p99.toFixed(1)}, ` +
      `max ${health.max.toFixed(1)} ms, ${health.failures} failed of ${health.samples + health.failures} ` +
      `(target: every probe answered, p99 < ${TARGET.p99} ms, max < ${TARGET.max} ms)`,
  );
  if (!met) process.exitCode = 1;
} finally {
  server.process.kill("SIGTERM");
  await server.exited;
}
