/**
 * Refreshing the cache from the Graph API: the feed, the scored accounts and an event
 * organizer's live media. Each fetches first, then merges only its own part into the
 * cache under the lock, so concurrent refreshes never undo each other. A failed fetch
 * writes nothing: the cached data stays.
 */

import { type DiscoveredAccount, type GraphClient, GraphError } from "./graph-client.ts";
import { toFeedPost, toLiveMediaPost } from "./graph-media.ts";
import { failedAccount, SCORED_POSTS, scoreAccount } from "./scoring.ts";
import type { SocialStore } from "./store.ts";
import type { CachedFeed, CachedLiveMedia } from "./types.ts";

export const FEED_POSTS = 12;

export interface RefreshOptions {
  /**
   * What to do when fresh data cannot be written to the cache file: the script fails (it
   * exists to write it, the default); the server, which fetched for a waiting request,
   * still answers with the fresh data and reports the problem.
   */
  onSaveFailure?: "throw" | ((error: unknown) => void);
  /** How long to wait for the cache lock (the server: what is left of its time budget). */
  lockTimeoutMs?: () => number;
  /** Told how many media of an answer failed validation and were left out. */
  onDropped?: (count: number, what: string) => void;
}

async function save(
  store: SocialStore,
  change: Parameters<SocialStore["update"]>[0],
  options: RefreshOptions,
): Promise<void> {
  try {
    await store.update(change, options.lockTimeoutMs?.());
  } catch (error) {
    if (!options.onSaveFailure || options.onSaveFailure === "throw") throw error;
    options.onSaveFailure(error);
  }
}

export async function refreshFeed(
  client: GraphClient,
  store: SocialStore,
  username: string,
  now: Date,
  options: RefreshOptions = {},
): Promise<CachedFeed> {
  const { media, dropped } = await client.ownMedia(FEED_POSTS);
  if (dropped > 0) options.onDropped?.(dropped, "own media");
  const feed = {
    username,
    fetchedAt: now.toISOString(),
    posts: media.flatMap((item) => toFeedPost(item, username) ?? []),
  };
  await save(store, (cache) => ({ ...cache, feed }), options);
  return feed;
}

export async function refreshLiveMedia(
  client: GraphClient,
  store: SocialStore,
  handle: string,
  now: Date,
  options: RefreshOptions = {},
): Promise<CachedLiveMedia> {
  const account = await client.discover(handle, SCORED_POSTS);
  if (account.dropped > 0) options.onDropped?.(account.dropped, `media of ${handle}`);
  const entry = {
    username: account.username,
    fetchedAt: now.toISOString(),
    posts: account.media.flatMap((item) => toLiveMediaPost(item, account.username) ?? []),
  };
  await save(store, (cache) => ({ ...cache, liveMedia: { ...cache.liveMedia, [handle]: entry } }), options);
  return entry;
}

export interface AccountOutcome {
  handle: string;
  /** `skipped`: not asked, because the upstream had throttled us or refused the token. */
  outcome: "ok" | "failed" | "skipped";
  /** What went wrong, for the report; never holds the token. */
  error?: string;
}

/** Errors after which calling again only makes it worse: the upstream throttles us, or the token is no good. */
export function stopsTheRun(error: unknown): boolean {
  return error instanceof GraphError && ["throttled", "invalid-token", "expired-token"].includes(error.kind);
}

/**
 * Scores every handle. A handle that fails keeps its previous snapshot; one that was
 * never read gets a snapshot with `ok: false`. A throttle or a token error stops the run
 * (the rest are skipped); when no handle succeeded, nothing is written.
 */
export async function refreshAccounts(
  client: GraphClient,
  store: SocialStore,
  handles: string[],
  now: Date,
  options: RefreshOptions = {},
): Promise<AccountOutcome[]> {
  const results: { handle: string; account?: DiscoveredAccount; error?: string; skipped?: string }[] = [];
  let stoppedBy: string | undefined;
  // One at a time: a handful of accounts, and the API's limits are per rolling hour.
  for (const handle of handles) {
    if (stoppedBy) {
      results.push({ handle, skipped: stoppedBy });
      continue;
    }
    try {
      const account = await client.discover(handle, SCORED_POSTS);
      if (account.dropped > 0) options.onDropped?.(account.dropped, `media of ${handle}`);
      results.push({ handle, account });
    } catch (error) {
      results.push({ handle, error: describe(error) });
      if (stopsTheRun(error)) stoppedBy = `not asked after ${describe(error)}`;
    }
  }
  const outcomes = results.map(({ handle, account, error, skipped }): AccountOutcome => {
    if (account) return { handle, outcome: "ok" };
    return skipped ? { handle, outcome: "skipped", error: skipped } : { handle, outcome: "failed", error };
  });
  if (!results.some((result) => result.account)) return outcomes;
  await store.update((cache) => {
    const accounts = { ...cache.accounts };
    for (const result of results) {
      if (result.skipped) continue;
      const previous = cache.accounts[result.handle];
      accounts[result.handle] = result.account
        ? scoreAccount(result.handle, result.account, now, previous)
        : failedAccount(result.handle, now, previous);
    }
    return { ...cache, accounts };
  });
  return outcomes;
}

export function describe(error: unknown): string {
  if (error instanceof GraphError) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
