/**
 * What the social endpoints, the refresh and the upstream backoff need of the place the
 * social cache is kept. Two implementations: the sidecar file (file-store.ts, the
 * default: a laptop or one container needs nothing else) and Redis (redis-store.ts,
 * SOCIAL_STORE_URL: one cache, one lock, one backoff for every replica).
 */
import type { SocialCache } from "./types.ts";

/** One caller's hold on a name; released early, or gone by itself when its time runs out. */
export interface Lease {
  /** Frees the name only if this caller still holds it (it may have expired and passed on). */
  release(): Promise<void>;
}

/** The upstream backoff as shared: failures in a row, and until when no call is made (epoch ms). */
export interface BackoffState {
  failures: number;
  until: number;
}

export interface SocialStore {
  /** Where the cache is, for log lines: a file path, or the Redis address without its password. */
  readonly location: string;
  /**
   * The cache as stored now. Never throws: what cannot be read is served as empty (a
   * corrupt cache, logged once), and a store that cannot be reached gives what was last read.
   */
  read(): Promise<SocialCache>;
  /**
   * Read-modify-write under the store's write lock: `change` gets the current cache and
   * returns the next one. If `change` throws, or the store cannot be written, nothing is
   * written and this throws. `lockTimeoutMs` bounds the wait for the lock.
   */
  update(change: (cache: SocialCache) => SocialCache, lockTimeoutMs?: number): Promise<SocialCache>;
  /** Logs a problem with the store once, however many requests run into it. */
  reportOnce(message: string): void;
  /**
   * A hold on `name` for at most `ttlMs`, for one caller in all the processes that share
   * the store; null when someone else holds it. (The file store shares leases within its
   * process only; a Redis store that cannot be reached falls back to that too.)
   */
  lease(name: string, ttlMs: number): Promise<Lease | null>;
  /** The upstream backoff other processes recorded, if it has not run out. */
  sharedBackoff(): Promise<BackoffState | null>;
  /** Records the backoff for the others (until it runs out), or clears it (null). Never throws. */
  shareBackoff(state: BackoffState | null): Promise<void>;
  /** Lets go of connections; the process can then exit. */
  close(): Promise<void>;
}
