/**
 * The process: configuration from the environment, the snapshot loaded once (and again
 * on SIGUSR2, while the old one keeps answering, validated before the swap), listhen on
 * PORT/HOST, the request handler (serve.ts), the metrics (on METRICS_PORT when set), and a
 * graceful shutdown of our own (listhen's default exits mid-request).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { listen } from "listhen";
import { configFromEnv, type ServerConfig } from "./config.ts";
import { writeAnswer } from "./http/answer.ts";
import { createApp } from "./http/app.ts";
import { guardConnections } from "./http/connections.ts";
import type { HealthState } from "./http/health.ts";
import { isMetricsPath, metricsAnswer, metricsPortNotFound } from "./http/metrics-endpoint.ts";
import { ReplayCache } from "./http/replay-cache.ts";
import { internalErrorAnswer } from "./http/respond.ts";
import { requestHandler, type Serving } from "./http/serve.ts";
import { createLogger, type Logger } from "./log.ts";
import { isMainModule } from "./main-module.ts";
import { MemoryBudget } from "./memory-budget.ts";
import { Metrics } from "./metrics.ts";
import { loadOpenApiFile, OpenApiFileError, openApiPathFor } from "./openapi/load.ts";
import type { OpenApiDocument } from "./openapi/types.ts";
import { createRedactor, type Redactor } from "./redact.ts";
import { type Catalog, loadSnapshot, SnapshotError } from "./snapshot.ts";
import { Backoff } from "./social/backoff.ts";
import { createGraphClient, type GraphClient } from "./social/graph-client.ts";
import { openSocialStore } from "./social/open-store.ts";
import { SocialService } from "./social/service.ts";
import type { SocialStore } from "./social/store.ts";

/** The signal that reloads the snapshot from disk (`kill -USR2 <pid>`). */
export const RELOAD_SIGNAL = "SIGUSR2";

/** How long in-flight requests get to finish after SIGTERM/SIGINT/SIGHUP. */
const SHUTDOWN_DEADLINE_MS = 10_000;

export interface RunningServer {
  port: number;
  /** The port /metrics is served on: METRICS_PORT's when set, else the API's. */
  metricsPort: number;
  version(): string;
  /**
   * Loads the snapshot (and its description) again while the old one keeps answering, then
   * swaps; on any problem keeps serving the old one. Resolves with whether it swapped.
   * Reloads asked for while one runs run after it, in turn.
   */
  reload(): Promise<boolean>;
  /** Answers /healthz with 503 (for SHUTDOWN_DRAIN_MS), then stops accepting and finishes in-flight requests. */
  close(): Promise<void>;
}

/** The files of one build, read and checked: a bad snapshot throws here, before anything is swapped. */
interface Loaded {
  catalog: Catalog;
  openapi: OpenApiDocument;
  builtAt: string;
}

async function loadFiles(config: ServerConfig): Promise<Loaded> {
  const catalog = await loadSnapshot(config.snapshotPath);
  // The build writes the description beside the snapshot: the two always belong together.
  const openapi = loadOpenApiFile(openApiPathFor(config.snapshotPath));
  return { catalog, openapi, builtAt: catalog.snapshot.builtAt };
}

/** What tests set that the environment does not: the clock (event status and the Quote of the Day read it). */
export interface ServerOptions {
  now?: () => Date;
}

interface Shared {
  config: ServerConfig;
  logger: Logger;
  store: SocialStore;
  client: GraphClient | null;
  publicUrl: string;
  startedAt: Date;
  now: () => Date;
  reportFailure: (error: unknown) => void;
  /** Outlives reloads: a new snapshot does not make a failing upstream worth calling again. */
  backoff: Backoff;
  /** Outlives reloads too: counters go on across snapshots. */
  metrics: Metrics;
}

/** What serves now, and what the metrics read of it. */
interface Live extends Serving {
  memory: MemoryBudget;
  social: SocialService;
}

/** Everything that comes from one snapshot, with a memory budget of its own: swapped whole on reload. */
function serving({ catalog, openapi }: Loaded, shared: Shared): Live {
  const { config, logger, store, client, publicUrl, startedAt, now, reportFailure, backoff, metrics } = shared;
  const memory = new MemoryBudget(config.cacheMaxMb * 2 ** 20, () => metrics.countEviction());
  const social = new SocialService(catalog.snapshot, store, {
    client,
    log: (message) => logger.warn(message),
    startedAt,
    timeoutMs: config.social.graph?.timeoutMs,
    backoff,
    onUpstreamFailure: () => metrics.countUpstreamFailure(),
  });
  const app = createApp({
    catalog,
    corsOrigins: config.corsOrigins,
    memo: memory,
    now,
    social,
    openapi,
    publicUrl,
    reportFailure,
  });
  return { app, replay: new ReplayCache(memory, config.corsOrigins), memory, social };
}

/** METRICS_PORT's own listener: /metrics (with the token, if set) and a 404 for anything else. */
async function listenForMetrics(config: ServerConfig, metrics: Metrics, reportFailure: (error: unknown) => void) {
  const server = createServer((request, response) => {
    const answering = isMetricsPath(request.url)
      ? metricsAnswer(request, metrics, config.metrics.token)
      : Promise.resolve(metricsPortNotFound());
    answering.then(
      (answer) => writeAnswer(response, answer, []),
      (error: unknown) => {
        reportFailure(error);
        writeAnswer(response, internalErrorAnswer(), []);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" ? new Error(`METRICS_PORT ${config.metrics.port} is in use; set another`) : error,
      ),
    );
    server.listen(config.metrics.port, config.host, resolve);
  });
  return server;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

export async function startServer(
  config: ServerConfig,
  logger: Logger = createLogger({ level: config.logLevel, redact: secretRedactor(config) }),
  options: ServerOptions = {},
): Promise<RunningServer> {
  let loaded = await loadFiles(config);
  const health: HealthState = {
    shuttingDown: false,
    version: loaded.catalog.snapshot.version,
    builtAt: loaded.builtAt,
  };
  const reportFailure = (error: unknown) =>
    logger.error(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, {
      event: "internal-error",
    });
  // Before listening: a replica's first requests should find the shared cache (Redis), not an empty one.
  const store = await openSocialStore(config.social, {
    log: (message) => logger.warn(message),
    redact: secretRedactor(config),
  });
  let current: Live | undefined;
  let connections: ReturnType<typeof guardConnections> | undefined;
  const metrics = new Metrics(
    {
      memory: () => current!.memory,
      snapshot: () => loaded.catalog.snapshot,
      socialFeedFetchedAt: () => current!.social.feedFetchedAt(),
      openConnections: () => connections?.open() ?? 0,
    },
    options.now,
  );
  const separatePort = config.metrics.port !== undefined;
  const handler = requestHandler(() => current!, health, logger, reportFailure, {
    metrics,
    served: !separatePort,
    token: config.metrics.token,
  });
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
  const port = listener.address.port;
  connections = guardConnections(listener.server, config.connections);
  const shared: Shared = {
    config,
    logger,
    store,
    client: config.social.graph ? createGraphClient(config.social.graph) : null,
    publicUrl: config.publicUrl ?? `http://localhost:${port}`,
    startedAt: new Date(),
    now: options.now ?? (() => new Date()),
    reportFailure,
    backoff: new Backoff(),
    metrics,
  };
  // Made right after listening, before the event loop can hand over a request (the docs page needs the port).
  current = serving(loaded, shared);
  const metricsServer = separatePort ? await listenForMetrics(config, metrics, reportFailure) : null;
  const metricsPort = metricsServer ? (metricsServer.address() as AddressInfo).port : port;
  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const { version, counts } = loaded.catalog.snapshot;
  logger.info(`listening on http://${shown}:${port}/api/spots`, {
    event: "start",
    version,
    spots: counts.spots,
    social: shared.client ? "on" : "off",
    socialStore: store.location,
    metrics: `${separatePort ? `port ${metricsPort}` : "this port"}${config.metrics.token ? ", with a token" : ""}`,
  });
  if (!shared.client) {
    logger.info("social integration off: set SOCIAL_USER_ID and SOCIAL_ACCESS_TOKEN to enable it", {
      event: "config",
    });
  }

  /** Loads the files again (the old catalog answering meanwhile) and swaps them in, or keeps the old ones. */
  const reloadNow = async (): Promise<boolean> => {
    try {
      const next = await loadFiles(config);
      const previous = loaded.catalog.snapshot.version;
      current = serving(next, shared);
      loaded = next;
      Object.assign(health, { version: next.catalog.snapshot.version, builtAt: next.builtAt });
      logger.info("snapshot reloaded", {
        event: "reload",
        version: next.catalog.snapshot.version,
        previous,
        spots: next.catalog.snapshot.counts.spots,
      });
      return true;
    } catch (error) {
      const version = loaded.catalog.snapshot.version;
      logger.error(`snapshot reload failed, still serving ${version}: ${(error as Error).message}`, {
        event: "reload-failed",
        version,
      });
      return false;
    }
  };
  let reloading = Promise.resolve(true);

  return {
    port,
    metricsPort,
    version: () => loaded.catalog.snapshot.version,
    reload() {
      reloading = reloading.then(reloadNow);
      return reloading;
    },
    async close() {
      health.shuttingDown = true;
      if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      connections?.stop();
      await listener.close();
      if (metricsServer) await closeServer(metricsServer);
      await store.close();
    },
  };
}

/**
 * Installed before the server starts, so that a signal sent as soon as "listening" is
 * logged (or while it starts) finds its handler: without one, SIGUSR2 and SIGHUP would
 * kill the process. Each waits for the start to finish, then acts.
 */
function handleSignals(starting: Promise<RunningServer>, logger: Logger): void {
  // A start that fails is reported by main; here it only means there is nothing to stop.
  const started = starting.catch(() => null);
  // SIGHUP too: a closed terminal hangs up, and the server must not outlive it holding the port.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.once(signal, async () => {
      logger.info(`${signal}: finishing in-flight requests, then exiting`, { event: "shutdown" });
      setTimeout(() => {
        logger.error(`in-flight requests did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`, {
          event: "shutdown-timeout",
        });
        void logger.closeBeforeExit().then(() => process.exit(1));
      }, SHUTDOWN_DEADLINE_MS).unref();
      await (await started)?.close();
      logger.info("stopped", { event: "stopped" });
      await logger.closeBeforeExit();
      process.exit(0);
    });
  }
  // SIGUSR2, not SIGUSR1: Node keeps SIGUSR1 for its inspector.
  process.on(RELOAD_SIGNAL, () => {
    logger.info(`${RELOAD_SIGNAL}: reloading the snapshot`, { event: "reload-requested" });
    void started.then((server) => server?.reload());
  });
}

/** Removes the configured secrets (the Graph API token) from whatever leaves the process. */
export function secretRedactor(config: ServerConfig): Redactor {
  return createRedactor([config.social.graph?.accessToken, config.metrics.token]);
}

/** Configuration problems are told in one actionable line, without a stack. */
const CONFIGURATION =
  /^(PORT|CORS_ORIGINS|SOCIAL_|LOG_LEVEL|SHUTDOWN_DRAIN_MS|CACHE_MAX_MB|PUBLIC_URL|MAX_CONNECTIONS|METRICS_)/;

export async function main(): Promise<void> {
  let logger = createLogger();
  try {
    const config = configFromEnv();
    logger = createLogger({ level: config.logLevel, redact: secretRedactor(config) });
    // Started a microtask later: the signal handlers are in place before anything else runs.
    const starting = Promise.resolve().then(() => startServer(config, logger));
    handleSignals(starting, logger);
    await starting;
  } catch (error) {
    const configuration =
      error instanceof SnapshotError ||
      error instanceof OpenApiFileError ||
      (error instanceof Error && CONFIGURATION.test(error.message));
    const busy =
      (error as NodeJS.ErrnoException).code === "EADDRINUSE" || /Unable to find an available port/.test(String(error));
    const reason = configuration
      ? (error as Error).message
      : busy
        ? `port ${process.env.PORT ?? 3000} is in use; stop the other server or set PORT`
        : String((error as Error)?.stack ?? error);
    logger.error(`cannot start: ${reason}`, { event: "start-failed" });
    await logger.closeBeforeExit();
    process.exit(1);
  }
}

if (isMainModule(import.meta.url)) void main();
