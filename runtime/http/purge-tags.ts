/**
 * Purge tags: the names a cache in front of the API can purge stored answers by. Every
 * success names the snapshot it was made from (`snapshot-<version>`, the version /healthz
 * reports), its endpoint family (the path segment after `/api/`: `spots`, `events`, `docs`…)
 * and, for an item's detail, the item (`spot-<slug>`, `surfer-<slug>`). After a deploy, a
 * purge of `snapshot-<old version>` finds every copy made from the old content, whether or
 * not its bytes (and so its ETag) changed.
 *
 * The tags go out in the two forms caches read: `Surrogate-Key`, space-separated (Fastly,
 * Varnish with xkey), and `Cache-Tag`, comma-separated (Cloudflare). Errors carry none:
 * they are `no-store`, so no cache holds one to purge.
 */

/** The tags of a success on the route registered at `routePath` (`/api/spots/:slug`), for `slug` when a detail. */
export function purgeTags(version: string, routePath: string, slug: string | undefined): string[] {
  const family = routePath.split("/")[2];
  const tags = [`snapshot-${version}`, family];
  // A detail's family is the plural of its item: /api/spots/pipeline is spot-pipeline.
  if (slug !== undefined) tags.push(`${family.replace(/s$/, "")}-${slug}`);
  return tags;
}

export function purgeTagHeaders(tags: string[]): string[] {
  return ["surrogate-key", tags.join(" "), "cache-tag", tags.join(",")];
}
