/** The spot endpoints over the real catalog. */
import { describe, expect, it } from "vitest";
import type { SpotEntry } from "../../core/snapshot-format.ts";
import { entryAt } from "../../runtime/snapshot.ts";
import { entriesOf, getJson, testApp, testCatalog } from "../helpers/app.ts";

const app = testApp();
const catalog = testCatalog();
const allSpots = entriesOf<SpotEntry>(catalog.spots).map(({ spot }) => spot);

const SPOT_FIELDS = [
  "id",
  "slug",
  "name",
  "country_code",
  "region",
  "latitude",
  "longitude",
  "summary",
  "wave_type",
  "skill_level",
  "best_months",
  "tier",
  "created_at",
  "updated_at",
  "hero_image",
  "hero_qa_tier",
].sort();

const BBOX_RULE = "bbox must be min_lat,min_lng,max_lat,max_lng in decimal degrees, like 36,-10,44,4";

describe("GET /api/spots", () => {
  it("returns a page of spots with every contract field, and the total over all pages", async () => {
    const { status, body } = await getJson(app, "/api/spots?limit=5&offset=2");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["limit", "offset", "spots", "total"]);
    expect(body).toMatchObject({ total: allSpots.length, limit: 5, offset: 2 });
    expect(body.spots).toHaveLength(5);
    for (const spot of body.spots) expect(Object.keys(spot).sort()).toEqual(SPOT_FIELDS);
  });

  it("orders iconic, then regional, then the rest, each by name", async () => {
    const spots = [];
    for (let offset = 0; offset < allSpots.length; offset += 100) {
      spots.push(...(await getJson(app, `/api/spots?limit=100&offset=${offset}`)).body.spots);
    }
    expect(spots).toHaveLength(allSpots.length);
    const rank = (tier: string | null) => (tier === "iconic" ? 0 : tier === "regional" ? 1 : 2);
    for (let i = 1; i < spots.length; i++) {
      const [a, b] = [spots[i - 1], spots[i]];
      expect(rank(a.tier) <= rank(b.tier), `${a.slug} before ${b.slug}`).toBe(true);
      if (rank(a.tier) === rank(b.tier))
        expect(a.name.localeCompare(b.name, "en", { sensitivity: "base" }) <= 0, `${a.name} before ${b.name}`).toBe(
          true,
        );
    }
    expect(spots[0].tier).toBe("iconic");
  });

  it("filters on several countries at once (OR within a field)", async () => {
    const { body } = await getJson(app, "/api/spots?country=PT,ES&limit=100");
    expect(body.total).toBe(allSpots.filter((spot) => ["PT", "ES"].includes(spot.country_code!)).length);
    expect(new Set(body.spots.map((spot: { country_code: string }) => spot.country_code))).toEqual(
      new Set(["PT", "ES"]),
    );
  });

  it("matches filters on the whole value, ignoring case and accents", async () => {
    const region = allSpots.find((spot) => spot.region && /[^\p{ASCII}]/u.test(spot.region))?.region ?? "Leiria";
    const folded = region
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase();
    const { body } = await getJson(app, `/api/spots?region=${encodeURIComponent(folded)}&limit=100`);
    expect(body.total).toBeGreaterThan(0);
    expect(body.spots.every((spot: { region: string }) => spot.region === region)).toBe(true);
    const partial = await getJson(app, `/api/spots?region=${encodeURIComponent(region.slice(0, -1))}`);
    expect(partial.body.total).toBe(allSpots.filter((spot) => spot.region === region.slice(0, -1)).length);
  });

  it("combines different filters with AND", async () => {
    const { body } = await getJson(app, "/api/spots?country=US&wave_type=reef&tier=iconic&limit=100");
    const expected = allSpots.filter(
      (spot) => spot.country_code === "US" && spot.wave_type === "reef" && spot.tier === "iconic",
    );
    expect(body.spots.map((spot: { slug: string }) => spot.slug)).toEqual(expected.map((spot) => spot.slug));
    expect(body.spots.map((spot: { slug: string }) => spot.slug)).toContain("pipeline");
  });

  it("filters by tag slug", async () => {
    const { body } = await getJson(app, "/api/spots?tag=big-wave&limit=100");
    expect(body.spots.map((spot: { slug: string }) => spot.slug)).toEqual(
      expect.arrayContaining(["nazare", "mavericks", "jaws", "waimea-bay"]),
    );
    for (const spot of body.spots) {
      const detail = entryAt<SpotEntry>(catalog.spots, catalog.spots.positionBySlug.get(spot.slug)!);
      expect(detail.tags.map((tag) => tag.name)).toContain("Big wave");
    }
  });

  it("answers a well-formed value that matches nothing with an empty page, not an error", async () => {
    const { status, body } = await getJson(app, "/api/spots?country=AQ");
    expect(status).toBe(200);
    expect(body).toEqual({ spots: [], total: 0, limit: 20, offset: 0 });
  });

  it.each([
    ["nazare", "nazare"],
    ["teahupoo", "teahupoo"],
    ["teahupo'o", "teahupoo"],
    ["pipe", "pipeline"],
    ["peahi", "jaws"],
    ["mavericks", "mavericks"],
  ])("q=%s ranks %s first", async (q, slug) => {
    const { body } = await getJson(app, `/api/spots?q=${encodeURIComponent(q)}`);
    expect(body.spots[0].slug).toBe(slug);
  });

  it("q=portugal finds spots by country name, within the other filters", async () => {
    const { body } = await getJson(app, "/api/spots?q=portugal&wave_type=reef&limit=100");
    expect(body.total).toBeGreaterThan(0);
    expect(
      body.spots.every(
        (spot: { country_code: string; wave_type: string }) => spot.country_code === "PT" && spot.wave_type === "reef",
      ),
    ).toBe(true);
  });

  it("treats a q with no word characters as absent", async () => {
    expect((await getJson(app, "/api/spots?q=%27%27--")).body).toEqual((await getJson(app, "/api/spots")).body);
  });
});

describe("GET /api/spots/map", () => {
  it("returns markers with exactly the marker fields, for the spots that have coordinates", async () => {
    const { body } = await getJson(app, "/api/spots/map");
    expect(Object.keys(body)).toEqual(["spots"]);
    expect(body.spots).toHaveLength(allSpots.filter((spot) => spot.latitude !== null).length);
    for (const marker of body.spots)
      expect(Object.keys(marker).sort()).toEqual([
        "hero_image",
        "hero_qa_tier",
        "lat",
        "lng",
        "name",
        "slug",
        "summary",
      ]);
  });

  it("keeps to the bbox, in list order", async () => {
    const { body } = await getJson(app, "/api/spots/map?bbox=36.9,-9.6,42.2,-6.2");
    const inBox = allSpots.filter(
      (spot) =>
        spot.latitude !== null &&
        spot.latitude >= 36.9 &&
        spot.latitude <= 42.2 &&
        spot.longitude! >= -9.6 &&
        spot.longitude! <= -6.2,
    );
    expect(body.spots.map((marker: { slug: string }) => marker.slug)).toEqual(inBox.map((spot) => spot.slug));
    expect(body.spots.map((marker: { slug: string }) => marker.slug)).toContain("nazare");
  });

  it("crosses the antimeridian when min_lng > max_lng: Fiji and Samoa/Tonga together", async () => {
    const { body } = await getJson(app, "/api/spots/map?bbox=-25,170,-10,-170");
    const slugs = body.spots.map((marker: { slug: string }) => marker.slug);
    expect(slugs).toEqual(expect.arrayContaining(["cloudbreak", "salani", "haatafu"]));
    expect(body.spots.some((marker: { lng: number }) => marker.lng > 0)).toBe(true);
    expect(body.spots.some((marker: { lng: number }) => marker.lng < 0)).toBe(true);
  });

  it.each([
    ["1,2,3", `${BBOX_RULE}; got '1,2,3'`],
    ["a,b,c,d", `${BBOX_RULE}; got 'a,b,c,d'`],
    ["NaN,0,1,1", `${BBOX_RULE}; got 'NaN,0,1,1'`],
    ["0,0,Infinity,1", `${BBOX_RULE}; got '0,0,Infinity,1'`],
    ["1e1,0,20,1", `${BBOX_RULE}; got '1e1,0,20,1'`],
    ["-91,0,0,1", `${BBOX_RULE}; min_lat -91 is outside [-90, 90]`],
    ["0,0,1,181", `${BBOX_RULE}; max_lng 181 is outside [-180, 180]`],
    ["10,0,5,1", `${BBOX_RULE}; min_lat 10 is greater than max_lat 5`],
  ])("bbox=%s is 400", async (value, message) => {
    const { status, body } = await getJson(app, `/api/spots/map?bbox=${value}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message, code: "INVALID_QUERY" });
  });

  it("does not take limit or offset: the map is not paginated", async () => {
    const { status, body } = await getJson(app, "/api/spots/map?limit=5");
    expect(status).toBe(400);
    expect(body.error).toMatch(/^unknown parameter 'limit'/);
  });
});

describe("GET /api/spots/meta", () => {
  it("returns filtered_total and the six facet lists, counts descending then value", async () => {
    const { body } = await getJson(app, "/api/spots/meta");
    expect(body.filtered_total).toBe(allSpots.length);
    expect(Object.keys(body.facets).sort()).toEqual([
      "countries",
      "regions",
      "skillLevels",
      "tags",
      "tiers",
      "waveTypes",
    ]);
    for (const list of Object.values(body.facets) as { value: string; count: number }[][]) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1].count >= list[i].count).toBe(true);
    }
    expect(body.facets.tiers.find((entry: { value: string }) => entry.value === "iconic").count).toBe(
      allSpots.filter((spot) => spot.tier === "iconic").length,
    );
  });

  it("is disjunctive: choosing a country still counts every other country", async () => {
    const all = (await getJson(app, "/api/spots/meta")).body;
    const picked = (await getJson(app, "/api/spots/meta?country=PT")).body;
    expect(picked.filtered_total).toBe(allSpots.filter((spot) => spot.country_code === "PT").length);
    expect(picked.facets.countries).toEqual(all.facets.countries);
    const portugueseReefs = allSpots.filter((spot) => spot.country_code === "PT" && spot.wave_type === "reef").length;
    expect(picked.facets.waveTypes.find((entry: { value: string }) => entry.value === "reef")?.count ?? 0).toBe(
      portugueseReefs,
    );
  });

  it("always lists a selected value, with 0 when nothing matches", async () => {
    const { body } = await getJson(app, "/api/spots/meta?country=AQ&wave_type=reef");
    expect(body.filtered_total).toBe(0);
    expect(body.facets.countries).toContainEqual({ value: "AQ", count: 0 });
    // reef is counted within country=AQ (disjunctive: every filter but its own field), so 0, yet listed.
    expect(body.facets.waveTypes).toEqual([{ value: "reef", count: 0 }]);
  });
});

describe("GET /api/spots/{slug}", () => {
  it("returns the spot with its images, tags and linked surfers", async () => {
    const { status, body } = await getJson(app, "/api/spots/pipeline");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["images", "spot", "surfers", "tags"]);
    expect(body.spot).toMatchObject({ slug: "pipeline", name: "Banzai Pipeline", country_code: "US" });
    expect(body.spot.hero_image).toBe(body.images[0].url);
    expect(body.images[0].url).toMatch(/^https:\/\/media\.test\.example\/spots\/pipeline\//);
    for (const image of body.images)
      expect(Object.keys(image).sort()).toEqual(["alt_text", "credit", "id", "sort_order", "url"]);
    for (const tag of body.tags) expect(Object.keys(tag).sort()).toEqual(["id", "name"]);
    expect(body.surfers.map((surfer: { slug: string }) => surfer.slug)).toContain("gerry-lopez");
    for (const surfer of body.surfers) expect(Object.keys(surfer).sort()).toEqual(["name", "relation", "slug"]);
  });

  it("is 404 NOT_FOUND for a slug that does not exist", async () => {
    const { status, body } = await getJson(app, "/api/spots/atlantis");
    expect(status).toBe(404);
    expect(body).toEqual({ error: "no spot with slug 'atlantis'; GET /api/spots lists them", code: "NOT_FOUND" });
  });
});
