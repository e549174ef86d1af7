/** Content records → the snapshot, with its version: a hash of everything in it. */
import { createHash } from "node:crypto";
import { SEARCH_OPTIONS } from "../../core/search-index.ts";
import { SNAPSHOT_FORMAT, type Snapshot } from "../../core/snapshot-format.ts";
import type { Content } from "../read-content.ts";
import { compileEvents, compileOrganizations } from "./calendar.ts";
import { compileClips, compileQuotes } from "./quotes-and-clips.ts";
import { compileSpots } from "./spots.ts";
import { compileSurfers } from "./surfers.ts";

/** `content` must have passed every check (no problems), so references resolve. */
export function compileSnapshot(content: Content, mediaBaseUrl: string): Snapshot {
  const social = content.social!;
  const body: Omit<Snapshot, "version"> = {
    format: SNAPSHOT_FORMAT,
    searchOptions: SEARCH_OPTIONS,
    mediaBaseUrl,
    counts: {
      spots: content.spots.length,
      surfers: content.surfers.length,
      quotes: content.quotes.length,
      clips: content.clips.length,
      events: content.events.length,
      organizations: content.organizations.length,
    },
    spots: compileSpots(content, mediaBaseUrl),
    surfers: compileSurfers(content, mediaBaseUrl),
    quotes: compileQuotes(content),
    clips: compileClips(content, mediaBaseUrl),
    events: compileEvents(content),
    organizations: compileOrganizations(content),
    social: {
      username: social.account.username,
      profileUrl: social.account.profile_url,
      scoredAccounts: social.scoredAccounts,
    },
  };
  const version = createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 16);
  // version first, so a person opening the file sees it at once
  return { version, ...body } as Snapshot;
}
