/**
 * The process: configuration from the environment, the snapshot loaded once, listhen
 * on PORT/HOST, and a graceful shutdown of our own (listhen's default exits mid-request).
 */
import { toNodeHandler } from "h3/node";
import { listen, type Listener } from "listhen";
import { configFromEnv, type ServerConfig } from "./config.ts";
import { createApp, DEFAULT_CACHE_BYTES } from "./http/app.ts";
import { FastPath, withFastPath } from "./http/fast-path.ts";
import { releaseLoadingGarbage } from "./memory.ts";
import { loadOpenApiFile, OpenApiFileError, openApiPathFor } from "./openapi/load.ts";
import { loadSnapshotFile, SnapshotError } from "./snapshot.ts";
import type { Snapshot } from "./snapshot-types.ts";
import { SocialCacheStore } from "./social/cache-store.ts";
import { createGraphClient } from "./social/graph-client.ts";
import { SocialService } from "./social/service.ts";
import type { SocialSettings } from "./social/settings.ts";

/** How long in-flight requests get to finish after SIGTERM/SIGINT. */
const SHUTDOWN_DEADLINE_MS = 10_000;

export async function startServer(config: ServerConfig): Promise<Listener> {
  const catalog = loadSnapshotFile(config.snapshotPath);
  // The build writes the description beside the snapshot: the two always belong together.
  const openapi = loadOpenApiFile(openApiPathFor(config.snapshotPath));
  const fastPath = new FastPath(config.corsOrigins, DEFAULT_CACHE_BYTES);
  const app = createApp({ catalog, corsOrigins: config.corsOrigins, social: socialService(catalog.snapshot, config.social), openapi, fastPath });
  releaseLoadingGarbage();
  const listener = await listen(withFastPath(toNodeHandler(app), fastPath), {
    // PORT=0 asks for any free port (tests); listhen would read 0 as "default 3000".
    port: config.port === 0 ? { random: true } : config.port,
    hostname: config.host,
    showURL: false,
    qr: false,
    autoClose: false,
    // listhen would otherwise move to another port when PORT is busy, outside production.
    isProd: true,
  });
  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  console.log(`Surf Catalog API ${catalog.snapshot.version} listening on http://${shown}:${listener.address.port}/api/spots`);
  return listener;
}

function socialService(snapshot: Snapshot, settings: SocialSettings): SocialService {
  const store = new SocialCacheStore({ file: settings.cacheFile });
  if (!settings.graph) console.log("social integration off: set SOCIAL_USER_ID and SOCIAL_ACCESS_TOKEN to enable it");
  return new SocialService(snapshot, store, settings.graph ? createGraphClient(settings.graph) : null);
}

function shutDownOnSignals(listener: Listener): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      console.log(`${signal}: finishing in-flight requests, then exiting`);
      setTimeout(() => {
        console.error(`in-flight requests did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      await listener.close();
      process.exit(0);
    });
  }
}

export async function main(): Promise<void> {
  try {
    const listener = await startServer(configFromEnv());
    shutDownOnSignals(listener);
  } catch (error) {
    // One actionable line, no stack: these are configuration problems, not bugs.
    if (error instanceof SnapshotError || error instanceof OpenApiFileError || (error instanceof Error && /^(PORT|CORS_ORIGINS|SOCIAL_)/.test(error.message))) {
      console.error(`cannot start: ${error.message}`);
    } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE" || /Unable to find an available port/.test(String(error))) {
      console.error(`cannot start: port ${process.env.PORT ?? 3000} is in use; stop the other server or set PORT`);
    } else {
      console.error("cannot start:", error);
    }
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
