/** The social data the API serves (contract shapes) and the cache file that holds it. */

export interface FeedPost {
  id: string;
  caption: string | null;
  mediaType: string;
  mediaUrl: string;
  permalink: string;
  timestamp: string;
  username: string;
}

export interface LiveMediaPost {
  id: string;
  permalink: string;
  mediaType: string;
  timestamp: string;
  caption: string;
  mediaUrl: string;
  thumbnailUrl: string;
  username: string;
}

export interface FollowerPoint {
  scoredAt: string;
  followers: number;
}

export interface ScoredAccount {
  handle: string;
  ok: boolean;
  followers: number | null;
  lastPostAt: string | null;
  avgEngagement: number | null;
  engagementRate: number | null;
  active: boolean;
  score: number | null;
  scoredAt: string;
  history: FollowerPoint[];
}

/** Bumped when the file's shape changes; a file of another version reads as empty. */
export const SOCIAL_CACHE_VERSION = 1;

export interface CachedFeed {
  username: string;
  fetchedAt: string;
  posts: FeedPost[];
}

export interface CachedLiveMedia {
  username: string;
  fetchedAt: string;
  posts: LiveMediaPost[];
}

export interface SocialCache {
  version: number;
  feed: CachedFeed | null;
  /** The latest snapshot per handle, with its follower history. */
  accounts: Record<string, ScoredAccount>;
  /** Per organizer handle. */
  liveMedia: Record<string, CachedLiveMedia>;
}

export function emptyCache(): SocialCache {
  return { version: SOCIAL_CACHE_VERSION, feed: null, accounts: {}, liveMedia: {} };
}
