/**
 * A cache of serialized responses (body and ETag) keyed by the normalized request, so
 * a repeated request costs a map lookup. Bounded by the bytes it holds, least recently
 * used first; the snapshot is immutable, so entries never go stale while it is loaded.
 */
import { createHash } from "node:crypto";
import { toAsciiJson } from "../../core/ascii-json.ts";
import { SizedLru } from "./lru.ts";

export interface CachedBody {
  body: string;
  etag: string;
}

export class ResponseCache {
  private readonly entries: SizedLru<CachedBody>;

  /** `maxBytes`: the budget for all cached bodies (their UTF-16 length, close enough). */
  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, (entry) => entry.body.length + entry.etag.length);
  }

  /** The cached response for `key`, computing and storing it on a miss. */
  getOrCreate(key: string, compute: () => unknown): CachedBody {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const entry = serialize(compute());
    this.entries.set(key, entry);
    return entry;
  }
}

export function serialize(value: unknown): CachedBody {
  const body = toAsciiJson(value);
  return { body, etag: strongEtag(body) };
}

/** A strong ETag: a hash of the exact bytes sent. */
export function strongEtag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
