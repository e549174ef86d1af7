/**
 * Errors are values with a status: handlers throw Boom errors carrying our code, and
 * one hook turns every error (ours, h3's, or an unexpected one) into the envelope
 * `{"error": "<message>", "code": "<CODE>"}`. Nothing internal reaches the client.
 */
import * as Boom from "@hapi/boom";
import type { H3Event, HTTPError } from "h3";

export type ErrorCode = "INVALID_QUERY" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "SOCIAL_UNAVAILABLE" | "INTERNAL";

export function invalidQuery(message: string): Boom.Boom {
  return Boom.badRequest(message, { code: "INVALID_QUERY" satisfies ErrorCode });
}

export function notFound(message: string): Boom.Boom {
  return Boom.notFound(message, { code: "NOT_FOUND" satisfies ErrorCode });
}

export function methodNotAllowed(method: string): Boom.Boom {
  return Boom.methodNotAllowed(
    `${method} is not allowed; this API is read-only, use GET`,
    { code: "METHOD_NOT_ALLOWED" satisfies ErrorCode },
    ["GET"],
  );
}

export function socialUnavailable(message: string): Boom.Boom {
  return Boom.serverUnavailable(message, { code: "SOCIAL_UNAVAILABLE" satisfies ErrorCode });
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "INVALID_QUERY",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  503: "SOCIAL_UNAVAILABLE",
};

/** h3 wraps what a handler throws (and may wrap it again): find our Boom inside. */
function findBoom(error: unknown): Boom.Boom | undefined {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (Boom.isBoom(current)) return current;
  }
  return undefined;
}

/** Errors h3 raises itself (no route, malformed URL), described without internals. */
function fromH3(error: HTTPError, event: H3Event): { status: number; message: string; code: ErrorCode } {
  if (error.status === 404)
    return {
      status: 404,
      message: `no endpoint at ${safePath(event)}; the API's endpoints are listed at /api/docs`,
      code: "NOT_FOUND",
    };
  if (error.status === 400)
    return { status: 400, message: "the request URL is malformed (check its percent-encoding)", code: "INVALID_QUERY" };
  if (error.status === 405)
    return { status: 405, message: "this API is read-only, use GET", code: "METHOD_NOT_ALLOWED" };
  return { status: 500, message: "internal error; please try again later", code: "INTERNAL" };
}

/** A path fit to echo: printable ASCII, bounded, so a hostile URL cannot flood the message. */
function safePath(event: H3Event): string {
  const path = event.url.pathname;
  const clean = path.replace(/[^\x21-\x7e]/g, "?");
  return clean.length > 120 ? `${clean.slice(0, 120)}...` : clean;
}

/** Where unexpected failures go: the server's log (the client only ever sees a generic message). */
export type ReportFailure = (error: unknown) => void;

export function describeError(
  error: HTTPError,
  event: H3Event,
  report: ReportFailure = (failure) => console.error(failure),
): { status: number; body: { error: string; code: string }; allow?: string } {
  const boom = findBoom(error);
  if (!boom) {
    const { status, message, code } = error.unhandled
      ? { status: 500, message: "internal error; please try again later", code: "INTERNAL" as const }
      : fromH3(error, event);
    if (status >= 500) report(error.cause ?? error);
    return { status, body: { error: message, code }, allow: status === 405 ? "GET" : undefined };
  }
  if (boom.isServer && (boom.data as { code?: string } | null)?.code === undefined) {
    report(boom);
    return { status: 500, body: { error: "internal error; please try again later", code: "INTERNAL" } };
  }
  // Every Boom of ours carries its code; one that does not still gets a code, never none.
  const code =
    (boom.data as { code?: string } | null)?.code ?? CODE_BY_STATUS[boom.output.statusCode] ?? "INVALID_QUERY";
  return {
    status: boom.output.statusCode,
    body: { error: boom.message, code },
    allow: boom.output.headers.Allow as string | undefined,
  };
}
