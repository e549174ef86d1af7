/**
 * What the social endpoints answer, from the social store, refreshing on demand where the
 * contract says so: one refresh at a time however many requests arrive (in this process,
 * and with a shared store in every replica: fleet-once.ts), none at all while the
 * upstream backs off after a failure (one backoff for every endpoint, shared through the
 * store), and never longer than the configured timeout. Fresh data that cannot be
 * written is kept in memory and served; what is cached is never lost to a failure.
 */

import type { Snapshot } from "../../core/snapshot-format.ts";
import { eventsAt } from "../calendar/queries.ts";
import { Backoff } from "./backoff.ts";
import { type FleetResult, onceForFleet } from "./fleet-once.ts";
import type { GraphClient } from "./graph-client.ts";
import { describe, type RefreshOptions, refreshFeed, refreshLiveMedia } from "./refresh.ts";
import { rankAccounts } from "./scoring.ts";
import { SingleFlight } from "./single-flight.ts";
import type { SocialStore } from "./store.ts";
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
  /** Hears of each failed call to the social network (the metrics count them). */
  onUpstreamFailure?: () => void;
}

export class SocialService {
  private readonly feedRefresh = new SingleFlight<FleetResult<CachedFeed>>();
  private readonly liveMediaRefresh = new SingleFlight<FleetResult<CachedLiveMedia>>();
  private readonly client: GraphClient | null;
  private readonly log: (message: string) => void;
  private readonly startedAt: Date;
  private readonly timeoutMs: number;
  private readonly backoff: Backoff;
  private readonly onUpstreamFailure: () => void;
  /** What was fetched last, kept here too: served when the file could not take it. */
  private fetchedFeed: CachedFeed | null = null;
  private readonly fetchedLiveMedia = new Map<string, CachedLiveMedia>();

  constructor(
    private readonly snapshot: Snapshot,
    private readonly store: SocialStore,
    options: SocialServiceOptions,
  ) {
    this.client = options.client;
    this.log = options.log ?? ((message) => console.error(message));
    this.startedAt = options.startedAt ?? new Date();
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.backoff = options.backoff ?? new Backoff();
    this.onUpstreamFailure = options.onUpstreamFailure ?? (() => undefined);
  }

  /** How a refresh started now for a waiting request behaves: bounded in time, reporting, never throwing on a save. */
  private refreshOptions(): RefreshOptions {
    const started = Date.now();
    return {
      // Fresh data is served even when it cannot be kept: the problem is logged once, not per request.
      onSaveFailure: (error) =>
        this.store.reportOnce(
          `cannot write the social cache ${this.store.location} (${reasonOf(error)}); ` +
            "serving fresh data from memory without keeping it",
        ),
      lockTimeoutMs: () => Math.max(0, this.timeoutMs - (Date.now() - started)),
      onDropped: (count, what) => this.log(`left out ${count} ${what} that failed validation`),
    };
  }

  /** Runs a refresh unless the upstream is backing off; records how it went in the shared backoff. */
  private async call<T>(what: string, refresh: () => Promise<T>): Promise<T> {
    const shared = await this.store.sharedBackoff();
    if (shared) this.backoff.adopt(shared);
    const wait = this.backoff.waitMs();
    if (wait > 0) throw new BackingOff(`the social network failed recently; next try in ${Math.ceil(wait / 1000)} s`);
    try {
      const result = await refresh();
      if (this.backoff.state().failures > 0) await this.store.shareBackoff(null);
      this.backoff.succeeded();
      return result;
    } catch (error) {
      if (error instanceof BackingOff) throw error;
      this.onUpstreamFailure();
      const waitMs = this.backoff.failed(error);
      await this.store.shareBackoff(this.backoff.state());
      this.log(`${what} failed: ${describe(error)}; no call to the social network for ${Math.ceil(waitMs / 1000)} s`);
      throw error;
    }
  }

  /** The newer of two cached copies (the store's and the one in memory). */
  private static newer<T extends { fetchedAt: string }>(a: T | null | undefined, b: T | null | undefined): T | null {
    if (!a || !b) return a ?? b ?? null;
    return Date.parse(a.fetchedAt) >= Date.parse(b.fetchedAt) ? a : b;
  }

  /** When the feed served now was fetched; null when none is cached (the store's or this process's). */
  async feedFetchedAt(): Promise<string | null> {
    return SocialService.newer((await this.store.read()).feed, this.fetchedFeed)?.fetchedAt ?? null;
  }

  async feed(now: Date): Promise<FeedPayload> {
    const { username, profileUrl } = this.snapshot.social;
    const cached = SocialService.newer((await this.store.read()).feed, this.fetchedFeed);
    if (cached) return { profileUrl, username, fetchedAt: cached.fetchedAt, source: "cache", posts: cached.posts };
    if (!this.client)
      return { profileUrl, username, fetchedAt: this.startedAt.toISOString(), source: "cache", posts: [] };
    const client = this.client;
    let result: FleetResult<CachedFeed>;
    try {
      result = await this.feedRefresh.run("feed", () =>
        onceForFleet({
          store: this.store,
          name: "feed",
          // Outlives one fetch (bounded by the timeout), so a replica that dies holding it frees it soon.
          ttlMs: 2 * this.timeoutMs,
          waitMs: this.timeoutMs,
          stored: async () => (await this.store.read()).feed,
          fetch: () =>
            this.call("social feed refresh", async () => {
              const feed = await refreshFeed(client, this.store, username, now, this.refreshOptions());
              this.fetchedFeed = feed;
              return feed;
            }),
        }),
      );
    } catch (error) {
      throw new FeedUnavailable(describe(error));
    }
    if (!result) throw new FeedUnavailable("another replica is fetching the feed and has not stored it yet");
    const { value, fetched } = result;
    return { profileUrl, username, fetchedAt: value.fetchedAt, source: fetched ? "live" : "cache", posts: value.posts };
  }

  /** The latest snapshot of each curated account, ranked; empty without credentials. */
  async accounts(): Promise<{ accounts: ScoredAccount[] }> {
    if (!this.client) return { accounts: [] };
    const cached = (await this.store.read()).accounts;
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
    const fresh = (entry: CachedLiveMedia | null | undefined) =>
      entry && now.getTime() - Date.parse(entry.fetchedAt) < LIVE_MEDIA_TTL_MS ? entry : null;
    const cached = SocialService.newer((await this.store.read()).liveMedia[handle], this.fetchedLiveMedia.get(handle));
    const fromCache = (entry: CachedLiveMedia): LiveMediaPayload => ({
      ...empty,
      posts: entry.posts,
      username: entry.username,
      fetchedAt: entry.fetchedAt,
      source: "cache",
    });
    if (fresh(cached)) return fromCache(cached!);
    const client = this.client;
    try {
      const result = await this.liveMediaRefresh.run(handle, () =>
        onceForFleet({
          store: this.store,
          // Named after the copy that went stale: once someone replaced it, the next refresh is a new name.
          name: `live-media:${handle}:${cached?.fetchedAt ?? "none"}`,
          // Kept for the hour: whatever happens to the write, the fleet fetches this once an hour.
          ttlMs: LIVE_MEDIA_TTL_MS,
          keepOnSuccess: true,
          // A stale copy is served at once while another replica fetches; without one, wait for it.
          waitMs: cached ? 0 : this.timeoutMs,
          stored: async () => fresh((await this.store.read()).liveMedia[handle]),
          fetch: () =>
            this.call(`live media refresh for ${handle}`, async () => {
              const entry = await refreshLiveMedia(client, this.store, handle, now, this.refreshOptions());
              this.fetchedLiveMedia.set(handle, entry);
              return entry;
            }),
        }),
      );
      if (!result) return cached ? fromCache(cached) : empty;
      const { value: entry, fetched } = result;
      if (!fetched) return fromCache(entry);
      return { ...empty, posts: entry.posts, username: entry.username, fetchedAt: entry.fetchedAt, source: "live" };
    } catch {
      return cached ? fromCache(cached) : empty;
    }
  }
}
