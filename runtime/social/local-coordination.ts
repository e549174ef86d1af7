/**
 * Leases and the shared backoff kept in this process's memory: what the file store offers
 * (its replicas coordinate through the lock file only), and what a Redis store falls back
 * to while Redis cannot be reached (the process then acts alone, as one replica would).
 */
import { randomUUID } from "node:crypto";
import type { BackoffState, Lease } from "./store.ts";

export class LocalCoordination {
  private readonly held = new Map<string, { token: string; until: number }>();
  private backoff: BackoffState | null = null;

  lease(name: string, ttlMs: number): Lease | null {
    const current = this.held.get(name);
    if (current && current.until > Date.now()) return null;
    const token = randomUUID();
    this.held.set(name, { token, until: Date.now() + ttlMs });
    return {
      release: async () => {
        if (this.held.get(name)?.token === token) this.held.delete(name);
      },
    };
  }

  sharedBackoff(): BackoffState | null {
    return this.backoff && this.backoff.until > Date.now() ? this.backoff : null;
  }

  shareBackoff(state: BackoffState | null): void {
    this.backoff = state;
  }
}
