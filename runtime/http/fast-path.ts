/**
 * Repeated requests skip h3 altogether. Once the normal path has answered an exact URL
 * from the response cache with an answer that depends only on the snapshot (not on the
 * clock or the social cache), the same URL is answered here, straight on Node's
 * request and response, with the same headers. Anything else (another method, a
 * conditional request that does not match, an unknown URL) goes the normal way.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { corsHeaders } from "./cors.ts";
import { SizedLru } from "./lru.ts";
import type { CachedBody } from "./response-cache.ts";
import { SUCCESS_CACHE_CONTROL } from "./respond.ts";

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

export class FastPath {
  /**
   * Bodies already encoded and their headers already laid out as Node's flat
   * [name, value, ...] list, so a hit allocates next to nothing.
   */
  private readonly answers: SizedLru<{ bytes: Buffer; headers: string[] }>;

  constructor(
    private readonly corsOrigins: Set<string>,
    maxBytes: number,
  ) {
    this.answers = new SizedLru(maxBytes, (answer) => answer.bytes.byteLength);
  }

  /** Called by the normal path when it serves a snapshot-only answer for `url` (path and query). */
  remember(url: string, answer: CachedBody): void {
    if (this.answers.has(url)) return;
    const bytes = Buffer.from(answer.body);
    const headers = [
      "cache-control", SUCCESS_CACHE_CONTROL,
      "etag", answer.etag,
      "vary", "Origin",
      "x-content-type-options", "nosniff",
      "content-type", "application/json; charset=utf-8",
      "content-length", String(bytes.byteLength),
    ];
    this.answers.set(url, { bytes, headers });
  }

  /** Forgets every answer (a new snapshot was loaded). */
  clear(): void {
    this.answers.clear();
  }

  /** Answers the request if it can; false when the normal path must. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    // Only plain GETs: conditional requests (304s) take the normal path, which knows every form of them.
    if (request.method !== "GET" || request.url === undefined || request.headers["if-none-match"] !== undefined) return false;
    const answer = this.answers.get(request.url);
    if (!answer) return false;
    const origin = request.headers.origin;
    const cors = origin === undefined ? undefined : corsHeaders(origin, this.corsOrigins);
    const headers = cors && Object.keys(cors).length > 0 ? [...answer.headers, ...Object.entries(cors).flat()] : answer.headers;
    response.writeHead(200, headers);
    response.end(answer.bytes);
    return true;
  }
}

export function withFastPath(handler: NodeHandler, fastPath: FastPath): NodeHandler {
  return (request, response) => (fastPath.tryAnswer(request, response) ? undefined : handler(request, response));
}
