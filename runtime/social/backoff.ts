/**
 * After an upstream failure, no call for a while: 30 s, doubling with each failure in a
 * row up to 10 minutes, or longer when the upstream says how long (Retry-After). One
 * backoff is shared by every caller of the upstream (the feed, live media), so a failing
 * or throttling Graph API sees a handful of calls, not one per client request. With a
 * shared store the state is passed between replicas too (state/adopt, service.ts).
 */
import { GraphError } from "./graph-client.ts";
import type { BackoffState } from "./store.ts";

export const BACKOFF_START_MS = 30_000;
export const BACKOFF_MAX_MS = 600_000;
/** A Retry-After longer than this is not believed (an hour is the Graph API's rolling window). */
const MAX_RETRY_AFTER_MS = 3_600_000;

export class Backoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly startMs = BACKOFF_START_MS,
    private readonly maxMs = BACKOFF_MAX_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** How long callers must still wait before calling upstream; 0 when they may call. */
  waitMs(): number {
    return Math.max(0, this.until - this.clock());
  }

  /** Records a failure; returns how long no call will be made. */
  failed(error: unknown): number {
    this.failures++;
    const doubled = Math.min(this.maxMs, this.startMs * 2 ** (this.failures - 1));
    const asked = error instanceof GraphError ? Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
    const wait = Math.max(doubled, asked);
    this.until = this.clock() + wait;
    return wait;
  }

  /** What other processes need to keep to this backoff. */
  state(): BackoffState {
    return { failures: this.failures, until: this.until };
  }

  /** Takes on a backoff another process recorded, when it runs longer than ours. */
  adopt(state: BackoffState): void {
    if (state.until <= this.until) return;
    this.until = state.until;
    this.failures = Math.max(this.failures, state.failures);
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}
