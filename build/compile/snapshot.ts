/** Content records → the snapshot, with its version: a hash of everything in it. */
import { createHash } from "node:crypto";
import { toAsciiJson } from "../../core/ascii-json.ts";
import { SEARCH_OPTIONS } from "../../core/search-index.ts";
import { SNAPSHOT_FORMAT, type Snapshot, snapshotHead } from "../../core/snapshot-format.ts";
import type { Content } from "../read-content.ts";
import { DISCIPLINES, ERAS, QUOTE_CATEGORIES, SKILL_LEVELS, STANCES, TIERS, WAVE_TYPES } from "../vocabulary.ts";
import { compileEvents, compileOrganizations } from "./calendar.ts";
import { searchInPieces } from "./collection.ts";
import { type PiecesSink, PiecesWriter } from "./pieces.ts";
import { compileClips, compileQuotes } from "./quotes-and-clips.ts";
import { compileSpots } from "./spots.ts";
import { compileSurfers } from "./surfers.ts";
import { compileUnderstanding } from "./understanding.ts";

export interface CompiledSnapshot {
  snapshot: Snapshot;
  /** The snapshot file's text (pure ASCII, see ascii-json.ts), serialized once. */
  json: string;
}

/**
 * `content` must have passed every check (no problems), so references resolve. `builtAt`
 * is recorded beside the version, outside what it hashes: the same content has the same
 * version whenever it is built. The pieces file's bytes go to `piecesSink` as they are made.
 * `content` is consumed: records needed by one step only are taken out of it, to be freed.
 */
export async function compileSnapshot(
  content: Content,
  mediaBaseUrl: string,
  builtAt: Date,
  piecesSink: PiecesSink,
): Promise<CompiledSnapshot> {
  const social = content.social!;
  const pieces = new PiecesWriter(piecesSink);
  // Before the spots are compiled: that step takes their records out of `content`.
  const understanding = await compileUnderstanding(content);
  const pendingSpots = await compileSpots(content, mediaBaseUrl, pieces);
  // The surfers are compiled while the spots' index may still be being made on its thread.
  const surfers = await compileSurfers(content, mediaBaseUrl, pieces);
  const spots = { ...pendingSpots, search: searchInPieces(await pendingSpots.search, pieces) };
  const piecesFile = pieces.finish();
  const body: Omit<Snapshot, "version" | "builtAt"> = {
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
    // Its hash is in the body, so the version names the pieces too.
    pieces: piecesFile,
    spots,
    surfers,
    quotes: compileQuotes(content),
    clips: compileClips(content, mediaBaseUrl),
    events: compileEvents(content),
    organizations: compileOrganizations(content),
    social: {
      username: social.account.username,
      profileUrl: social.account.profile_url,
      scoredAccounts: social.scoredAccounts,
    },
    vocabularies: {
      wave_type: [...WAVE_TYPES],
      skill_level: [...SKILL_LEVELS],
      tier: [...TIERS],
      tag: content.tags.map(({ record }) => record.slug),
      discipline: [...DISCIPLINES],
      era: [...ERAS],
      stance: [...STANCES],
      category: [...QUOTE_CATEGORIES],
    },
    tagLabels: Object.fromEntries(content.tags.map(({ record }) => [record.slug, record.name])),
    understanding,
  };
  const { version, json } = serializeSnapshot(body, builtAt.toISOString());
  return { snapshot: { version, builtAt: builtAt.toISOString(), ...body }, json };
}

/** The snapshot file's text, and its version: the hash of the body, which follows the version and build time. */
export function serializeSnapshot(body: Omit<Snapshot, "version" | "builtAt">, builtAt: string) {
  const bodyJson = toAsciiJson(body);
  const version = createHash("sha256").update(bodyJson, "latin1").digest("hex").slice(0, 16);
  // version first, so a person opening the file sees it at once
  return { version, json: `${snapshotHead(version, builtAt)}${bodyJson.slice(1)}` };
}
