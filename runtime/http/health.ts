/**
 * `GET /healthz`, outside the API: 200 with the snapshot's version and build time
 * while serving, 503 once shutdown has begun, so a load balancer stops sending
 * traffic before the process goes. Never cached.
 */
import type { ServerResponse } from "node:http";

export interface HealthState {
  shuttingDown: boolean;
  version: string;
  builtAt: string;
}

export function isHealthPath(url: string | undefined): boolean {
  return url === "/healthz" || url?.startsWith("/healthz?") === true;
}

export function answerHealth(method: string | undefined, response: ServerResponse, state: HealthState): void {
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (method !== "GET") {
    response.writeHead(405, { ...headers, allow: "GET" });
    response.end(JSON.stringify({ error: `${method} is not allowed; use GET`, code: "METHOD_NOT_ALLOWED" }));
    return;
  }
  const status = state.shuttingDown ? "shutting-down" : "ok";
  response.writeHead(state.shuttingDown ? 503 : 200, headers);
  response.end(JSON.stringify({ status, version: state.version, builtAt: state.builtAt }));
}
