/** The real server on a loopback port, over the test run's snapshot, quiet (no log lines). */
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { ServerConfig } from "../../runtime/config.ts";
import { createLogger, type Logger } from "../../runtime/log.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../runtime/server.ts";

export function testServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    corsOrigins: new Set(),
    snapshotPath: inject("snapshotPath"),
    social: { graph: null, cacheFile: path.join(tmpdir(), "surf-test-no-social.json") },
    logLevel: "silent",
    drainMs: 0,
    cacheMaxMb: 64,
    connections: { maxConnections: 1000 },
    metrics: {},
    ...overrides,
  };
}

export function startTestServer(
  overrides: Partial<ServerConfig> = {},
  logger?: Logger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const config = testServerConfig(overrides);
  return startServer(config, logger ?? createLogger({ level: config.logLevel }), options);
}
