/**
 * The three social endpoints' answers held against the description: with and without
 * credentials, with posts and accounts, and the feed's 503. The social network is an
 * in-memory stub of the Graph client. Each endpoint's checks are skipped while the
 * server does not have it (it answers 404), so this suite is green before and after.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../runtime/http/app.ts";
import { SocialCacheStore } from "../../runtime/social/cache-store.ts";
import { type GraphClient, GraphError } from "../../runtime/social/graph-client.ts";
import type { GraphMedia } from "../../runtime/social/graph-media.ts";
import { failedAccount, scoreAccount } from "../../runtime/social/scoring.ts";
import { SocialService } from "../../runtime/social/service.ts";
import { ALLOWED_ORIGIN, testApp, testCatalog } from "../helpers/app.ts";
import { Contract, testDescription } from "../helpers/openapi.ts";
import { expectConforms, type Seen } from "./observe.ts";

const contract = new Contract(testDescription());
const seen: Seen = new Map();
const dir = mkdtempSync(path.join(tmpdir(), "surf-contract-social-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A moment when a scheduled WSL event (whose organizer has a social handle) is live. */
const LIVE_NOW = new Date("2026-12-14T22:00:00Z");

function media(username: string, count: number): GraphMedia[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${username}-${i}`,
    caption: i % 2 === 0 ? `post ${i}` : undefined,
    media_type: i % 3 === 0 ? "VIDEO" : "IMAGE",
    media_url: `https://media.social.example/${username}/${i}.jpg`,
    thumbnail_url: i % 3 === 0 ? `https://media.social.example/${username}/${i}-still.jpg` : undefined,
    permalink: `https://social.example/p/${username}-${i}/`,
    timestamp: "2026-12-14T10:00:00+0000",
    username,
    like_count: 100 + i,
    comments_count: 5,
  }));
}

function stubClient(down = false): GraphClient {
  const check = () => {
    if (down) throw new GraphError("unavailable", "the social network is down");
  };
  return {
    async ownMedia(count) {
      check();
      return media("surfcatalog", count);
    },
    async discover(username, count) {
      check();
      return { username, followers: 25_000, media: media(username, count) };
    },
  };
}

let cases = 0;
function socialApp(client: GraphClient | null, now = LIVE_NOW) {
  const store = new SocialCacheStore({ file: path.join(dir, `case-${++cases}.json`), log: () => undefined });
  const social = new SocialService(testCatalog().snapshot, store, client, () => undefined);
  return {
    app: createApp({
      catalog: testCatalog(),
      corsOrigins: new Set([ALLOWED_ORIGIN]),
      now: () => now,
      social,
      openapi: testDescription(),
    }),
    store,
  };
}

const present = new Map<string, boolean>();
for (const template of ["/api/events/live-media", "/api/social/feed", "/api/social/accounts"]) {
  present.set(template, (await testApp().request(template)).status !== 404);
  if (!present.get(template)) console.log(`${template} is not served yet: its contract checks are skipped`);
}
const missing = (template: string) => !present.get(template);

describe("GET /api/social/feed", () => {
  it.skipIf(missing("/api/social/feed"))(
    "conforms: without credentials, fetched live, from the cache, and unavailable (503)",
    async () => {
      const off = await expectConforms(contract, seen, socialApp(null).app, "/api/social/feed");
      expect(JSON.parse(off.body).posts).toEqual([]);

      const { app } = socialApp(stubClient());
      const live = await expectConforms(contract, seen, app, "/api/social/feed", {
        headers: { origin: ALLOWED_ORIGIN },
      });
      expect(JSON.parse(live.body)).toMatchObject({
        source: "live",
        posts: expect.arrayContaining([expect.objectContaining({ caption: null })]),
      });
      const cached = await expectConforms(contract, seen, app, "/api/social/feed");
      expect(JSON.parse(cached.body).source).toBe("cache");
      expect(
        (
          await expectConforms(contract, seen, app, "/api/social/feed", {
            headers: { "if-none-match": cached.headers.get("etag")! },
          })
        ).status,
      ).toBe(304);

      const down = await expectConforms(contract, seen, socialApp(stubClient(true)).app, "/api/social/feed");
      expect(down.status).toBe(503);
    },
  );
});

describe("GET /api/social/accounts", () => {
  it.skipIf(missing("/api/social/accounts"))(
    "conforms: without credentials, and with scored and unreadable accounts",
    async () => {
      const off = await expectConforms(contract, seen, socialApp(null).app, "/api/social/accounts");
      expect(JSON.parse(off.body)).toEqual({ accounts: [] });

      const { app, store } = socialApp(stubClient());
      await store.update((cache) => ({
        ...cache,
        accounts: {
          wsl: scoreAccount("wsl", { username: "wsl", followers: 25_000, media: media("wsl", 12) }, LIVE_NOW),
          isasurfing: failedAccount("isasurfing", LIVE_NOW),
        },
      }));
      const scored = await expectConforms(contract, seen, app, "/api/social/accounts");
      expect(JSON.parse(scored.body).accounts.map((account: { handle: string }) => account.handle)).toEqual([
        "wsl",
        "isasurfing",
      ]);
      expect(
        (
          await expectConforms(contract, seen, app, "/api/social/accounts", {
            headers: { "if-none-match": scored.headers.get("etag")! },
          })
        ).status,
      ).toBe(304);
    },
  );
});

describe("GET /api/events/live-media", () => {
  it.skipIf(missing("/api/events/live-media"))(
    "conforms: nothing live, live and fetched, then from the cache",
    async () => {
      const quiet = await expectConforms(
        contract,
        seen,
        socialApp(stubClient(), new Date("2026-06-01T12:00:00Z")).app,
        "/api/events/live-media",
      );
      expect(JSON.parse(quiet.body)).toMatchObject({ posts: [], eventSlug: null });

      const { app } = socialApp(stubClient());
      const live = await expectConforms(contract, seen, app, "/api/events/live-media");
      expect(JSON.parse(live.body)).toMatchObject({ source: "live", username: "wsl" });
      expect(JSON.parse(live.body).posts.length).toBeGreaterThan(0);
      const cached = await expectConforms(contract, seen, app, "/api/events/live-media");
      expect(
        (
          await expectConforms(contract, seen, app, "/api/events/live-media", {
            headers: { "if-none-match": cached.headers.get("etag")! },
          })
        ).status,
      ).toBe(304);
    },
  );
});

describe("errors of the social endpoints", () => {
  for (const template of ["/api/events/live-media", "/api/social/feed", "/api/social/accounts"]) {
    it.skipIf(missing(template))(`${template}: 400 for a parameter, 405 for POST`, async () => {
      const { app } = socialApp(null);
      expect((await expectConforms(contract, seen, app, `${template}?limit=5`)).status).toBe(400);
      expect((await expectConforms(contract, seen, app, template, { method: "POST" })).status).toBe(405);
    });
  }

  it("exercised every described status (but 500) of the endpoints the server has", () => {
    const unexercised: string[] = [];
    for (const template of ["/api/events/live-media", "/api/social/feed", "/api/social/accounts"].filter(
      (t) => !missing(t),
    )) {
      for (const status of Object.keys(contract.operation(template).responses)) {
        if (status !== "500" && !seen.get(template)?.has(Number(status))) unexercised.push(`${template} ${status}`);
      }
    }
    expect(unexercised).toEqual([]);
  });
});
