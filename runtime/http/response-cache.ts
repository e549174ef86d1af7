/**
 * A bounded cache of serialized responses (body and ETag) keyed by the normalized
 * request, so a repeated request costs a map lookup. Least recently used entries go
 * first; the snapshot is immutable, so entries never go stale while it is loaded.
 */
import { createHash } from "node:crypto";

export interface CachedBody {
  body: string;
  etag: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached response for `key`, computing and storing it on a miss. */
  getOrCreate(key: string, compute: () => unknown): CachedBody {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert to mark it most recently used (a Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const entry = serialize(compute());
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

export function serialize(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  return { body, etag: strongEtag(body) };
}

/** A strong ETag: a hash of the exact bytes sent. */
export function strongEtag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
