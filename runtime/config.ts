/** The server's configuration, from the environment (README lists every variable). */
import { parseCorsOrigins } from "./http/cors.ts";
import { type LogLevel, parseLogLevel } from "./log.ts";
import { type SocialSettings, socialSettingsFromEnv } from "./social/settings.ts";

export interface ServerConfig {
  port: number;
  host: string;
  corsOrigins: Set<string>;
  snapshotPath: string;
  social: SocialSettings;
  logLevel: LogLevel;
  /** After SIGTERM, how long /healthz answers 503 before the listener closes (load balancers notice). */
  drainMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === "" ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT '${env.PORT}' is not a port number (0 to 65535)`);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    snapshotPath: env.SNAPSHOT_PATH || "dist/snapshot.json",
    social: socialSettingsFromEnv(env),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    drainMs: wholeNumber(env.SHUTDOWN_DRAIN_MS, "SHUTDOWN_DRAIN_MS", 0),
  };
}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`${name} '${value}' is not a whole number of milliseconds`);
  return number;
}
