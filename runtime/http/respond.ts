/**
 * The one place that decides every answer: status, every header, and the body per
 * encoding. Successes (cache headers, strong ETag, 304, Vary, nosniff, CORS,
 * compression), CORS preflights and the error envelope are all made here; the replay
 * cache in front of the app sends these answers again, byte for byte, and never makes one.
 */
import { createHash, hash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { H3Event, HTTPError } from "h3";
import type { Answer, RequestConditions } from "./answer.ts";
import { COMPRESS_MIN_BYTES, compress, type Encoding, negotiateEncoding } from "./compression.ts";
import { corsHeaders, type OriginAllowList } from "./cors.ts";
import { describeError, type ReportFailure } from "./errors.ts";
import { LARGE_BODY_BYTES } from "./large-body-work.ts";
import { purgeTagHeaders } from "./purge-tags.ts";

/** How long a shared cache may keep a success before it asks again. */
export const MAX_AGE_SECONDS = 300;

/**
 * A success's Cache-Control. Past max-age, a cache may serve its copy for 10 minutes more
 * while it revalidates, and for a day while the origin fails (answers 5xx or cannot be
 * reached): the catalog changes only with a release, so a copy a day old is still right,
 * and far better for a browser than a cache's own error page without CORS headers.
 */
export function cacheControl(maxAgeSeconds: number): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=600, stale-if-error=86400`;
}

export const SUCCESS_CACHE_CONTROL = cacheControl(MAX_AGE_SECONDS);
export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";

export interface ResponseContext {
  corsOrigins: OriginAllowList;
  /** The version of the snapshot answers are made from, for their purge tags. */
  snapshotVersion: string;
  /** Unexpected failures (500s) are reported here, never to the client. */
  reportFailure?: ReportFailure;
}

/**
 * A body ready to send: its bytes, its type, and the headers that describe it. Its strong
 * ETag is decided here alone, from its bytes (etagOf), so a 304 always means "the bytes
 * you hold are the bytes we would send".
 */
export interface Representation {
  bytes: Buffer;
  contentType: string;
  /** Headers that describe this body (a page's CSP): sent with it, not with a 304. */
  bodyHeaders?: string[];
  /**
   * For a body the clock will change (the Quote of the Day, event statuses): seconds until
   * it does, when that is sooner than MAX_AGE_SECONDS; max-age then ends there.
   */
  freshForSeconds?: number;
  /** Only for a representation served for the process's life (lasting): its ETag and compressed copies, made once. */
  kept?: Kept;
}

interface Kept {
  etag?: Promise<string>;
  variants: Map<Encoding, Promise<Buffer>>;
}

export function representation(bytes: Buffer, contentType: string, bodyHeaders?: string[]): Representation {
  return { bytes, contentType, bodyHeaders };
}

const HASH_SLICE_BYTES = 2 ** 20;

/**
 * SHA-1 of a large body a slice at a time on the event loop, with a turn between slices: no
 * copy of the body (WebCrypto's digest copies it before hashing on the thread pool), and no
 * pause longer than a slice's hashing.
 */
async function sha1InSlices(bytes: Buffer): Promise<string> {
  const hasher = createHash("sha1");
  for (let at = 0; at < bytes.length; at += HASH_SLICE_BYTES) {
    hasher.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
    await nextTurn();
  }
  return hasher.digest("base64url");
}

/** The strong ETag of a body: SHA-1 of its exact bytes, base64url (a validator, not a signature). */
function etagOf(body: Representation): Promise<string> {
  const kept = body.kept?.etag;
  if (kept) return kept;
  const made =
    body.bytes.length <= LARGE_BODY_BYTES
      ? Promise.resolve(`"${hash("sha1", body.bytes, "base64url")}"`)
      : sha1InSlices(body.bytes).then((digest) => `"${digest}"`);
  if (body.kept) body.kept.etag = made;
  return made;
}

export function jsonRepresentation(value: unknown): Representation {
  return representation(Buffer.from(JSON.stringify(value)), JSON_TYPE);
}

/** A representation served for the process's life: its ETag and compressed variants are kept with it. */
export function lasting(made: Representation): Representation {
  return { ...made, kept: { variants: new Map() } };
}

function commonHeaders(conditions: RequestConditions, context: ResponseContext, vary: string): string[] {
  return ["vary", vary, "x-content-type-options", "nosniff", ...corsHeaders(conditions.origin, context.corsOrigins)];
}

/** `If-None-Match` matches when it lists the ETag (weak comparison, as RFC 9110 asks) or is `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** The encoding a body goes out in for these conditions: bodies under a kilobyte always go as they are. */
function encodingFor(body: Representation, conditions: RequestConditions): Encoding | null {
  return body.bytes.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(conditions.acceptEncoding) : null;
}

function variant(body: Representation, encoding: Encoding): Promise<Buffer> {
  const kept = body.kept?.variants.get(encoding);
  if (kept) return kept;
  const made = compress(body.bytes, encoding);
  body.kept?.variants.set(encoding, made);
  return made;
}

/**
 * 200 with the body in the negotiated encoding, or 304 when the client already has those
 * bytes. Both carry the purge tags: a cache that revalidates a copy takes the 304's headers,
 * so a page unchanged by a release is then tagged with the new snapshot.
 */
export async function successAnswer(
  conditions: RequestConditions,
  context: ResponseContext,
  body: Representation,
  tags: string[],
): Promise<Answer> {
  const encoding = encodingFor(body, conditions);
  // Each encoding is its own representation, so it has its own strong ETag.
  const plain = await etagOf(body);
  const etag = encoding ? `${plain.slice(0, -1)}-${encoding}"` : plain;
  const headers = [
    ...commonHeaders(conditions, context, "Origin, Accept-Encoding"),
    "cache-control",
    body.freshForSeconds === undefined ? SUCCESS_CACHE_CONTROL : cacheControl(maxAgeFor(body.freshForSeconds)),
    "etag",
    etag,
    ...purgeTagHeaders(tags),
  ];
  if (matchesIfNoneMatch(conditions.ifNoneMatch, etag)) return { status: 304, headers, body: null };
  const bytes = encoding ? await variant(body, encoding) : body.bytes;
  headers.push("content-type", body.contentType, "content-length", String(bytes.length));
  if (encoding) headers.push("content-encoding", encoding);
  if (body.bodyHeaders) headers.push(...body.bodyHeaders);
  return { status: 200, headers, body: bytes };
}

/** max-age for a body that changes in `freshForSeconds`: never past that, never longer than the usual. */
function maxAgeFor(freshForSeconds: number): number {
  return Math.max(0, Math.min(MAX_AGE_SECONDS, Math.floor(freshForSeconds)));
}

/**
 * The answer to a preflight from an allowed origin. It echoes the requested headers, so it
 * varies on them and on the method asked for (OPTIONS answers are not stored by shared
 * caches, RFC 9110 9.3.7; the Vary keeps one that does from mixing them up).
 */
export function preflightAnswer(conditions: RequestConditions, context: ResponseContext, extra: string[]): Answer {
  const vary = "Origin, Access-Control-Request-Headers, Access-Control-Request-Method";
  return { status: 204, headers: [...commonHeaders(conditions, context, vary), ...extra], body: null };
}

/** Every error, as the envelope, never cached. */
export function errorAnswer(
  error: HTTPError,
  event: H3Event,
  conditions: RequestConditions,
  context: ResponseContext,
): Answer {
  const { status, body, allow } = describeError(error, event, context.reportFailure);
  const bytes = Buffer.from(JSON.stringify(body));
  const headers = [
    ...commonHeaders(conditions, context, "Origin"),
    "content-type",
    JSON_TYPE,
    "cache-control",
    "no-store",
    "content-length",
    String(bytes.length),
  ];
  if (allow) headers.push("allow", allow);
  return { status, headers, body: bytes };
}

/** What a client gets when something failed outside any handler (the failure is reported by the caller). */
export function internalErrorAnswer(): Answer {
  const bytes = Buffer.from(JSON.stringify({ error: "internal error; please try again later", code: "INTERNAL" }));
  const headers = ["x-content-type-options", "nosniff", "content-type", JSON_TYPE, "cache-control", "no-store"];
  return { status: 500, headers: [...headers, "content-length", String(bytes.length)], body: bytes };
}
