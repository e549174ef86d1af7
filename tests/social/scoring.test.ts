/** Account scores, follower history and ranking, as decided. */
import { describe, expect, it } from "vitest";
import { appendHistory, failedAccount, rankAccounts, scoreAccount } from "../../runtime/social/scoring.ts";
import type { ScoredAccount } from "../../runtime/social/types.ts";
import { fakeMedia } from "../../scripts/fake-graph.ts";

const NOW = new Date("2026-11-21T12:00:00Z");

describe("scoreAccount", () => {
  it("averages likes + comments over the latest 12 posts, hidden likes counting 0", () => {
    const media = fakeMedia("wsl", 14, Date.parse("2026-11-20T12:00:00Z"));
    const scored = scoreAccount("wsl", { username: "wsl", followers: 10_000, media }, NOW);
    // Posts 1..12: likes 100+i (i = 0..11) except post 3 (hidden), comments 10 each.
    const engagement = (Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0) - 102 + 12 * 10) / 12;
    expect(scored.avgEngagement).toBe(Math.round(engagement * 10_000) / 10_000);
    expect(scored.engagementRate).toBeCloseTo(engagement / 10_000, 8);
    expect(scored.active).toBe(true);
    expect(scored.score).toBe(Math.round((engagement / 10_000) * Math.log10(10_001) * 10_000) / 10_000);
    expect(scored.lastPostAt).toBe("2026-11-20T12:00:00.000Z");
    expect(scored).toMatchObject({
      handle: "wsl",
      ok: true,
      followers: 10_000,
      scoredAt: NOW.toISOString(),
      history: [{ scoredAt: NOW.toISOString(), followers: 10_000 }],
    });
  });

  it("halves the score of an account with no post in the last 30 days", () => {
    const recent = scoreAccount(
      "a",
      { username: "a", followers: 5_000, media: fakeMedia("a", 12, NOW.getTime() - 29 * 86_400_000) },
      NOW,
    );
    const stale = scoreAccount(
      "a",
      { username: "a", followers: 5_000, media: fakeMedia("a", 12, NOW.getTime() - 31 * 86_400_000) },
      NOW,
    );
    expect(recent.active).toBe(true);
    expect(stale.active).toBe(false);
    expect(stale.score).toBeCloseTo(recent.score! / 2, 4);
  });

  it("scores 0 for an account with no followers or no posts", () => {
    expect(scoreAccount("a", { username: "a", followers: 0, media: fakeMedia("a", 3) }, NOW)).toMatchObject({
      engagementRate: 0,
      score: 0,
    });
    expect(scoreAccount("a", { username: "a", followers: 100, media: [] }, NOW)).toMatchObject({
      avgEngagement: 0,
      lastPostAt: null,
      active: false,
      score: 0,
    });
  });
});

describe("failedAccount", () => {
  it("keeps the previous snapshot when there is one", () => {
    const previous = scoreAccount(
      "a",
      { username: "a", followers: 100, media: fakeMedia("a", 3) },
      new Date("2026-11-01T00:00:00Z"),
    );
    expect(failedAccount("a", NOW, previous)).toBe(previous);
  });

  it("marks ok false, with null numbers, when nothing was ever read", () => {
    expect(failedAccount("a", NOW)).toEqual({
      handle: "a",
      ok: false,
      followers: null,
      lastPostAt: null,
      avgEngagement: null,
      engagementRate: null,
      active: false,
      score: null,
      scoredAt: NOW.toISOString(),
      history: [],
    });
  });
});

describe("follower history", () => {
  it("keeps one point per UTC day, the last of the day winning, newest last", () => {
    let history = appendHistory([], { scoredAt: "2026-11-20T06:00:00.000Z", followers: 1 });
    history = appendHistory(history, { scoredAt: "2026-11-21T00:00:00.000Z", followers: 2 });
    history = appendHistory(history, { scoredAt: "2026-11-21T18:00:00.000Z", followers: 3 });
    expect(history).toEqual([
      { scoredAt: "2026-11-20T06:00:00.000Z", followers: 1 },
      { scoredAt: "2026-11-21T18:00:00.000Z", followers: 3 },
    ]);
  });

  it("keeps the latest 90 days", () => {
    let history: { scoredAt: string; followers: number }[] = [];
    for (let day = 0; day < 120; day++)
      history = appendHistory(history, {
        scoredAt: new Date(Date.UTC(2026, 0, 1 + day, 12)).toISOString(),
        followers: day,
      });
    expect(history).toHaveLength(90);
    expect(history[0].followers).toBe(30);
    expect(history.at(-1)!.followers).toBe(119);
  });
});

describe("rankAccounts", () => {
  const account = (handle: string, score: number | null, followers: number | null): ScoredAccount => ({
    ...failedAccount(handle, NOW),
    ok: score !== null,
    score,
    followers,
  });

  it("ranks by score descending with nulls last, then followers descending, then handle", () => {
    const ranked = rankAccounts([
      account("unread", null, null),
      account("low", 0.1, 5),
      account("tie-b", 0.5, 10),
      account("tie-a", 0.5, 10),
      account("tie-more-followers", 0.5, 20),
      account("null-with-followers", null, 50),
    ]);
    expect(ranked.map((entry) => entry.handle)).toEqual([
      "tie-more-followers",
      "tie-a",
      "tie-b",
      "low",
      "null-with-followers",
      "unread",
    ]);
  });
});
