/**
 * What the social endpoints answer, from the cache file, refreshing on demand where
 * the contract says so: one refresh at a time however many requests arrive.
 */

import type { Snapshot } from "../../core/snapshot-format.ts";
import { eventsAt } from "../calendar/queries.ts";
import type { SocialCacheStore } from "./cache-store.ts";
import type { GraphClient } from "./graph-client.ts";
import { describe, refreshFeed, refreshLiveMedia } from "./refresh.ts";
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

export class SocialService {
  private readonly feedRefresh = new SingleFlight<CachedFeed>();
  private readonly liveMediaRefresh = new SingleFlight<CachedLiveMedia>();

  constructor(
    private readonly snapshot: Snapshot,
    private readonly store: SocialCacheStore,
    /** null when credentials are not configured. */
    private readonly client: GraphClient | null,
    private readonly log: (message: string) => void = (message) => console.error(message),
    /** When the server started: `fetchedAt` of answers for which nothing was fetched, so they are stable. */
    private readonly startedAt: Date = new Date(),
  ) {}

  /** Fresh data is served even when it cannot be kept: the problem is logged once, not per request. */
  private readonly saveFailed = (error: unknown) =>
    this.store.reportOnce(
      `cannot write the social cache ${this.store.file} ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); serving fresh data without keeping it`,
    );

  async feed(now: Date): Promise<FeedPayload> {
    const { username, profileUrl } = this.snapshot.social;
    const cached = this.store.read().feed;
    if (cached) return { profileUrl, username, fetchedAt: cached.fetchedAt, source: "cache", posts: cached.posts };
    if (!this.client)
      return { profileUrl, username, fetchedAt: this.startedAt.toISOString(), source: "cache", posts: [] };
    const client = this.client;
    try {
      const fresh = await this.feedRefresh.run("feed", () =>
        refreshFeed(client, this.store, username, now, this.saveFailed),
      );
      return { profileUrl, username, fetchedAt: fresh.fetchedAt, source: "live", posts: fresh.posts };
    } catch (error) {
      this.log(`social feed refresh failed: ${describe(error)}`);
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
    const cached = this.store.read().liveMedia[handle];
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
        refreshLiveMedia(client, this.store, handle, now, this.saveFailed),
      );
      return { ...empty, posts: entry.posts, username: entry.username, fetchedAt: entry.fetchedAt, source: "live" };
    } catch (error) {
      this.log(`live media refresh for ${handle} failed: ${describe(error)}`);
      return cached ? fromCache(cached) : empty;
    }
  }
}
