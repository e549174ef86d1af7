/**
 * Quotes, clips and events through HTTP (app.request and the real server), with the clock
 * set by the test: both exits read `now`, which a test moves with `at(...)`.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { checkContentDir } from "../../build/pipeline.ts";
import { testCatalog } from "../helpers/app.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";
import { builtFixture } from "../helpers/fixture-snapshot.ts";
import { copyFixture, editFiles, FIXTURES } from "../helpers/fixtures.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const catalog = testCatalog();
const DEFAULT_NOW = "2026-11-21T12:00:00Z";
let clock = new Date(DEFAULT_NOW);
const at = (iso: string) => {
  clock = new Date(iso);
};
const now = () => clock;

/** The max-age of a Cache-Control value, which must otherwise be the usual one. */
function maxAgeOf(cacheControl: string | null): number {
  const match = /^public, max-age=(\d+), stale-while-revalidate=600, stale-if-error=86400$/.exec(cacheControl ?? "");
  if (!match) throw new Error(`unexpected Cache-Control: ${cacheControl}`);
  return Number(match[1]);
}
beforeEach(() => at(DEFAULT_NOW));

const minimal = await builtFixture(`${FIXTURES}/minimal`);
const unfeaturedDir = copyFixture("minimal");
editFiles(unfeaturedDir, { "quotes.csv": (text) => text.replace(",duke-kahanamoku,yes", ",duke-kahanamoku,no") });
const unfeatured = await builtFixture(unfeaturedDir);
afterAll(() => {
  minimal.remove();
  unfeatured.remove();
  rmSync(unfeaturedDir, { recursive: true, force: true });
});

describeMatrix(
  "quotes, clips and events",
  (http) => {
    describe("GET /api/quotes", () => {
      it("returns the whole wall in id order, with total", async () => {
        const { status, body } = await http.getJson("/api/quotes");
        expect(status).toBe(200);
        expect(body.total).toBe(catalog.snapshot.quotes.length);
        expect(body.quotes.map((quote: { slug: string }) => quote.slug)).toEqual(
          catalog.snapshot.quotes.map((entry) => entry.quote.slug),
        );
        for (const quote of body.quotes)
          expect(Object.keys(quote).sort()).toEqual([
            "author",
            "category",
            "credit",
            "slug",
            "sourceUrl",
            "surferSlug",
            "text",
          ]);
        expect(JSON.stringify(body)).not.toContain("featured");
      });

      it("filters by category and surfer, ignoring case, with several values", async () => {
        const { body } = await http.getJson("/api/quotes?category=BIG-WAVE,humour");
        expect(body.total).toBe(body.quotes.length);
        expect(
          body.quotes.every((quote: { category: string }) => ["big-wave", "humour"].includes(quote.category)),
        ).toBe(true);
        const bySurfer = await http.getJson("/api/quotes?surfer=laird-hamilton");
        expect(bySurfer.body.total).toBeGreaterThan(0);
        expect(
          bySurfer.body.quotes.every((quote: { surferSlug: string }) => quote.surferSlug === "laird-hamilton"),
        ).toBe(true);
      });

      it("is strict about its parameters", async () => {
        const { status, body } = await http.getJson("/api/quotes?categroy=ocean");
        expect(status).toBe(400);
        expect(body).toEqual({
          error: "unknown parameter 'categroy'; did you mean 'category'?",
          code: "INVALID_QUERY",
        });
      });
    });

    describe("GET /api/quotes/random", () => {
      it("is the same for every caller during a UTC day and changes at midnight", async () => {
        at("2027-01-01T00:00:00Z");
        const morning = await http.getJson("/api/quotes/random");
        at("2027-01-01T23:59:59.999Z");
        const evening = await http.getJson("/api/quotes/random");
        at("2027-01-02T00:00:00Z");
        const nextDay = await http.getJson("/api/quotes/random");
        expect(morning.status).toBe(200);
        expect(Object.keys(morning.body)).toEqual(["quote"]);
        expect(evening.body).toEqual(morning.body);
        expect(nextDay.body.quote.slug).not.toBe(morning.body.quote.slug);
        const featured = catalog.snapshot.quotes.filter((entry) => entry.featured).map((entry) => entry.quote.slug);
        expect(featured).toContain(morning.body.quote.slug);
      });

      it("serves each day's quote through one server whose clock moves (the cache keys on the day)", async () => {
        at("2027-03-01T23:59:00Z");
        const first = await http.getJson("/api/quotes/random");
        at("2027-03-02T00:01:00Z");
        const second = await http.getJson("/api/quotes/random");
        expect(second.body.quote.slug).not.toBe(first.body.quote.slug);
      });

      it("is cached until the next UTC midnight at most, its 304 too", async () => {
        const maxAge = (response: { headers: Headers }) => maxAgeOf(response.headers.get("cache-control"));
        at("2027-01-01T12:00:00Z");
        expect(maxAge(await http.getJson("/api/quotes/random"))).toBe(300);
        at("2027-01-01T23:58:20Z");
        const late = await http.fetch("/api/quotes/random");
        expect(maxAge(late)).toBe(100);
        const etag = late.headers.get("etag")!;
        at("2027-01-01T23:59:59.500Z");
        const notModified = await http.fetch("/api/quotes/random", { headers: { "if-none-match": etag } });
        expect(notModified.status).toBe(304);
        expect(maxAge(notModified)).toBe(0);
      });
    });

    describe("GET /api/clips", () => {
      it("lists featured clips first, then the newest, with public object-storage URLs", async () => {
        const { body } = await http.getJson("/api/clips");
        const clips = body.clips as {
          slug: string;
          featured: boolean;
          uploadDate: string;
          src: string;
          title: string;
        }[];
        expect(clips).toHaveLength(catalog.snapshot.clips.length);
        expect(clips.length).toBeGreaterThanOrEqual(12);
        for (let i = 1; i < clips.length; i++) {
          const [a, b] = [clips[i - 1], clips[i]];
          expect(Number(a.featured) >= Number(b.featured)).toBe(true);
          if (a.featured === b.featured) expect(a.uploadDate >= b.uploadDate).toBe(true);
        }
        for (const clip of clips) {
          expect(Object.keys(clip).sort()).toEqual(["featured", "slug", "src", "title", "uploadDate"]);
          expect(clip.src).toMatch(/^https:\/\/media\.test\.example\/clips\/.+\.mp4$/);
        }
      });

      it("orders equal dates by title", async () => {
        const fixture = await catalogFrom(`${FIXTURES}/minimal`);
        expect(fixture.snapshot.clips.map((clip) => clip.slug)).toEqual(["featured-clip", "new-clip", "old-clip"]);
      });
    });

    describe("GET /api/events", () => {
      it("lists the calendar by start date, then name, with total and a derived status", async () => {
        const { body } = await http.getJson("/api/events");
        expect(body.total).toBe(catalog.snapshot.events.length);
        const events = body.events as { startDate: string; name: string; status: string; results: unknown }[];
        for (let i = 1; i < events.length; i++) {
          const [a, b] = [events[i - 1], events[i]];
          expect(a.startDate < b.startDate || (a.startDate === b.startDate && a.name.localeCompare(b.name) <= 0)).toBe(
            true,
          );
        }
        for (const event of events) {
          expect(["upcoming", "live", "window-open", "completed"]).toContain(event.status);
          expect(Object.keys(event).sort()).toEqual([
            "country",
            "endDate",
            "location",
            "name",
            "org",
            "orgName",
            "provisional",
            "results",
            "slug",
            "sourceUrl",
            "spotSlug",
            "startDate",
            "status",
            "summary",
            "timeZone",
            "tour",
            "url",
            "windowType",
          ]);
        }
        // Provisional dates are marked as content marks them (absent is false), and their summaries say so.
        const marked = new Map(
          checkContentDir("content").content.events.map(({ record }) => [record.slug, record.provisional ?? false]),
        );
        for (const event of body.events as { slug: string; provisional: boolean; summary: string | null }[]) {
          expect(event.provisional, event.slug).toBe(marked.get(event.slug));
          expect(/provisional/i.test(event.summary ?? ""), event.slug).toBe(event.provisional);
        }
        expect(body.events.filter((event: { provisional: boolean }) => event.provisional).length).toBeGreaterThan(0);
        // Each event says the zone its status is reckoned in: the one content gives it.
        for (const [i, event] of (body.events as { slug: string; timeZone: string }[]).entries()) {
          const entry = catalog.snapshot.events.find((candidate) => candidate.event.slug === event.slug)!;
          expect(event.timeZone, `event ${i}`).toBe(entry.timeZone);
          expect(Intl.supportedValuesOf("timeZone").includes(event.timeZone) || event.timeZone === "UTC").toBe(true);
        }
      });

      it("derives status from the clock it is given", async () => {
        const statusOf = async (iso: string, slug: string) => {
          at(iso);
          return (await http.getJson("/api/events")).body.events.find((event: { slug: string }) => event.slug === slug)
            .status;
        };
        const eddie = catalog.snapshot.events.find((entry) => entry.event.slug.startsWith("eddie-aikau"))!.event;
        expect(await statusOf("2026-06-01T00:00:00Z", eddie.slug)).toBe("upcoming");
        expect(await statusOf(`${eddie.startDate}T12:00:00Z`, eddie.slug)).toBe("window-open");
        expect(await statusOf("2029-01-01T00:00:00Z", eddie.slug)).toBe("completed");
      });

      it("filters by org, tour, year and status", async () => {
        at("2027-01-10T00:00:00Z");
        const { body } = await http.getJson(
          "/api/events?org=WSL&tour=championship-tour,big-wave&year=2027&status=upcoming,window-open",
        );
        expect(body.total).toBe(body.events.length);
        expect(body.total).toBeGreaterThan(0);
        for (const event of body.events) {
          expect(event.org).toBe("wsl");
          expect(["championship-tour", "big-wave"]).toContain(event.tour);
          expect(event.startDate.startsWith("2027-")).toBe(true);
          expect(["upcoming", "window-open"]).toContain(event.status);
        }
      });

      it.each([
        ["year=27", "year must be a year of four digits, like 2027; got '27'"],
        ["year=2027.0", "year must be a year of four digits, like 2027; got '2027.0'"],
        [
          "status=finished",
          "status has no value 'finished'. It takes one of upcoming, live, window-open, completed, " +
            "several separated by commas",
        ],
      ])("?%s is 400", async (query, message) => {
        const { status, body } = await http.getJson(`/api/events?${query}`);
        expect(status).toBe(400);
        expect(body).toEqual({ error: message, code: "INVALID_QUERY" });
      });
    });
  },
  { now },
);

describeMatrix(
  "events of the minimal fixture",
  (http) => {
    it("gives results as null when none are recorded, else a podium linked to catalog surfers", async () => {
      at("2027-03-01T00:00:00Z");
      const { body } = await http.getJson("/api/events");
      const [eddie, pipe] = body.events;
      expect(eddie.results).toBeNull();
      expect(pipe.results).toEqual({
        men: [
          { place: 1, name: "Gerry Lopez", surferSlug: "gerry-lopez" },
          { place: 2, name: "Someone Else", surferSlug: null },
        ],
        women: [],
      });
      expect(pipe.orgName).toBe("World Surf League");
    });

    it("is cached until the next status change of an event it could hold, at most 300 s", async () => {
      const maxAge = async (path: string) => maxAgeOf((await http.fetch(path)).headers.get("cache-control"));
      // The Eddie opens at midnight in Honolulu (10:00 UTC) on 2026-12-15, and is live on 2027-01-22 only.
      at("2026-12-01T00:00:00Z");
      expect(await maxAge("/api/events")).toBe(300);
      at("2026-12-15T09:58:00Z");
      expect(await maxAge("/api/events")).toBe(120);
      at("2026-12-15T09:59:59.500Z");
      expect(await maxAge("/api/events")).toBe(0);
      at("2027-01-22T09:57:00.250Z");
      expect(await maxAge("/api/events")).toBe(179);
      // The live list is empty now, but the Eddie joins it at 10:00 UTC; the WSL's list does not change.
      const live = await http.getJson("/api/events?status=live");
      expect(live.body.total).toBe(0);
      expect(maxAgeOf(live.headers.get("cache-control"))).toBe(179);
      expect(await maxAge("/api/events?org=wsl")).toBe(300);
      // The day after its called-on day it is window-open again.
      at("2027-01-23T09:56:40Z");
      expect(await maxAge("/api/events?org=eddie")).toBe(200);
    });

    it("changes its answer when a status changes, through one server whose clock moves", async () => {
      at("2026-12-15T09:59:59Z");
      expect((await http.getJson("/api/events")).body.events[0].status).toBe("upcoming");
      at("2026-12-15T10:00:00Z");
      expect((await http.getJson("/api/events")).body.events[0].status).toBe("window-open");
    });
  },
  { now, snapshotPath: minimal.snapshotPath },
);

describeMatrix(
  "a catalog with no featured quote",
  (http) => {
    it("answers /api/quotes/random with 404 NOT_FOUND", async () => {
      at("2027-01-01T00:00:00Z");
      const { status, body } = await http.getJson("/api/quotes/random");
      expect(status).toBe(404);
      expect(body).toEqual({
        error: "there is no Quote of the Day: no quote is featured in the catalog",
        code: "NOT_FOUND",
      });
    });
  },
  { now, snapshotPath: unfeatured.snapshotPath },
);
