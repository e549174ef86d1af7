/** The server's configuration, from the environment (README lists every variable). */
import { type ConnectionLimits, defaultMaxConnections } from "./http/connections.ts";
import { type OriginAllowList, parseCorsOrigins } from "./http/cors.ts";
import { type LogLevel, parseLogLevel } from "./log.ts";
import { DEFAULT_CACHE_MAX_MB } from "./memory-budget.ts";
import { type SocialSettings, socialSettingsFromEnv } from "./social/settings.ts";

export interface ServerConfig {
  port: number;
  host: string;
  corsOrigins: OriginAllowList;
  snapshotPath: string;
  social: SocialSettings;
  logLevel: LogLevel;
  /** After SIGTERM, how long /healthz answers 503 before the listener closes (load balancers notice). */
  drainMs: number;
  /** The memory budget for everything kept besides the snapshot (answers, memos), in MiB. */
  cacheMaxMb: number;
  /** The address clients reach the API at, for the docs page; default http://localhost:PORT. */
  publicUrl?: string;
  /** Bounds on connections (MAX_CONNECTIONS; the timeouts are fixed, tests shorten them). */
  connections: ConnectionLimits;
  metrics: MetricsSettings;
}

/** Where /metrics is answered, and whether it needs a token. */
export interface MetricsSettings {
  /** METRICS_PORT: /metrics only on this port (bound to HOST too), not on the API's. */
  port?: number;
  /** METRICS_TOKEN: a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = portNumber(env.PORT, "PORT") ?? 3000;
  const metricsPort = portNumber(env.METRICS_PORT, "METRICS_PORT");
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new Error(`METRICS_PORT '${env.METRICS_PORT}' is the API's PORT; give the metrics a port of their own`);
  }
  return {
    port,
    host: env.HOST || "0.0.0.0",
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    snapshotPath: env.SNAPSHOT_PATH || "dist/snapshot.json",
    social: socialSettingsFromEnv(env),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    drainMs: wholeNumber(env.SHUTDOWN_DRAIN_MS, "SHUTDOWN_DRAIN_MS", 0, "milliseconds"),
    cacheMaxMb: wholeNumber(env.CACHE_MAX_MB, "CACHE_MAX_MB", DEFAULT_CACHE_MAX_MB, "MiB", 1),
    publicUrl: env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : undefined,
    connections: {
      maxConnections: wholeNumber(env.MAX_CONNECTIONS, "MAX_CONNECTIONS", defaultMaxConnections(), "connections", 1),
    },
    metrics: { port: metricsPort, token: env.METRICS_TOKEN || undefined },
  };
}

/** A port number from the environment; undefined when unset or empty. */
function portNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} '${value}' is not a port number (0 to 65535)`);
  }
  return port;
}

function wholeNumber(value: string | undefined, name: string, fallback: number, unit: string, min = 0): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new Error(`${name} '${value}' is not a whole number of ${unit} (at least ${min}), like ${fallback || 1000}`);
  }
  return number;
}

function parsePublicUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new Error(`PUBLIC_URL '${value}' is not an http(s) address like https://api.surf.example`);
  }
  return url.href.replace(/\/+$/, "");
}
