/**
 * `GET /healthz`, outside the API: 200 with the snapshot's version and build time
 * while serving, 503 once shutdown has begun, so a load balancer stops sending
 * traffic before the process goes. Never cached.
 */
import type { Answer } from "./answer.ts";

export interface HealthState {
  shuttingDown: boolean;
  version: string;
  builtAt: string;
}

/** `/healthz`, with or without a query, in origin form or absolute form (`GET http://host/healthz`). */
export function isHealthPath(url: string | undefined): boolean {
  const path = url && /^https?:\/\//i.test(url) ? url.replace(/^https?:\/\/[^/?#]*/i, "") : url;
  return path === "/healthz" || path?.startsWith("/healthz?") === true;
}

export function healthAnswer(method: string | undefined, state: HealthState): Answer {
  const json = (status: number, value: unknown, extra: string[] = []): Answer => {
    const body = Buffer.from(JSON.stringify(value));
    const headers = ["content-type", "application/json; charset=utf-8", "cache-control", "no-store"];
    headers.push("x-content-type-options", "nosniff", "content-length", String(body.length), ...extra);
    return { status, headers, body };
  };
  if (method !== "GET") {
    const error = { error: `${method} is not allowed; use GET`, code: "METHOD_NOT_ALLOWED" };
    return json(405, error, ["allow", "GET"]);
  }
  const status = state.shuttingDown ? "shutting-down" : "ok";
  return json(state.shuttingDown ? 503 : 200, { status, version: state.version, builtAt: state.builtAt });
}
