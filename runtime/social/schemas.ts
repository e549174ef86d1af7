/**
 * What social data must look like at both borders, as valibot schemas: what the Graph API
 * sends (a media item that fails is dropped and counted, never served), and what the cache
 * file holds (a file of another shape is corrupt: served as empty, set aside on the next
 * good write). Nothing from outside reaches an answer unchecked.
 */
import * as v from "valibot";
import { SOCIAL_CACHE_VERSION } from "./types.ts";

/** Links we hand to browsers: https only (no `javascript:`, no plain http), of a sane length. */
const httpsUrl = v.pipe(v.string(), v.maxLength(2048), v.url(), v.startsWith("https://"));
const handle = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._]{1,30}$/));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const isoTime = v.pipe(v.string(), v.isoTimestamp());

/** A media object as the Graph API sends it; fields the network may leave out are optional. */
export const GraphMediaSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)),
  caption: v.optional(v.pipe(v.string(), v.maxLength(10_000))),
  media_type: v.optional(v.picklist(["IMAGE", "VIDEO", "CAROUSEL_ALBUM"])),
  media_product_type: v.optional(v.pipe(v.string(), v.maxLength(32))),
  media_url: v.optional(httpsUrl),
  thumbnail_url: v.optional(httpsUrl),
  permalink: httpsUrl,
  timestamp: v.pipe(v.string(), v.maxLength(40)),
  username: v.optional(handle),
  like_count: v.optional(count),
  comments_count: v.optional(count),
});

/** The items of a media list that pass the schema, and how many did not. */
export function validMedia(items: unknown[]): { media: v.InferOutput<typeof GraphMediaSchema>[]; dropped: number } {
  const media: v.InferOutput<typeof GraphMediaSchema>[] = [];
  for (const item of items) {
    const result = v.safeParse(GraphMediaSchema, item);
    if (result.success) media.push(result.output);
  }
  return { media, dropped: items.length - media.length };
}

const FeedPostSchema = v.object({
  id: v.string(),
  caption: v.nullable(v.string()),
  mediaType: v.string(),
  mediaUrl: httpsUrl,
  permalink: httpsUrl,
  timestamp: isoTime,
  username: v.string(),
});

const LiveMediaPostSchema = v.object({
  id: v.string(),
  permalink: httpsUrl,
  mediaType: v.string(),
  timestamp: isoTime,
  caption: v.string(),
  mediaUrl: httpsUrl,
  thumbnailUrl: v.union([v.literal(""), httpsUrl]),
  username: v.string(),
});

const ScoredAccountSchema = v.object({
  handle: v.string(),
  ok: v.boolean(),
  followers: v.nullable(count),
  lastPostAt: v.nullable(isoTime),
  avgEngagement: v.nullable(v.number()),
  engagementRate: v.nullable(v.number()),
  active: v.boolean(),
  score: v.nullable(v.number()),
  scoredAt: isoTime,
  history: v.array(v.object({ scoredAt: isoTime, followers: count })),
});

export const SocialCacheSchema = v.object({
  version: v.literal(SOCIAL_CACHE_VERSION),
  feed: v.nullable(v.object({ username: v.string(), fetchedAt: isoTime, posts: v.array(FeedPostSchema) })),
  accounts: v.record(v.string(), ScoredAccountSchema),
  liveMedia: v.record(
    v.string(),
    v.object({ username: v.string(), fetchedAt: isoTime, posts: v.array(LiveMediaPostSchema) }),
  ),
});

/** The first problem of a value that fails a schema, as a short path and message (for a log line). */
export function firstIssue(issues: v.BaseIssue<unknown>[]): string {
  const [issue] = issues;
  const where = issue.path?.map((item) => String(item.key)).join(".") ?? "";
  return `${where ? `${where}: ` : ""}${issue.message}`;
}
