/**
 * The social cache in Redis (SOCIAL_STORE_URL), shared by every replica and the refresh
 * script, with Redis's own primitives: the write lock and the fleet's leases are
 * `SET key token NX PX ms`, released by a compare-and-delete script only while still
 * ours; the shared backoff is a key that expires with it (PX).
 *
 * Redis down or slow never costs a request more than one command timeout (a quarter of
 * SOCIAL_TIMEOUT_MS, at most 1 s): commands are not queued while disconnected and not
 * retried, and once one fails nothing waits on Redis until a probe finds it back
 * (redis-health.ts). Meanwhile reads give what was last read, leases and the backoff fall
 * back to this process's memory, and writes fail (the service keeps fresh data in memory).
 *
 * What is read passes the cache's schema (cache-text.ts), what is written the redactor.
 * Readers fetch the cache again only when its revision (a counter bumped with every write
 * in the same transaction) has changed.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import * as v from "valibot";
import { noRedaction, type Redactor } from "../redact.ts";
import { cacheText, parseCacheText } from "./cache-text.ts";
import { LocalCoordination } from "./local-coordination.ts";
import { RedisHealth } from "./redis-health.ts";
import { withoutPassword } from "./settings.ts";
import type { BackoffState, Lease, SocialStore } from "./store.ts";
import { emptyCache, type SocialCache } from "./types.ts";

export interface RedisStoreOptions {
  /** redis://[user:password@]host:port/db */
  url: string;
  /** SOCIAL_TIMEOUT_MS: what a request may wait in all; a command gets a quarter of it. */
  timeoutMs?: number;
  /** Before every key, so several deployments (or tests) can share one Redis. */
  prefix?: string;
  /** How long the write lock holds if its writer dies (a write takes milliseconds). */
  lockStaleMs?: number;
  /** How long a writer waits for the lock before giving up. */
  lockTimeoutMs?: number;
  log?: (message: string) => void;
  redact?: Redactor;
}

/** Deletes a lease only if it still holds our token: one that expired and passed on is left alone. */
const RELEASE_IF_OWNER = 'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0';

const BackoffStateSchema = v.object({
  failures: v.pipe(v.number(), v.integer(), v.minValue(0)),
  until: v.number(),
});

export class RedisSocialStore implements SocialStore {
  readonly location: string;
  private readonly client: Redis;
  private readonly health: RedisHealth;
  private readonly local = new LocalCoordination();
  private readonly prefix: string;
  private readonly lockStaleMs: number;
  private readonly lockTimeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly redact: Redactor;
  /** What was last read, and at which revision: served while Redis cannot be reached. */
  private last: { revision: string | null; cache: SocialCache } = { revision: null, cache: emptyCache() };
  private readonly reported = new Set<string>();
  private closing = false;
  private readonly firstConnection: Promise<void>;

  constructor(options: RedisStoreOptions) {
    this.location = withoutPassword(new URL(options.url));
    this.prefix = options.prefix ?? "surf:social:";
    this.lockStaleMs = options.lockStaleMs ?? 10_000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
    this.log = options.log ?? ((message) => console.error(message));
    this.redact = options.redact ?? noRedaction;
    const commandTimeout = Math.min(1000, Math.max(50, Math.floor((options.timeoutMs ?? 5000) / 4)));
    this.client = new Redis(options.url, {
      commandTimeout,
      connectTimeout: Math.max(1000, commandTimeout),
      // Fail at once while disconnected, instead of queueing requests behind an outage.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect for ever, soon after Redis is back.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    this.health = new RedisHealth({
      location: this.location,
      log: this.log,
      probe: () =>
        this.client.status === "ready"
          ? this.client.exists(this.key("revision"))
          : Promise.reject(new Error(this.client.status)),
    });
    this.client.on("ready", () =>
      this.health.state === "connecting" ? this.health.succeeded() : this.health.probeNow(),
    );
    this.client.on("error", (error) => this.health.failed(error));
    this.client.on("close", () => {
      if (!this.closing) this.health.failed(new Error("connection closed"));
    });
    this.firstConnection = this.awaitConnection(options.timeoutMs ?? 5000);
  }

  /**
   * The first connection (at most SOCIAL_TIMEOUT_MS), which a server awaits before it
   * listens, so a new replica's first requests find the shared cache; commands await it
   * too. Redis not answering by then is the first outage, logged.
   */
  connect(): Promise<void> {
    return this.firstConnection;
  }

  private async awaitConnection(timeoutMs: number): Promise<void> {
    if (this.health.state === "connecting") {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.client.off("ready", done).off("error", done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        this.client.once("ready", done).once("error", done);
      });
    }
    if (this.health.state === "connecting") this.health.failed(new Error(`no answer within ${timeoutMs} ms`));
  }

  async read(): Promise<SocialCache> {
    try {
      const revision = await this.command((client) => client.get(this.key("revision")));
      if (revision !== this.last.revision) {
        const [text, current] = await this.command((client) => client.mget(this.key("cache"), this.key("revision")));
        this.last = { revision: current, cache: this.parse(text) };
      }
    } catch {
      // Unreachable (logged once by the health): what was last read is served.
    }
    return this.last.cache;
  }

  async update(change: (cache: SocialCache) => SocialCache, lockTimeoutMs = this.lockTimeoutMs): Promise<SocialCache> {
    const lock = await this.writeLock(lockTimeoutMs);
    try {
      const text = await this.command((client) => client.get(this.key("cache")));
      const current = text === null ? { cache: emptyCache() } : parseCacheText(text, this.location);
      const next = change(current.cache);
      const written = cacheText(next, this.redact);
      const transaction = this.client.multi();
      // Kept for a person to look at, as the file store keeps `*.corrupt-*`.
      if (current.problem) transaction.rename(this.key("cache"), this.key(`cache:corrupt:${Date.now()}`));
      transaction.set(this.key("cache"), written).incr(this.key("revision"));
      const results = await this.command(() => transaction.exec());
      const failure = results?.find(([error]) => error)?.[0];
      if (!results || failure) throw failure ?? new Error("the write to Redis was discarded");
      this.last = { revision: String(results.at(-1)![1]), cache: parseCacheText(written, this.location).cache };
      this.reported.clear();
      return next;
    } finally {
      await lock.release();
    }
  }

  /** While Redis is down, the outage line already stands for every failure to read or write it. */
  reportOnce(message: string): void {
    if (this.health.state === "down" || this.reported.has(message)) return;
    this.reported.add(message);
    this.log(message);
  }

  async lease(name: string, ttlMs: number): Promise<Lease | null> {
    try {
      return await this.tryLease(`lease:${name}`, ttlMs);
    } catch {
      return this.local.lease(name, ttlMs);
    }
  }

  async sharedBackoff(): Promise<BackoffState | null> {
    try {
      const text = await this.command((client) => client.get(this.key("backoff")));
      const checked = text === null ? null : v.safeParse(BackoffStateSchema, JSON.parse(text));
      return checked?.success && checked.output.until > Date.now() ? checked.output : null;
    } catch {
      return this.local.sharedBackoff();
    }
  }

  async shareBackoff(state: BackoffState | null): Promise<void> {
    this.local.shareBackoff(state);
    const ttlMs = state ? Math.ceil(state.until - Date.now()) : 0;
    try {
      if (state && ttlMs > 0)
        await this.command((client) => client.set(this.key("backoff"), JSON.stringify(state), "PX", ttlMs));
      else await this.command((client) => client.del(this.key("backoff")));
    } catch {
      // Unreachable: this process still keeps to its own backoff.
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.health.close();
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  private parse(text: string | null): SocialCache {
    if (text === null) return emptyCache();
    const { cache, problem } = parseCacheText(text, this.location);
    if (problem) this.reportOnce(problem);
    else this.reported.clear();
    return cache;
  }

  /** A command, unless Redis is known to be down; a failure marks it down. */
  private async command<T>(run: (client: Redis) => Promise<T>): Promise<T> {
    if (this.health.state === "connecting") await this.firstConnection;
    if (!this.health.usable) throw new Error(`the social store ${this.location} is unreachable`);
    try {
      return await run(this.client);
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
  }

  private async tryLease(name: string, ttlMs: number): Promise<Lease | null> {
    const key = this.key(name);
    const token = randomUUID();
    const set = await this.command((client) => client.set(key, token, "PX", Math.max(1, Math.ceil(ttlMs)), "NX"));
    if (set !== "OK") return null;
    return {
      release: async () => {
        // Not released (Redis down): it expires by itself.
        await this.command((client) => client.eval(RELEASE_IF_OWNER, 1, key, token)).catch(() => undefined);
      },
    };
  }

  private async writeLock(timeoutMs: number): Promise<Lease> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lock = await this.tryLease("lock:write", this.lockStaleMs);
      if (lock) return lock;
      if (Date.now() > deadline)
        throw new Error(
          `the social cache lock in ${this.location} is held by another writer; gave up after ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
}
