/**
 * One log line per request: method, path, status, duration and a request id, which is
 * the caller's `X-Request-Id` when it sends a sane one, else generated, and is echoed
 * in the response either way. Query values whose names look like secrets are redacted.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../log.ts";
import type { NodeHandler } from "./fast-path.ts";
import { rawHeader } from "./raw-header.ts";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SECRET_NAME = /token|secret|key|password|passwd|auth|signature|session|cookie/i;

const UNPRINTABLE = /[^\x20-\x7e]/;

/** The path and query as logged: bounded, printable, secrets redacted. (Per request: the common case is kept cheap.) */
export function loggablePath(url: string): { path: string; query: string | undefined } {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? undefined : url.slice(mark + 1);
  const safe = (text: string) =>
    text.length <= 512 && !UNPRINTABLE.test(text) ? text : text.replace(/[^\x20-\x7e]/g, "?").slice(0, 512);
  if (query === undefined) return { path: safe(path), query: undefined };
  if (!SECRET_NAME.test(query) && !query.includes("%")) return { path: safe(path), query: safe(query) };
  const redacted = query
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      return SECRET_NAME.test(decodeSafely(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return { path: safe(path), query: safe(redacted) };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function withRequestLog(handler: NodeHandler, logger: Logger): NodeHandler {
  return (request, response) => {
    const started = performance.now();
    const sent = rawHeader(request, "x-request-id");
    const requestId = sent !== undefined && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
    response.setHeader("x-request-id", requestId);
    const log = () => {
      const { path, query } = loggablePath(request.url ?? "/");
      logger.info("request", {
        method: request.method,
        path,
        query,
        status: response.statusCode,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        requestId,
      });
    };
    const result = handler(request, response);
    // Answers from the fast path are complete already: log now, without a listener.
    if (response.writableEnded) log();
    else response.once("finish", log);
    return result;
  };
}
