/**
 * What every social store must do, run against each (file-store.test.ts, redis-store.test.ts):
 * an empty start, updates seen by another instance on the same place, a failed update that
 * writes nothing, concurrent writers that lose nothing, no token stored, data of the wrong
 * shape read as empty and logged once, leases, and the shared backoff.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRedactor } from "../../runtime/redact.ts";
import { failedAccount } from "../../runtime/social/scoring.ts";
import type { SocialStore } from "../../runtime/social/store.ts";
import { emptyCache, type SocialCache } from "../../runtime/social/types.ts";
import { waitUntil } from "../helpers/wait.ts";

export interface StoreUnderTest {
  /** A place nobody has written yet (a file path, a key prefix). */
  freshPlace(): string;
  /** A store on `place`; each call is another instance, as another process would have. */
  open(place: string, options?: { log?: (message: string) => void; token?: string }): SocialStore;
  /** Puts this text where the store keeps the cache, bypassing the store. */
  writeRaw(place: string, text: string): Promise<void>;
  /** The text the store keeps, read bypassing the store. */
  readRaw(place: string): Promise<string>;
}

const withAccount = (name: string) => (cache: SocialCache) => ({
  ...cache,
  accounts: { ...cache.accounts, [name]: failedAccount(name, new Date(0)) },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function storeSuite(kind: string, under: () => StoreUnderTest): void {
  const opened: SocialStore[] = [];
  const open = (...args: Parameters<StoreUnderTest["open"]>) => {
    const store = under().open(...args);
    opened.push(store);
    return store;
  };

  describe(`the ${kind} store`, () => {
    afterAll(() => Promise.all(opened.map((store) => store.close())));

    it("reads a place nobody wrote as an empty cache", async () => {
      const store = open(under().freshPlace());
      expect(await store.read()).toEqual(emptyCache());
    });

    it("an update is read back, by this instance and by another on the same place", async () => {
      const place = under().freshPlace();
      const [a, b] = [open(place), open(place)];
      expect(await b.read()).toEqual(emptyCache());
      await a.update(withAccount("one"));
      expect(Object.keys((await a.read()).accounts)).toEqual(["one"]);
      expect(Object.keys((await b.read()).accounts)).toEqual(["one"]);
      await b.update(withAccount("two"));
      expect(Object.keys((await a.read()).accounts).sort()).toEqual(["one", "two"]);
    });

    it("a failed update writes nothing, and frees the lock", async () => {
      const place = under().freshPlace();
      const store = open(place);
      await store.update(withAccount("kept"));
      const before = await under().readRaw(place);
      await expect(
        store.update(() => {
          throw new Error("the refresh failed");
        }),
      ).rejects.toThrow("the refresh failed");
      expect(await under().readRaw(place)).toBe(before);
      await store.update(withAccount("after"), 500);
      expect(Object.keys((await store.read()).accounts).sort()).toEqual(["after", "kept"]);
    });

    it("two instances writing at once lose none of each other's updates", async () => {
      const place = under().freshPlace();
      const [a, b] = [open(place), open(place)];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => [a.update(withAccount(`a-${i}`)), b.update(withAccount(`b-${i}`))]).flat(),
      );
      const names = Object.keys((await open(place).read()).accounts);
      expect(names).toHaveLength(40);
    });

    it("never stores the token, and reads back what it stored", async () => {
      const token = "EAAB-SECRET-token-0123456789abcdef";
      const place = under().freshPlace();
      const store = open(place, { token });
      await store.update((cache) => ({
        ...cache,
        feed: { username: "x", fetchedAt: new Date(0).toISOString(), posts: [] },
        accounts: { [`leaked ${token}`]: failedAccount("x", new Date(0)) },
      }));
      expect(await under().readRaw(place)).not.toContain(token);
      expect(Object.keys((await store.read()).accounts)).toEqual(["leaked [redacted]"]);
    });

    it("data of the wrong shape reads as empty, logged once, and the next good write replaces it", async () => {
      const place = under().freshPlace();
      const logs: string[] = [];
      const store = open(place, { log: (message) => logs.push(message) });
      await under().writeRaw(place, '{"version":1,"feed":5,"accounts":{},"liveMedia":{}}');
      expect(await store.read()).toEqual(emptyCache());
      expect(await store.read()).toEqual(emptyCache());
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/is not of the cache's shape or version \(feed: /);
      await store.update(withAccount("good"));
      expect(Object.keys((await store.read()).accounts)).toEqual(["good"]);
    });

    it("a lease is held once until released or expired; a stale holder cannot release its successor's", async () => {
      const store = open(under().freshPlace());
      const first = await store.lease("feed", 10_000);
      expect(first).not.toBeNull();
      expect(await store.lease("feed", 10_000)).toBeNull();
      expect(await store.lease("other", 10_000)).not.toBeNull();
      await first!.release();
      const short = await store.lease("feed", 50);
      expect(short).not.toBeNull();
      await sleep(80);
      const successor = await store.lease("feed", 10_000);
      expect(successor).not.toBeNull();
      await short!.release(); // expired: must not free the successor's
      expect(await store.lease("feed", 10_000)).toBeNull();
    });

    it("shares the upstream backoff until it runs out, and clears it", async () => {
      const store = open(under().freshPlace());
      expect(await store.sharedBackoff()).toBeNull();
      // Seconds ahead, so that sharing and reading it back fit on any machine.
      const state = { failures: 2, until: Date.now() + 3_000 };
      await store.shareBackoff(state);
      expect(await store.sharedBackoff()).toEqual(state);
      await waitUntil("the shared backoff ran out", async () => (await store.sharedBackoff()) === null);
      expect(Date.now()).toBeGreaterThanOrEqual(state.until);
      await store.shareBackoff({ failures: 1, until: Date.now() + 60_000 });
      await store.shareBackoff(null);
      expect(await store.sharedBackoff()).toBeNull();
    });
  });
}

/** The redactor a store under test gets for `token`. */
export const redactorFor = (token?: string) => createRedactor([token]);
