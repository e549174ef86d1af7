/**
 * One fetch for every process that shares the store: whoever takes the lease fetches and
 * stores; the others look in the store for its result for a short while, then give up
 * (their caller serves what it has). With the file store the lease is this process's
 * own, so each process fetches once, as before.
 */
import type { SocialStore } from "./store.ts";

/** How often a waiting process looks for the winner's result. */
const POLL_MS = 25;

export interface FleetOnceOptions<T> {
  store: SocialStore;
  /** What is fetched; processes fetching the same name wait for each other. */
  name: string;
  /** How long the lease holds: one fetch's worth, or (kept) until the next fetch is due. */
  ttlMs: number;
  /** Keeps the lease after a fetch, so nobody fetches the same again before `ttlMs` runs out. */
  keepOnSuccess?: boolean;
  /** How long to wait for another process's fetch (0: not at all). */
  waitMs: number;
  /** The wanted result, when the store has it already. */
  stored: () => Promise<T | null>;
  fetch: () => Promise<T>;
}

/** The value and whether this process fetched it; null when another process fetches and nothing came in time. */
export type FleetResult<T> = { value: T; fetched: boolean } | null;

export async function onceForFleet<T>(options: FleetOnceOptions<T>): Promise<FleetResult<T>> {
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    const lease = await options.store.lease(options.name, options.ttlMs);
    if (lease) {
      let fetched = false;
      try {
        // Another process may have stored it between our look and our lease.
        const stored = await options.stored();
        if (stored) return { value: stored, fetched: false };
        const value = await options.fetch();
        fetched = true;
        return { value, fetched };
      } finally {
        // A failed fetch frees the name at once, for the next try (the shared backoff decides when).
        if (!fetched || !options.keepOnSuccess) await lease.release();
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
    const stored = await options.stored();
    if (stored) return { value: stored, fetched: false };
  }
}
