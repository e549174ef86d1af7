/**
 * The process: configuration from the environment, the snapshot loaded once (and again
 * on SIGHUP, validated before the swap), listhen on PORT/HOST, `/healthz`, one log line
 * per request, and a graceful shutdown of our own (listhen's default exits mid-request).
 */
import { statSync } from "node:fs";
import { toNodeHandler } from "h3/node";
import { listen } from "listhen";
import { configFromEnv, type ServerConfig } from "./config.ts";
import { createApp, DEFAULT_CACHE_BYTES } from "./http/app.ts";
import { FastPath, type NodeHandler, withFastPath } from "./http/fast-path.ts";
import { answerHealth, type HealthState, isHealthPath } from "./http/health.ts";
import { withRequestLog } from "./http/request-log.ts";
import { createLogger, type Logger } from "./log.ts";
import { releaseLoadingGarbage } from "./memory.ts";
import { loadOpenApiFile, OpenApiFileError, openApiPathFor } from "./openapi/load.ts";
import { loadSnapshotFile, SnapshotError } from "./snapshot.ts";
import { SocialCacheStore } from "./social/cache-store.ts";
import { createGraphClient, type GraphClient } from "./social/graph-client.ts";
import { SocialService } from "./social/service.ts";

/** How long in-flight requests get to finish after SIGTERM/SIGINT. */
const SHUTDOWN_DEADLINE_MS = 10_000;

export interface RunningServer {
  port: number;
  version(): string;
  /** Loads the snapshot (and its description) again; on any problem keeps serving the old one. */
  reload(): boolean;
  /** Answers /healthz with 503 (for SHUTDOWN_DRAIN_MS), then stops accepting and finishes in-flight requests. */
  close(): Promise<void>;
}

/** Everything that comes from one snapshot: swapped whole on reload. */
interface Generation {
  version: string;
  builtAt: string;
  spots: number;
  handler: NodeHandler;
}

interface Shared {
  config: ServerConfig;
  logger: Logger;
  store: SocialCacheStore;
  client: GraphClient | null;
}

/** Reads and checks every file first: a bad snapshot throws here, before anything is swapped. */
function loadGeneration({ config, logger, store, client }: Shared): Generation {
  const catalog = loadSnapshotFile(config.snapshotPath);
  // The build writes the description beside the snapshot: the two always belong together.
  const openapi = loadOpenApiFile(openApiPathFor(config.snapshotPath));
  const fastPath = new FastPath(config.corsOrigins, DEFAULT_CACHE_BYTES);
  const social = new SocialService(catalog.snapshot, store, client, (message) => logger.warn(message));
  const reportFailure = (error: unknown) =>
    logger.error(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, {
      event: "internal-error",
    });
  const app = createApp({ catalog, corsOrigins: config.corsOrigins, social, openapi, fastPath, reportFailure });
  releaseLoadingGarbage();
  return {
    version: catalog.snapshot.version,
    builtAt: statSync(config.snapshotPath).mtime.toISOString(),
    spots: catalog.snapshot.counts.spots,
    handler: withFastPath(toNodeHandler(app), fastPath),
  };
}

export async function startServer(
  config: ServerConfig,
  logger: Logger = createLogger({ level: config.logLevel }),
): Promise<RunningServer> {
  const shared: Shared = {
    config,
    logger,
    store: new SocialCacheStore({ file: config.social.cacheFile, log: (message) => logger.warn(message) }),
    client: config.social.graph ? createGraphClient(config.social.graph) : null,
  };
  let current = loadGeneration(shared);
  const health: HealthState = { shuttingDown: false, version: current.version, builtAt: current.builtAt };
  const handler = withRequestLog((request, response) => {
    if (isHealthPath(request.url)) return answerHealth(request.method, response, health);
    return current.handler(request, response);
  }, logger);

  const listener = await listen(handler, {
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
  const url = `http://${shown}:${listener.address.port}`;
  logger.info(`listening on ${url}/api/spots`, {
    event: "start",
    version: current.version,
    spots: current.spots,
    social: shared.client ? "on" : "off",
  });
  if (!shared.client)
    logger.info("social integration off: set SOCIAL_USER_ID and SOCIAL_ACCESS_TOKEN to enable it", { event: "config" });

  return {
    port: listener.address.port,
    version: () => current.version,
    reload() {
      try {
        const next = loadGeneration(shared);
        const previous = current.version;
        current = next;
        Object.assign(health, { version: next.version, builtAt: next.builtAt });
        logger.info("snapshot reloaded", { event: "reload", version: next.version, previous, spots: next.spots });
        return true;
      } catch (error) {
        logger.error(`snapshot reload failed, still serving ${current.version}: ${(error as Error).message}`, {
          event: "reload-failed",
          version: current.version,
        });
        return false;
      }
    },
    async close() {
      health.shuttingDown = true;
      if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      await listener.close();
    },
  };
}

function handleSignals(server: RunningServer, logger: Logger): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      logger.info(`${signal}: finishing in-flight requests, then exiting`, { event: "shutdown" });
      setTimeout(() => {
        logger.error(`in-flight requests did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`, {
          event: "shutdown-timeout",
        });
        logger.flush();
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      await server.close();
      logger.info("stopped", { event: "stopped" });
      logger.flush();
      process.exit(0);
    });
  }
  process.on("SIGHUP", () => {
    logger.info("SIGHUP: reloading the snapshot", { event: "reload-requested" });
    server.reload();
  });
}

export async function main(): Promise<void> {
  let logger = createLogger();
  try {
    const config = configFromEnv();
    logger = createLogger({ level: config.logLevel });
    handleSignals(await startServer(config, logger), logger);
  } catch (error) {
    // One actionable line, no stack: these are configuration problems, not bugs.
    const configuration =
      error instanceof SnapshotError ||
      error instanceof OpenApiFileError ||
      (error instanceof Error && /^(PORT|CORS_ORIGINS|SOCIAL_|LOG_LEVEL|SHUTDOWN_DRAIN_MS)/.test(error.message));
    const busy =
      (error as NodeJS.ErrnoException).code === "EADDRINUSE" || /Unable to find an available port/.test(String(error));
    const reason = configuration
      ? (error as Error).message
      : busy
        ? `port ${process.env.PORT ?? 3000} is in use; stop the other server or set PORT`
        : String((error as Error)?.stack ?? error);
    logger.error(`cannot start: ${reason}`, { event: "start-failed" });
    logger.flush();
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
