/**
 * The `month` filter of the spot endpoints and the `stance` filter of the surfer endpoints
 * over the real catalog, against the spots' `best_months` and the surfers' `stance` read
 * here directly (decisions.md, "Month and stance filters").
 */
import { describe, expect, it } from "vitest";
import type { SpotEntry, SurferEntry } from "../../core/snapshot-format.ts";
import { entriesOf, testCatalog } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const catalog = testCatalog();
const allSpots = entriesOf<SpotEntry>(catalog.spots).map(({ spot }) => spot);
const allSurfers = entriesOf<SurferEntry>(catalog.surfers).map(({ surfer }) => surfer);

const NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Whether a `best_months` range (`Nov-Feb`) covers month m (1 for January), written the plain way. */
function covers(range: string | null, m: number): boolean {
  if (range === null) return false;
  const [from, to = from] = range.split("-").map((name) => NAMES.indexOf(name) + 1);
  return from <= to ? m >= from && m <= to : m >= from || m <= to;
}

const slugsOf = (body: { spots: { slug: string }[] }) => body.spots.map((spot) => spot.slug).sort();
const spotsIn = (...months: number[]) =>
  allSpots
    .filter((spot) => months.some((m) => covers(spot.best_months, m)))
    .map((spot) => spot.slug)
    .sort();

describeMatrix("the month and stance filters", (http) => {
  describe("month on the spot endpoints", () => {
    it("keeps the spots whose best months cover the month, by name or number, any case", async () => {
      const january = spotsIn(1);
      expect(january.length).toBeGreaterThan(10);
      for (const month of ["jan", "JAN", "Jan", "1", "01"]) {
        const listed: { slug: string }[] = [];
        for (let offset = 0; offset === 0 || offset < january.length; offset += 100) {
          const { status, body } = await http.getJson(`/api/spots?month=${month}&limit=100&offset=${offset}`);
          expect(status, month).toBe(200);
          expect(body.total, month).toBe(january.length);
          listed.push(...body.spots);
        }
        expect(slugsOf({ spots: listed }), month).toEqual(january);
      }
    });

    it("wraps the year: a Nov-Feb spot is in January and not in March", async () => {
      const wrapped = allSpots.find((spot) => spot.best_months === "Nov-Feb")!;
      expect(wrapped).toBeDefined();
      const slugs = async (path: string) => slugsOf((await http.getJson(`${path}&limit=100`)).body);
      const country = wrapped.country_code;
      expect(await slugs(`/api/spots?country=${country}&month=jan`)).toContain(wrapped.slug);
      expect(await slugs(`/api/spots?country=${country}&month=mar`)).not.toContain(wrapped.slug);
    });

    it("matches any of several months, and leaves out the spots without best months", async () => {
      const { body } = await http.getJson("/api/spots?month=jul,dec&limit=100");
      expect(body.total).toBe(spotsIn(7, 12).length);
      const every = await http.getJson(`/api/spots?month=${NAMES.join(",")}&limit=1`);
      const withMonths = allSpots.filter((spot) => spot.best_months !== null).length;
      expect(withMonths).toBeLessThan(allSpots.length);
      expect(every.body.total).toBe(withMonths);
    });

    it("filters the map and the meta the same, and counts a months facet", async () => {
      const markers = await http.getJson("/api/spots/map?month=aug");
      const located = allSpots.filter((spot) => covers(spot.best_months, 8) && spot.latitude !== null);
      expect(markers.body.spots.map((spot: { slug: string }) => spot.slug).sort()).toEqual(
        located.map((spot) => spot.slug).sort(),
      );
      const meta = await http.getJson("/api/spots/meta?month=aug");
      expect(meta.body.filtered_total).toBe(spotsIn(8).length);
      // Disjunctive: choosing August still counts every other month.
      const months = Object.fromEntries(
        meta.body.facets.months.map(({ value, count }: { value: string; count: number }) => [value, count]),
      );
      expect(months).toEqual(
        Object.fromEntries(
          NAMES.map((name, i) => [name.toLowerCase(), spotsIn(i + 1).length]).filter(([, count]) => count !== 0),
        ),
      );
      const portugal = await http.getJson("/api/spots/meta?country=PT&month=jan");
      expect(portugal.body.filtered_total).toBe(
        allSpots.filter((spot) => spot.country_code === "PT" && covers(spot.best_months, 1)).length,
      );
    });

    it("refuses a month it does not know, with the closest one or the rule", async () => {
      for (const [path, message] of [
        ["/api/spots?month=janu", "month has no value 'janu': did you mean 'jan'? It takes one of jan, feb,"],
        ["/api/spots/map?month=13", "month takes months as jan to dec or 1 to 12, several separated by commas"],
        ["/api/spots/meta?month=0", "month takes months as jan to dec or 1 to 12, several separated by commas"],
        ["/api/surfers?month=jan", "unknown parameter 'month'"],
      ]) {
        const { status, body } = await http.getJson(path);
        expect(status, path).toBe(400);
        expect(body.code, path).toBe("INVALID_QUERY");
        expect(body.error.startsWith(message), `${path}: ${body.error}`).toBe(true);
      }
    });

    it("keeps month in the Link headers of a page", async () => {
      const response = await http.fetch("/api/spots?month=jan&limit=3");
      expect(response.headers.get("link")).toContain('</api/spots?month=jan&limit=3&offset=3>; rel="next"');
    });
  });

  describe("stance on the surfer endpoints", () => {
    const goofy = allSurfers.filter((surfer) => surfer.stance === "goofy");

    it("keeps the surfers of a stance, ignoring case, and any of several", async () => {
      expect(goofy.length).toBeGreaterThan(0);
      for (const stance of ["goofy", "Goofy", "GOOFY"]) {
        const { body } = await http.getJson(`/api/surfers?stance=${stance}&limit=100`);
        expect(body.total, stance).toBe(goofy.length);
        expect(body.surfers.every((surfer: { stance: string }) => surfer.stance === "goofy")).toBe(true);
      }
      const both = await http.getJson("/api/surfers?stance=goofy,regular&limit=1");
      expect(both.body.total).toBe(allSurfers.filter((surfer) => surfer.stance !== null).length);
    });

    it("counts a stances facet, disjunctively", async () => {
      const { body } = await http.getJson("/api/surfers/meta?stance=goofy");
      expect(body.filtered_total).toBe(goofy.length);
      const stances = Object.fromEntries(
        body.facets.stances.map(({ value, count }: { value: string; count: number }) => [value, count]),
      );
      expect(stances).toEqual({
        goofy: goofy.length,
        regular: allSurfers.filter((surfer) => surfer.stance === "regular").length,
      });
    });

    it("refuses a stance it does not know, with the closest one", async () => {
      for (const [path, message] of [
        [
          "/api/surfers?stance=gofy",
          "stance has no value 'gofy': did you mean 'goofy'? It takes one of regular, goofy",
        ],
        ["/api/surfers/meta?stance=left", "stance has no value 'left'"],
        ["/api/spots?stance=goofy", "unknown parameter 'stance'"],
      ]) {
        const { status, body } = await http.getJson(path);
        expect(status, path).toBe(400);
        expect(body.error.startsWith(message), `${path}: ${body.error}`).toBe(true);
      }
    });

    it("keeps stance in the Link headers of a page", async () => {
      const response = await http.fetch("/api/surfers?stance=regular&limit=3");
      expect(response.headers.get("link")).toContain('</api/surfers?stance=regular&limit=3&offset=3>; rel="next"');
    });
  });
});
