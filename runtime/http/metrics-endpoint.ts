/**
 * `GET /metrics`, outside the API (not under /api/, not in the description, never in the
 * replay cache, never cached by anyone: `no-store`). Where it is answered is the server's
 * choice (server.ts): on the API's port by default, or only on METRICS_PORT when that is
 * set. With METRICS_TOKEN set, a scrape must send it as `Authorization: Bearer <token>`;
 * without it, the answer is a 401 envelope.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Metrics } from "../metrics.ts";
import type { Answer } from "./answer.ts";

export const METRICS_PATH = "/metrics";

/** `/metrics`, with or without a query. */
export function isMetricsPath(url: string | undefined): boolean {
  return url === METRICS_PATH || url?.startsWith(`${METRICS_PATH}?`) === true;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request's `Authorization` carries the token (compared in constant time). */
function authorized(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  return given !== undefined && timingSafeEqual(sha256(given), sha256(token));
}

function answer(status: number, contentType: string, text: string, extra: string[] = []): Answer {
  const body = Buffer.from(text);
  const headers = ["content-type", contentType, "cache-control", "no-store", "x-content-type-options", "nosniff"];
  return { status, headers: [...headers, "content-length", String(body.length), ...extra], body };
}

function envelope(status: number, error: string, code: string, extra: string[] = []): Answer {
  return answer(status, "application/json; charset=utf-8", JSON.stringify({ error, code }), extra);
}

/** The answer to a request for /metrics: the scrape, or why not. `token` undefined: no token asked for. */
export async function metricsAnswer(request: IncomingMessage, metrics: Metrics, token?: string): Promise<Answer> {
  if (request.method !== "GET") {
    return envelope(405, `${request.method} is not allowed; use GET`, "METHOD_NOT_ALLOWED", ["allow", "GET"]);
  }
  if (token !== undefined && !authorized(request, token)) {
    const error = "metrics need the token: send 'Authorization: Bearer <METRICS_TOKEN>'";
    return envelope(401, error, "UNAUTHORIZED", ["www-authenticate", 'Bearer realm="metrics"']);
  }
  const { text, contentType } = await metrics.scrape();
  return answer(200, contentType, text);
}

/** The answer on METRICS_PORT to anything but /metrics. */
export function metricsPortNotFound(): Answer {
  return envelope(404, `only ${METRICS_PATH} is served on this port`, "NOT_FOUND");
}
