/**
 * Mapping the Graph API's media objects to our posts, surviving what the network
 * really sends: no `media_url` on some videos (copyrighted audio, downloads off),
 * hidden `like_count`, absent captions, and timestamps like `2026-04-12T06:41:09+0000`.
 */
import type { FeedPost, LiveMediaPost } from "./types.ts";

/** A media object as the Graph API returns it; any field may be missing. */
export interface GraphMedia {
  id?: string;
  caption?: string;
  media_type?: string;
  media_product_type?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  timestamp?: string;
  username?: string;
  like_count?: number;
  comments_count?: number;
}

/** `+0000` has no colon, which Date.parse does not accept everywhere: normalize to ISO 8601 UTC. */
export function normalizeTimestamp(value: string | undefined): string | null {
  if (!value) return null;
  const withColon = value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const time = Date.parse(withColon);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function imageOf(media: GraphMedia): string | null {
  return media.media_url ?? media.thumbnail_url ?? null;
}

/** A feed post needs an image and a link; media without them cannot be shown and are left out. */
export function toFeedPost(media: GraphMedia, fallbackUsername: string): FeedPost | undefined {
  const mediaUrl = imageOf(media);
  const timestamp = normalizeTimestamp(media.timestamp);
  if (!media.id || !mediaUrl || !media.permalink || !timestamp) return undefined;
  return {
    id: media.id,
    caption: media.caption ?? null,
    mediaType: media.media_type ?? "IMAGE",
    mediaUrl,
    permalink: media.permalink,
    timestamp,
    username: media.username ?? fallbackUsername,
  };
}

/** Live media posts are all strings: what is missing is an empty string. */
export function toLiveMediaPost(media: GraphMedia, fallbackUsername: string): LiveMediaPost | undefined {
  const post = toFeedPost(media, fallbackUsername);
  if (!post) return undefined;
  return {
    id: post.id,
    permalink: post.permalink,
    mediaType: post.mediaType,
    timestamp: post.timestamp,
    caption: post.caption ?? "",
    mediaUrl: post.mediaUrl,
    thumbnailUrl: media.thumbnail_url ?? "",
    username: post.username,
  };
}

export function engagementOf(media: GraphMedia): number {
  // Hidden like counts are absent, not zero; they count as 0 (decisions.md: likes + comments).
  return (media.like_count ?? 0) + (media.comments_count ?? 0);
}
