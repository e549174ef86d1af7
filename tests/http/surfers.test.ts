/** The surfer endpoints over the real catalog. */
import { describe, expect, it } from "vitest";
import type { SurferEntry } from "../../core/snapshot-format.ts";
import { entriesOf, testCatalog } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const allSurfers = entriesOf<SurferEntry>(testCatalog().surfers).map(({ surfer }) => surfer);

describeMatrix("the surfer endpoints", (http) => {
  describe("GET /api/surfers", () => {
    it("returns surfers with every contract field, iconic first", async () => {
      const { status, body } = await http.getJson("/api/surfers?limit=3");
      expect(status).toBe(200);
      expect(body.total).toBe(allSurfers.length);
      expect(body.surfers[0].tier).toBe("iconic");
      for (const surfer of body.surfers) {
        expect(Object.keys(surfer).sort()).toEqual([
          "birth_year",
          "country_code",
          "death_year",
          "discipline",
          "era",
          "hero_image",
          "id",
          "name",
          "region",
          "slug",
          "stance",
          "summary",
          "tier",
        ]);
      }
    });

    it("filters by discipline and country, and searches names", async () => {
      const { body } = await http.getJson("/api/surfers?discipline=big-wave&country=US,PT&limit=100");
      expect(body.total).toBe(
        allSurfers.filter((s) => s.discipline === "big-wave" && ["US", "PT"].includes(s.country_code!)).length,
      );
      const search = await http.getJson("/api/surfers?q=slater");
      expect(search.body.surfers[0].slug).toBe("kelly-slater");
    });

    it("rejects the spot-only parameters", async () => {
      const { status, body } = await http.getJson("/api/surfers?wave_type=reef");
      expect(status).toBe(400);
      expect(body.code).toBe("INVALID_QUERY");
    });
  });

  describe("GET /api/surfers/meta", () => {
    it("returns the five facet lists", async () => {
      const { body } = await http.getJson("/api/surfers/meta?era=current");
      expect(Object.keys(body.facets).sort()).toEqual(["countries", "disciplines", "eras", "stances", "tiers"]);
      expect(body.filtered_total).toBe(allSurfers.filter((s) => s.era === "current").length);
      expect(body.facets.eras.find((entry: { value: string }) => entry.value === "pioneer").count).toBe(
        allSurfers.filter((s) => s.era === "pioneer").length,
      );
    });
  });

  describe("GET /api/surfers/{slug}", () => {
    it("returns the surfer with images and linked spots", async () => {
      const { body } = await http.getJson("/api/surfers/duke-kahanamoku");
      expect(body.surfer).toMatchObject({
        name: "Duke Kahanamoku",
        birth_year: 1890,
        death_year: 1968,
        country_code: "US",
      });
      expect(body.spots).toContainEqual({
        slug: "waikiki",
        name: expect.any(String),
        region: expect.any(String),
        country_code: "US",
        relation: "home break",
      });
      expect(body.images.length).toBeGreaterThan(0);
    });

    it("is 404 for an unknown surfer, and `meta` is the facets route", async () => {
      expect((await http.getJson("/api/surfers/nobody-at-all")).status).toBe(404);
      expect((await http.getJson("/api/surfers/meta")).body.filtered_total).toBe(allSurfers.length);
    });
  });
});
