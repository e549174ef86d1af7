/**
 * `npm run dev`, for editors: builds content/, serves it, and watches content/ (and the
 * API description): every save rebuilds and swaps the new snapshot in without dropping
 * a request. A save with problems prints every one as file:line and keeps serving the
 * last good snapshot.
 */
import { existsSync, watch } from "node:fs";
import path from "node:path";
import { buildSnapshot, DEFAULT_MEDIA_BASE_URL } from "../build/pipeline.ts";
import { printProblems } from "../build/report.ts";
import { configFromEnv } from "../runtime/config.ts";
import { withLocalOrigins } from "../runtime/http/cors.ts";
import { createLogger } from "../runtime/log.ts";
import { type RunningServer, startServer } from "../runtime/server.ts";

const contentDir = process.env.CONTENT_DIR || "content";
// A front-end on this machine (Vite on :5173, and the like) may call the API while editing.
const fromEnv = configFromEnv();
const config = { ...fromEnv, corsOrigins: withLocalOrigins(fromEnv.corsOrigins) };
const logger = createLogger({ level: config.logLevel });
const outDir = path.dirname(config.snapshotPath);

/** Builds into the snapshot's folder; false (and every problem printed) when the content has problems. */
async function rebuild(): Promise<boolean> {
  const started = performance.now();
  const result = await buildSnapshot({
    contentDir,
    outDir,
    mediaBaseUrl: process.env.MEDIA_BASE_URL || DEFAULT_MEDIA_BASE_URL,
  });
  if (!result.ok) {
    printProblems(result.problems, contentDir, "still serving the last good snapshot. Save again to retry.\n");
    return false;
  }
  console.error(`rebuilt ${result.snapshot.version} in ${Math.round(performance.now() - started)} ms`);
  return true;
}

let server: RunningServer | undefined;
if ((await rebuild()) || existsSync(config.snapshotPath)) server = await startServer(config, logger);
else console.error("waiting for a save that fixes the problems above...");

/** Rebuilds, then serves the new snapshot. */
async function rebuildAndSwap(): Promise<void> {
  if (!(await rebuild())) return;
  if (server) await server.reload();
  else server = await startServer(config, logger);
}

let timer: NodeJS.Timeout | undefined;
// One rebuild at a time: a burst saved during a build (a large one waits for its threads) rebuilds after it.
let rebuilding = Promise.resolve();
const onChange = () => {
  // Editors save in bursts (temp file, rename): one rebuild per burst.
  clearTimeout(timer);
  timer = setTimeout(() => {
    rebuilding = rebuilding.then(rebuildAndSwap);
  }, 150);
};
watch(contentDir, { recursive: true }, onChange);
if (existsSync("openapi")) watch("openapi", { recursive: true }, onChange);
console.error(`watching ${contentDir}/ for changes (Ctrl-C to stop)`);
console.error("CORS: pages on http://localhost:<any port> and http://127.0.0.1:<any port> may call this API");

// SIGHUP: closing the terminal stops it, and frees the port.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, async () => {
    await server?.close();
    await logger.closeBeforeExit();
    process.exit(0);
  });
}
