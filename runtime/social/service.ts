/**
 * What the social endpoints answer, from the cache file, refreshing on demand where the
 * contract says so: one refresh at a time however many requests arrive, none at all while
 * the upstream backs off after a failure (one backoff for every endpoint), and never
 * longer than the configured timeout. Fresh data that cannot be written is kept in memory
 * and served; what is cached is never lost to a failure.
 */

import type { Snapshot } from "../../core/snapshot-format.ts";
import { eventsAt } from "../calendar/queries.ts";
import { Backoff } from "./backoff.ts";
import type { SocialCacheStore } from "./cache-store.ts";
import type { GraphClient } from "./graph-client.ts";
import { describe, type RefreshOptions, refreshFeed, refreshLiveMedia } from "./refresh.ts";
import { rankAccounts } from "./scoring.ts";
import { SingleFlight } from "./single-flight.ts";
import type { CachedFeed, CachedLiveMedia, FeedPost, LiveMediaPost, ScoredAccount } from "./types.ts";

export const LIVE_MEDIA_TTL_MS = 3_600_000;

export interface FeedPayload {
  profileUrl: string;
  username: string;
  fetchedAt: string;
  source: "cache" | "live";
  posts: FeedPost[];
}

export interface LiveMediaPayload {
  posts: LiveMediaPost[];
  eventSlug: string | null;
  eventName: string | null;
  username: string | null;
  fetchedAt: string;
  source: "live" | "cache";
}

/** The feed could not be fetched and nothing is cached: the endpoint answers 503. */
export class FeedUnavailable extends Error {}

const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** No call was made: the upstream failed recently and the shared backoff has not run out. */
class BackingOff extends Error {}

export interface SocialServiceOptions {
  /** null when credentials are not configured. */
  client: GraphClient | null;
  log?: (message: string) => void;
  /** When the server started: `fetchedAt` of answers for which nothing was fetched, so they are stable. */
  startedAt?: Date;
  /** The longest a request may wait for the upstream and the cache lock together (SOCIAL_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Shared by every endpoint (and, with a shared store, by every replica). */
  backoff?: Backoff;
}

export class SocialService {
  private readonly feedRefresh = new SingleFlight<CachedFeed>();
  private readonly liveMediaRefresh = new SingleFlight<CachedLiveMedia>();
  private readonly client: GraphClient | null;
  private readonly log: (message: string) => void;
  private readonly startedAt: Date;
  private readonly timeoutMs: number;
  private readonly backoff: Backoff;
  /** What was fetched last, kept here too: served when the file could not take it. */
  private fetchedFeed: CachedFeed | null = null;
  private readonly fetchedLiveMedia = new Map<string, CachedLiveMedia>();

  constructor(
    private readonly snapshot: Snapshot,
    private readonly store: SocialCacheStore,
    options: SocialServiceOptions,
  ) {
    this.client = options.client;
    this.log = options.log ?? ((message) => console.error(message));
    this.startedAt = options.startedAt ?? new Date();
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.backoff = options.backoff ?? new Backoff();
  }

  /** How a refresh started now for a waiting request behaves: bounded in time, reporting, never throwing on a save. */
  private refreshOptions(): RefreshOptions {
    const started = Date.now();
    return {
      // Fresh data is served even when it cannot be kept: the problem is logged once, not per request.
      onSaveFailure: (error) =>
        this.store.reportOnce(
          `cannot write the social cache ${this.store.file} (${reasonOf(error)}); ` +
            "serving fresh data from memory without keeping it",
        ),
      lockTimeoutMs: () => Math.max(0, this.timeoutMs - (Date.now() - started)),
      onDropped: (count, what) => this.log(`left out ${count} ${what} that failed validation`),
    };
  }

  /** Runs a refresh unless the upstream is backing off; records how it went in the shared backoff. */
  private async call<T>(what: string, refresh: () => Promise<T>): Promise<T> {
    const wait = this.backoff.waitMs();
    if (wait > 0) throw new BackingOff(`the social network failed recently; next try in ${Math.ceil(wait / 1000)} s`);
    try {
      const result = await refresh();
      this.backoff.succeeded();
      return result;
    } catch (error) {
      if (error instanceof BackingOff) throw error;
      const waitMs = this.backoff.failed(error);
      this.log(`${what} failed: ${describe(error)}; no call to the social network for ${Math.ceil(waitMs / 1000)} s`);
      throw error;
    }
  }

  /** The newer of two cached copies (the file's and the one in memory). */
  private static newer<T extends { fetchedAt: string }>(a: T | null | undefined, b: T | null | undefined): T | null {
    if (!a || !b) return a ?? b ?? null;
    return Date.parse(a.fetchedAt) >= Date.parse(b.fetchedAt) ? a : b;
  }

  async feed(now: Date): Promise<FeedPayload> {
    const { username, profileUrl } = this.snapshot.social;
    const cached = SocialService.newer(this.store.read().feed, this.fetchedFeed);
    if (cached) return { profileUrl, username, fetchedAt: cached.fetchedAt, source: "cache", posts: cached.posts };
    if (!this.client)
      return { profileUrl, username, fetchedAt: this.startedAt.toISOString(), source: "cache", posts: [] };
    const client = this.client;
    try {
      const fresh = await this.feedRefresh.run("feed", () =>
        this.call("social feed refresh", async () => {
          const feed = await refreshFeed(client, this.store, username, now, this.refreshOptions());
          this.fetchedFeed = feed;
          return feed;
        }),
      );
      return { profileUrl, username, fetchedAt: fresh.fetchedAt, source: "live", posts: fresh.posts };
    } catch (error) {
      throw new FeedUnavailable(describe(error));
    }
  }

  /** The latest snapshot of each curated account, ranked; empty without credentials. */
  accounts(): { accounts: ScoredAccount[] } {
    if (!this.client) return { accounts: [] };
    const cached = this.store.read().accounts;
    return { accounts: rankAccounts(this.snapshot.social.scoredAccounts.flatMap((handle) => cached[handle] ?? [])) };
  }

  /** Recent posts of the organizer of the first live event (by start date) that has a handle. */
  async liveMedia(now: Date): Promise<LiveMediaPayload> {
    const handles = new Map(this.snapshot.organizations.map((org) => [org.slug, org.socialHandle]));
    const liveEvents = eventsAt(this.snapshot, now).filter((event) => event.status === "live");
    const live = liveEvents.find((event) => handles.get(event.org));
    // Without posts, the payload still names the live event, if any, for the page to show.
    const shown = live ?? liveEvents[0];
    const empty: LiveMediaPayload = {
      posts: [],
      eventSlug: shown?.slug ?? null,
      eventName: shown?.name ?? null,
      username: null,
      // Nothing was fetched: the server's start, like the unconfigured feed, keeps the answer stable.
      fetchedAt: this.startedAt.toISOString(),
      source: "cache",
    };
    if (!live || !this.client) return empty;
    const handle = handles.get(live.org)!;
    const cached = SocialService.newer(this.store.read().liveMedia[handle], this.fetchedLiveMedia.get(handle));
    const fromCache = (entry: CachedLiveMedia): LiveMediaPayload => ({
      ...empty,
      posts: entry.posts,
      username: entry.username,
      fetchedAt: entry.fetchedAt,
      source: "cache",
    });
    if (cached && now.getTime() - Date.parse(cached.fetchedAt) < LIVE_MEDIA_TTL_MS) return fromCache(cached);
    const client = this.client;
    try {
      const entry = await this.liveMediaRefresh.run(handle, () =>
        this.call(`live media refresh for ${handle}`, async () => {
          const fresh = await refreshLiveMedia(client, this.store, handle, now, this.refreshOptions());
          this.fetchedLiveMedia.set(handle, fresh);
          return fresh;
        }),
      );
      return { ...empty, posts: entry.posts, username: entry.username, fetchedAt: entry.fetchedAt, source: "live" };
    } catch {
      return cached ? fromCache(cached) : empty;
    }
  }
}
