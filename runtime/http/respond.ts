/**
 * The response side every endpoint shares: success headers (cache, strong ETag, 304,
 * Vary, nosniff, CORS), the error envelope's headers, and the bounded response cache.
 */
import type { H3Event, HTTPError } from "h3";
import { COMPRESS_MIN_BYTES, compressed, negotiateEncoding } from "./compression.ts";
import { corsHeaders } from "./cors.ts";
import { describeError, type ReportFailure } from "./errors.ts";
import type { FastPath } from "./fast-path.ts";
import { type CachedBody, type ResponseCache, serialize, strongEtag } from "./response-cache.ts";

export const SUCCESS_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=600";
/** JSON answers vary by origin (CORS) and by Accept-Encoding (compression). */
export const VARY_JSON = "Origin, Accept-Encoding";

export interface ResponseContext {
  corsOrigins: Set<string>;
  cache: ResponseCache;
  /** Unexpected failures (500s) are reported here, never to the client. */
  reportFailure?: ReportFailure;
  /** Where snapshot-only answers are remembered by exact URL (only with a Node server). */
  fastPath?: FastPath;
}

function commonHeaders(event: H3Event, context: ResponseContext): Record<string, string> {
  return {
    vary: "Origin",
    "x-content-type-options": "nosniff",
    ...corsHeaders(event.req.headers.get("origin"), context.corsOrigins),
  };
}

/** `If-None-Match` matches when it lists our ETag (weak comparison, as RFC 9110 asks) or is `*`. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * A JSON success. `key` identifies the answer (path and normalized parameters): equal
 * keys must mean equal bodies, because the body is computed once and then served
 * from the cache.
 */
export function respondJson(event: H3Event, context: ResponseContext, key: string, compute: () => unknown): Response {
  return respondSerialized(event, context, context.cache.getOrCreate(key, compute));
}

/**
 * A JSON success that depends only on the snapshot and the URL (not on the clock or
 * the social cache): also remembered by the fast path, which serves the same URL again
 * without entering h3.
 */
export function respondSnapshotJson(
  event: H3Event,
  context: ResponseContext,
  key: string,
  compute: () => unknown,
): Response {
  const answer = context.cache.getOrCreate(key, compute);
  context.fastPath?.remember(event.url.pathname + event.url.search, answer);
  return respondSerialized(event, context, answer);
}

function respondSerialized(
  event: H3Event,
  context: ResponseContext,
  answer: CachedBody,
  contentType = "application/json; charset=utf-8",
  extra: Record<string, string> = {},
): Response {
  // JSON bodies above a small size go compressed to clients that accept it, so the
  // representation depends on Accept-Encoding too.
  const json = contentType.startsWith("application/json");
  const encoding =
    json && answer.body.length >= COMPRESS_MIN_BYTES
      ? negotiateEncoding(event.req.headers.get("accept-encoding"))
      : null;
  const variant = encoding ? compressed(answer, encoding) : null;
  const etag = variant?.etag ?? answer.etag;
  const headers: Record<string, string> = {
    ...commonHeaders(event, context),
    "cache-control": SUCCESS_CACHE_CONTROL,
    etag,
  };
  if (json) headers.vary = VARY_JSON;
  if (matchesIfNoneMatch(event.req.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  if (encoding) headers["content-encoding"] = encoding;
  // `extra` describes the body (a page's CSP, say), so a 304, which has none, goes without it.
  return new Response(variant ? new Uint8Array(variant.bytes) : answer.body, {
    status: 200,
    headers: { ...headers, ...extra, "content-type": contentType },
  });
}

/**
 * An HTML page rendered for this request. Not kept in the response cache: it depends on
 * the request's origin, and rendering it costs little.
 */
export function respondHtml(
  event: H3Event,
  context: ResponseContext,
  html: string,
  extra: Record<string, string>,
): Response {
  return respondSerialized(event, context, { body: html, etag: strongEtag(html) }, "text/html; charset=utf-8", extra);
}

/** The answer to a preflight from an allowed origin. */
export function respondPreflight(event: H3Event, context: ResponseContext, extra: Record<string, string>): Response {
  return new Response(null, { status: 204, headers: { ...commonHeaders(event, context), ...extra } });
}

/** Every error, as the envelope, never cached. */
export function respondError(error: HTTPError, event: H3Event, context: ResponseContext): Response {
  const { status, body, allow } = describeError(error, event, context.reportFailure);
  const headers: Record<string, string> = {
    ...commonHeaders(event, context),
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  };
  if (allow) headers.allow = allow;
  return new Response(JSON.stringify(body), { status, headers });
}

/** A JSON success whose body changes outside the snapshot (the social cache): serialized per request. */
export function respondJsonNow(event: H3Event, context: ResponseContext, value: unknown): Response {
  return respondSerialized(event, context, serialize(value));
}
