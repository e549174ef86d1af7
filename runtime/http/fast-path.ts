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
   * Headers made once per answer, so a hit allocates next to nothing. The body stays a
   * string: Node writes a small string body together with the headers in one write,
   * where a Buffer takes a second (writev showed at the top of a profile).
   */
  private readonly answers: SizedLru<{ body: string; headers: Record<string, string> }>;

  constructor(
    private readonly corsOrigins: Set<string>,
    maxBytes: number,
  ) {
    this.answers = new SizedLru(maxBytes, (answer) => answer.body.length);
  }

  /** Called by the normal path when it serves a snapshot-only answer for `url` (path and query). */
  remember(url: string, answer: CachedBody): void {
    if (this.answers.has(url)) return;
    const headers = {
      "cache-control": SUCCESS_CACHE_CONTROL,
      etag: answer.etag,
      vary: "Origin",
      "x-content-type-options": "nosniff",
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(answer.body)),
    };
    this.answers.set(url, { body: answer.body, headers });
  }

  /** Forgets every answer (a new snapshot was loaded). */
  clear(): void {
    this.answers.clear();
  }

  /** Answers the request if it can; false when the normal path must. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || request.url === undefined) return false;
    const answer = this.answers.get(request.url);
    if (!answer) return false;
    // Read the two headers that matter from the raw list: building `request.headers`
    // would cost more than the rest of the answer.
    let origin: string | null = null;
    const raw = request.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i];
      if (name.length === 13 && name.toLowerCase() === "if-none-match") return false; // 304s take the normal path
      if (name.length === 6 && name.toLowerCase() === "origin") origin = raw[i + 1];
    }
    const cors = origin === null ? undefined : corsHeaders(origin, this.corsOrigins);
    response.writeHead(200, cors && Object.keys(cors).length > 0 ? { ...answer.headers, ...cors } : answer.headers);
    response.end(answer.body);
    return true;
  }
}

export function withFastPath(handler: NodeHandler, fastPath: FastPath): NodeHandler {
  return (request, response) => (fastPath.tryAnswer(request, response) ? undefined : handler(request, response));
}
