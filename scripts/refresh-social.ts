/**
 * `npm run refresh-social`: refreshes the social cache file from the Graph API: our
 * own feed, and a score snapshot of every curated account (content/social.yaml, as
 * compiled into the snapshot). Meant to run every 6 hours (README: Social data).
 *
 * Exit code: 0 when everything refreshed, 2 when some parts failed (they keep their
 * cached data), 1 when nothing could be done.
 */
import { readFileSync } from "node:fs";
import type { Snapshot } from "../core/snapshot-format.ts";
import { SocialCacheStore } from "../runtime/social/cache-store.ts";
import { createGraphClient } from "../runtime/social/graph-client.ts";
import { describe, refreshAccounts, refreshFeed } from "../runtime/social/refresh.ts";
import { socialSettingsFromEnv } from "../runtime/social/settings.ts";

function socialConfig(snapshotPath: string): Snapshot["social"] {
  try {
    return (JSON.parse(readFileSync(snapshotPath, "utf8")) as Snapshot).social;
  } catch {
    console.error(
      `cannot read the curated accounts from ${snapshotPath}; run \`npm run build\` first (or set SNAPSHOT_PATH)`,
    );
    process.exit(1);
  }
}

async function main(): Promise<number> {
  const settings = socialSettingsFromEnv();
  if (!settings.graph) {
    console.error("SOCIAL_USER_ID and SOCIAL_ACCESS_TOKEN are not set: nothing to refresh");
    return 1;
  }
  const social = socialConfig(process.env.SNAPSHOT_PATH || "dist/snapshot.json");
  const client = createGraphClient(settings.graph);
  const store = new SocialCacheStore({ file: settings.cacheFile });
  const now = new Date();
  let succeeded = 0;
  let failed = 0;

  try {
    const feed = await refreshFeed(client, store, social.username, now);
    console.log(`feed @${social.username}: ok, ${feed.posts.length} posts`);
    succeeded++;
  } catch (error) {
    console.log(`feed @${social.username}: FAILED (${describe(error)}); the cached feed is kept`);
    failed++;
  }

  try {
    for (const outcome of await refreshAccounts(client, store, social.scoredAccounts, now)) {
      console.log(
        outcome.ok
          ? `account @${outcome.handle}: ok`
          : `account @${outcome.handle}: FAILED (${outcome.error}); its last good snapshot, if any, is kept`,
      );
      if (outcome.ok) succeeded++;
      else failed++;
    }
  } catch (error) {
    // The accounts were fetched but could not be written (the lock or the disk).
    console.log(`accounts: FAILED to write ${settings.cacheFile} (${describe(error)})`);
    failed += social.scoredAccounts.length;
  }

  console.log(`${succeeded} refreshed, ${failed} failed; cache: ${settings.cacheFile}`);
  return failed === 0 ? 0 : succeeded === 0 ? 1 : 2;
}

process.exitCode = await main();
