/**
 * `npm run refresh-social`: refreshes the social cache (the file, or Redis when
 * SOCIAL_STORE_URL is set, the same store the servers read) from the Graph API: our
 * own feed, and a score snapshot of every curated account (content/social.yaml, as
 * compiled into the snapshot). Meant to run every 6 hours (docs/social.md).
 *
 * Exit code: 0 when everything refreshed, 2 when some parts failed (they keep their
 * cached data), 1 when nothing could be done (then nothing is written). A throttle or a
 * rejected token stops the run: the rest is reported as skipped, not asked.
 */
import { readFileSync } from "node:fs";
import type { Snapshot } from "../core/snapshot-format.ts";
import { createRedactor } from "../runtime/redact.ts";
import { createGraphClient, type GraphConfig } from "../runtime/social/graph-client.ts";
import { openSocialStore } from "../runtime/social/open-store.ts";
import { describe, refreshAccounts, refreshFeed, stopsTheRun } from "../runtime/social/refresh.ts";
import { socialSettingsFromEnv } from "../runtime/social/settings.ts";
import type { SocialStore } from "../runtime/social/store.ts";

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
  // Every line this script prints passes the redactor: an upstream may echo the token back.
  const redact = createRedactor([settings.graph.accessToken]);
  const say = (line: string) => console.log(redact(line));
  const social = socialConfig(process.env.SNAPSHOT_PATH || "dist/snapshot.json");
  const store = await openSocialStore(settings, { redact, log: (line) => console.error(redact(line)) });
  try {
    return await refreshAll(settings.graph, store, social, say);
  } finally {
    // A Redis connection would keep the process alive.
    await store.close();
  }
}

async function refreshAll(
  graph: GraphConfig,
  store: SocialStore,
  social: Snapshot["social"],
  say: (line: string) => void,
): Promise<number> {
  const client = createGraphClient(graph);
  const options = {
    onDropped: (count: number, what: string) => say(`${what}: left out ${count} that failed validation`),
  };
  const now = new Date();
  let succeeded = 0;
  let failed = 0;
  let skipped = 0;

  let stoppedBy: unknown;
  try {
    const feed = await refreshFeed(client, store, social.username, now, options);
    say(`feed @${social.username}: ok, ${feed.posts.length} posts`);
    succeeded++;
  } catch (error) {
    say(`feed @${social.username}: FAILED (${describe(error)}); the cached feed is kept`);
    failed++;
    if (stopsTheRun(error)) stoppedBy = error;
  }

  if (stoppedBy) {
    // Calling again would only prolong a throttle, or fail the same way with a bad token.
    for (const handle of social.scoredAccounts)
      say(`account @${handle}: skipped (not asked after ${describe(stoppedBy)})`);
    skipped += social.scoredAccounts.length;
  } else {
    try {
      for (const outcome of await refreshAccounts(client, store, social.scoredAccounts, now, options)) {
        if (outcome.outcome === "ok") say(`account @${outcome.handle}: ok`);
        else if (outcome.outcome === "skipped") say(`account @${outcome.handle}: skipped (${outcome.error})`);
        else say(`account @${outcome.handle}: FAILED (${outcome.error}); its last good snapshot, if any, is kept`);
        if (outcome.outcome === "ok") succeeded++;
        else if (outcome.outcome === "skipped") skipped++;
        else failed++;
      }
    } catch (error) {
      // The accounts were fetched but could not be written (the lock or the disk).
      say(`accounts: FAILED to write ${store.location} (${describe(error)})`);
      failed += social.scoredAccounts.length;
    }
  }

  const written = succeeded > 0 ? `cache: ${store.location}` : `nothing written to ${store.location}`;
  say(`${succeeded} refreshed, ${failed} failed, ${skipped} skipped; ${written}`);
  return failed + skipped === 0 ? 0 : succeeded === 0 ? 1 : 2;
}

process.exitCode = await main();
