/**
 * Account scores, computed by the refresh over each account's latest 12 posts
 * (decisions.md): avgEngagement = mean of likes + comments; engagementRate =
 * avgEngagement / followers; active = a post within 30 days; score = engagementRate
 * × log10(followers + 1) × (active ? 1 : 0.5), rounded to 4 decimals.
 */
import type { DiscoveredAccount } from "./graph-client.ts";
import { engagementOf, normalizeTimestamp } from "./graph-media.ts";
import type { FollowerPoint, ScoredAccount } from "./types.ts";

export const SCORED_POSTS = 12;
const ACTIVE_WITHIN_MS = 30 * 86_400_000;
const HISTORY_DAYS = 90;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export function scoreAccount(
  handle: string,
  account: Omit<DiscoveredAccount, "dropped">,
  now: Date,
  previous?: ScoredAccount,
): ScoredAccount {
  const posts = account.media.slice(0, SCORED_POSTS);
  const followers = account.followers;
  const avgEngagement =
    posts.length === 0 ? 0 : posts.reduce((sum, media) => sum + engagementOf(media), 0) / posts.length;
  const engagementRate = followers > 0 ? avgEngagement / followers : 0;
  const times = posts
    .map((media) => normalizeTimestamp(media.timestamp))
    .filter((time): time is string => time !== null)
    .sort();
  const lastPostAt = times.at(-1) ?? null;
  const active = lastPostAt !== null && now.getTime() - Date.parse(lastPostAt) <= ACTIVE_WITHIN_MS;
  const scoredAt = now.toISOString();
  return {
    handle,
    ok: true,
    followers,
    lastPostAt,
    avgEngagement: round4(avgEngagement),
    // A fraction of followers, often tiny: kept to 8 decimals rather than 4.
    engagementRate: Math.round(engagementRate * 1e8) / 1e8,
    active,
    score: round4(engagementRate * Math.log10(followers + 1) * (active ? 1 : 0.5)),
    scoredAt,
    history: appendHistory(previous?.history ?? [], { scoredAt, followers }),
  };
}

/** An account that could not be read: keep what we had, or record that nothing was ever read. */
export function failedAccount(handle: string, now: Date, previous?: ScoredAccount): ScoredAccount {
  if (previous) return previous;
  return {
    handle,
    ok: false,
    followers: null,
    lastPostAt: null,
    avgEngagement: null,
    engagementRate: null,
    active: false,
    score: null,
    scoredAt: now.toISOString(),
    history: [],
  };
}

/**
 * One point per UTC day (the last of the day wins), oldest first, the latest 90 days
 * counted back from the new point's day.
 */
export function appendHistory(history: FollowerPoint[], point: FollowerPoint): FollowerPoint[] {
  const day = point.scoredAt.slice(0, 10);
  const kept = history.filter((old) => old.scoredAt.slice(0, 10) !== day);
  const oldestDay = new Date(Date.parse(`${day}T00:00:00Z`) - (HISTORY_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return [...kept, point]
    .filter((entry) => entry.scoredAt.slice(0, 10) >= oldestDay)
    .sort((a, b) => (a.scoredAt < b.scoredAt ? -1 : 1));
}

/** Score descending with nulls last, then followers descending (nulls last), then handle. */
export function rankAccounts(accounts: ScoredAccount[]): ScoredAccount[] {
  const descNullsLast = (a: number | null, b: number | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a;
  return [...accounts].sort(
    (a, b) =>
      descNullsLast(a.score, b.score) ||
      descNullsLast(a.followers, b.followers) ||
      (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0),
  );
}
