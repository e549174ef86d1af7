/**
 * Repeated requests skip h3 altogether. Once the normal path has answered an exact URL
 * from the response cache with an answer that depends only on the snapshot (not on the
 * clock or the social cache), the same URL is answered here, straight on Node's
 * request and response, with the same headers. Anything else (another method, a
 * conditional request, an unknown URL) goes the normal way.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { COMPRESS_MIN_BYTES, compressed, type Encoding, negotiateEncoding } from "./compression.ts";
import { corsHeaders } from "./cors.ts";
import { SizedLru } from "./lru.ts";
import { rawHeader } from "./raw-header.ts";
import { SUCCESS_CACHE_CONTROL, VARY_JSON } from "./respond.ts";
import type { CachedBody } from "./response-cache.ts";

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

interface Prepared {
  body: string | Buffer;
  headers: Record<string, string>;
}

interface Entry {
  answer: CachedBody;
  /**
   * Headers made once per representation, so a hit allocates next to nothing. The
   * plain body stays a string: Node writes a small string body together with the
   * headers in one write, where a Buffer takes a second.
   */
  identity: Prepared;
  encoded: Partial<Record<Encoding, Prepared>>;
}

export class FastPath {
  private readonly entries: SizedLru<Entry>;

  constructor(
    private readonly corsOrigins: Set<string>,
    maxBytes: number,
  ) {
    this.entries = new SizedLru(maxBytes, (entry) => entry.answer.body.length);
  }

  /** Called by the normal path when it serves a snapshot-only answer for `url` (path and query). */
  remember(url: string, answer: CachedBody): void {
    if (this.entries.has(url)) return;
    this.entries.set(url, { answer, identity: prepare(answer.body, answer.etag, null), encoded: {} });
  }

  /** Answers the request if it can; false when the normal path must. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || request.url === undefined) return false;
    const entry = this.entries.get(request.url);
    if (!entry) return false;
    if (rawHeader(request, "if-none-match") !== undefined) return false; // 304s take the normal path
    const encoding =
      entry.answer.body.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(rawHeader(request, "accept-encoding")) : null;
    const prepared = encoding ? (entry.encoded[encoding] ??= prepareEncoded(entry.answer, encoding)) : entry.identity;
    const origin = rawHeader(request, "origin");
    const cors = origin === undefined ? undefined : corsHeaders(origin, this.corsOrigins);
    response.writeHead(200, cors && Object.keys(cors).length > 0 ? { ...prepared.headers, ...cors } : prepared.headers);
    response.end(prepared.body);
    return true;
  }
}

function prepare(body: string | Buffer, etag: string, encoding: Encoding | null): Prepared {
  const headers: Record<string, string> = {
    "cache-control": SUCCESS_CACHE_CONTROL,
    etag,
    vary: VARY_JSON,
    "x-content-type-options": "nosniff",
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
  };
  if (encoding) headers["content-encoding"] = encoding;
  return { body, headers };
}

function prepareEncoded(answer: CachedBody, encoding: Encoding): Prepared {
  const { bytes, etag } = compressed(answer, encoding);
  return prepare(bytes, etag, encoding);
}

export function withFastPath(handler: NodeHandler, fastPath: FastPath): NodeHandler {
  return (request, response) => (fastPath.tryAnswer(request, response) ? undefined : handler(request, response));
}
