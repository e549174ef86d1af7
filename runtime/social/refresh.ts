/**
 * Refreshing the cache from the Graph API: the feed, the scored accounts and an event
 * organizer's live media. Each fetches first, then merges only its own part into the
 * cache under the lock, so concurrent refreshes never undo each other. A failed fetch
 * writes nothing: the cached data stays.
 */
import type { SocialCacheStore } from "./cache-store.ts";
import { type DiscoveredAccount, type GraphClient, GraphError } from "./graph-client.ts";
import { toFeedPost, toLiveMediaPost } from "./graph-media.ts";
import { failedAccount, SCORED_POSTS, scoreAccount } from "./scoring.ts";
import type { CachedFeed, CachedLiveMedia } from "./types.ts";

export const FEED_POSTS = 12;

/**
 * What to do when fresh data cannot be written to the cache file: the script fails
 * (it exists to write it); the server, which fetched for a waiting request, still
 * answers with the fresh data and reports the problem.
 */
export type SaveFailure = "throw" | ((error: unknown) => void);

async function save(
  store: SocialCacheStore,
  change: Parameters<SocialCacheStore["update"]>[0],
  onFailure: SaveFailure,
): Promise<void> {
  try {
    await store.update(change);
  } catch (error) {
    if (onFailure === "throw") throw error;
    onFailure(error);
  }
}

export async function refreshFeed(
  client: GraphClient,
  store: SocialCacheStore,
  username: string,
  now: Date,
  onSaveFailure: SaveFailure = "throw",
): Promise<CachedFeed> {
  const media = await client.ownMedia(FEED_POSTS);
  const feed = {
    username,
    fetchedAt: now.toISOString(),
    posts: media.flatMap((item) => toFeedPost(item, username) ?? []),
  };
  await save(store, (cache) => ({ ...cache, feed }), onSaveFailure);
  return feed;
}

export async function refreshLiveMedia(
  client: GraphClient,
  store: SocialCacheStore,
  handle: string,
  now: Date,
  onSaveFailure: SaveFailure = "throw",
): Promise<CachedLiveMedia> {
  const account = await client.discover(handle, SCORED_POSTS);
  const entry = {
    username: account.username,
    fetchedAt: now.toISOString(),
    posts: account.media.flatMap((item) => toLiveMediaPost(item, account.username) ?? []),
  };
  await save(store, (cache) => ({ ...cache, liveMedia: { ...cache.liveMedia, [handle]: entry } }), onSaveFailure);
  return entry;
}

export interface AccountOutcome {
  handle: string;
  ok: boolean;
  /** What went wrong, for the report; never holds the token. */
  error?: string;
}

/**
 * Scores every handle. A handle that fails keeps its previous snapshot; one that was
 * never read gets a snapshot with `ok: false`.
 */
export async function refreshAccounts(
  client: GraphClient,
  store: SocialCacheStore,
  handles: string[],
  now: Date,
): Promise<AccountOutcome[]> {
  const results: { handle: string; account?: DiscoveredAccount; error?: string }[] = [];
  // One at a time: a handful of accounts, and the API's limits are per rolling hour.
  for (const handle of handles) {
    try {
      results.push({ handle, account: await client.discover(handle, SCORED_POSTS) });
    } catch (error) {
      results.push({ handle, error: describe(error) });
    }
  }
  await store.update((cache) => {
    const accounts = { ...cache.accounts };
    for (const result of results) {
      const previous = cache.accounts[result.handle];
      accounts[result.handle] = result.account
        ? scoreAccount(result.handle, result.account, now, previous)
        : failedAccount(result.handle, now, previous);
    }
    return { ...cache, accounts };
  });
  return results.map(({ handle, error }) =>
    error === undefined ? { handle, ok: true } : { handle, ok: false, error },
  );
}

export function describe(error: unknown): string {
  if (error instanceof GraphError) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
