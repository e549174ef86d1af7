/** The spot endpoints over the real catalog. */
import { describe, expect, it } from "vitest";
import { checkContentDir } from "../../build/pipeline.ts";
import type { SpotEntry } from "../../core/snapshot-format.ts";
import { distanceKm } from "../../core/sphere.ts";
import { entryAt } from "../../runtime/snapshot.ts";
import { entriesOf, testCatalog } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

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
  "location_precision",
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

describeMatrix("the spot endpoints", (http) => {
  describe("GET /api/spots", () => {
    it("returns a page of spots with every contract field, and the total over all pages", async () => {
      const { status, body } = await http.getJson("/api/spots?limit=5&offset=2");
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(["limit", "offset", "spots", "total"]);
      expect(body).toMatchObject({ total: allSpots.length, limit: 5, offset: 2 });
      expect(body.spots).toHaveLength(5);
      for (const spot of body.spots) expect(Object.keys(spot).sort()).toEqual(SPOT_FIELDS);
    });

    it("orders iconic, then regional, then the rest, each by name", async () => {
      const spots = [];
      for (let offset = 0; offset < allSpots.length; offset += 100) {
        spots.push(...(await http.getJson(`/api/spots?limit=100&offset=${offset}`)).body.spots);
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
      const { body } = await http.getJson("/api/spots?country=PT,ES&limit=100");
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
      const { body } = await http.getJson(`/api/spots?region=${encodeURIComponent(folded)}&limit=100`);
      expect(body.total).toBeGreaterThan(0);
      expect(body.spots.every((spot: { region: string }) => spot.region === region)).toBe(true);
      const partial = await http.getJson(`/api/spots?region=${encodeURIComponent(region.slice(0, -1))}`);
      expect(partial.body.total).toBe(allSpots.filter((spot) => spot.region === region.slice(0, -1)).length);
    });

    it("combines different filters with AND", async () => {
      const { body } = await http.getJson("/api/spots?country=US&wave_type=reef&tier=iconic&limit=100");
      const expected = allSpots.filter(
        (spot) => spot.country_code === "US" && spot.wave_type === "reef" && spot.tier === "iconic",
      );
      expect(body.spots.map((spot: { slug: string }) => spot.slug)).toEqual(expected.map((spot) => spot.slug));
      expect(body.spots.map((spot: { slug: string }) => spot.slug)).toContain("pipeline");
    });

    it("filters by tag slug", async () => {
      const { body } = await http.getJson("/api/spots?tag=big-wave&limit=100");
      expect(body.spots.map((spot: { slug: string }) => spot.slug)).toEqual(
        expect.arrayContaining(["nazare", "mavericks", "jaws", "waimea-bay"]),
      );
      for (const spot of body.spots) {
        const detail = entryAt<SpotEntry>(catalog.spots, catalog.spots.positionBySlug.get(spot.slug)!);
        expect(detail.tags.map((tag) => tag.name)).toContain("Big wave");
      }
    });

    it("answers a well-formed value that matches nothing with an empty page, not an error", async () => {
      const { status, body } = await http.getJson("/api/spots?country=AQ");
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
      const { body } = await http.getJson(`/api/spots?q=${encodeURIComponent(q)}`);
      expect(body.spots[0].slug).toBe(slug);
    });

    it("q=portugal finds spots by country name, within the other filters", async () => {
      const { body } = await http.getJson("/api/spots?q=portugal&wave_type=reef&limit=100");
      expect(body.total).toBeGreaterThan(0);
      expect(
        body.spots.every(
          (spot: { country_code: string; wave_type: string }) =>
            spot.country_code === "PT" && spot.wave_type === "reef",
        ),
      ).toBe(true);
    });

    it("treats a q with no word characters as absent", async () => {
      expect((await http.getJson("/api/spots?q=%27%27--")).body).toEqual((await http.getJson("/api/spots")).body);
    });
  });

  describe("GET /api/spots/map", () => {
    it("returns markers with exactly the marker fields, for the spots that have coordinates", async () => {
      const { body } = await http.getJson("/api/spots/map");
      expect(Object.keys(body)).toEqual(["spots"]);
      expect(body.spots).toHaveLength(allSpots.filter((spot) => spot.latitude !== null).length);
      for (const marker of body.spots)
        expect(Object.keys(marker).sort()).toEqual([
          "hero_image",
          "hero_qa_tier",
          "lat",
          "lng",
          "location_precision",
          "name",
          "slug",
          "summary",
          "tier",
          "wave_type",
        ]);
    });

    it("gives each spot and its marker the location_precision of its row; null without coordinates", async () => {
      const rows = checkContentDir("content").content.spots.map(({ record }) => record);
      const spots = [];
      for (let offset = 0; offset < allSpots.length; offset += 100) {
        spots.push(...(await http.getJson(`/api/spots?limit=100&offset=${offset}`)).body.spots);
      }
      const listed = new Map(
        spots.map((spot: { slug: string; location_precision: string | null }) => [spot.slug, spot]),
      );
      const { body } = await http.getJson("/api/spots/map");
      const markers = new Map(body.spots.map((marker: { slug: string }) => [marker.slug, marker]));
      expect(listed.size).toBe(rows.length);
      for (const row of rows) {
        expect(listed.get(row.slug)?.location_precision, row.slug).toBe(row.location_precision);
        expect(row.location_precision === null, row.slug).toBe(row.latitude === null);
        if (row.location_precision !== null)
          expect(markers.get(row.slug), row.slug).toMatchObject({ location_precision: row.location_precision });
      }
      const detail = await http.getJson("/api/spots/pipeline");
      expect(detail.body.spot.location_precision).toBe(rows.find((row) => row.slug === "pipeline")?.location_precision);
    });

    it("keeps to the bbox, in list order", async () => {
      const { body } = await http.getJson("/api/spots/map?bbox=36.9,-9.6,42.2,-6.2");
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
      const { body } = await http.getJson("/api/spots/map?bbox=-25,170,-10,-170");
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
      ["0,0,91,1", `${BBOX_RULE}; max_lat 91 is outside [-90, 90]`],
      [`0,0,1,1${"0".repeat(400)}`, `${BBOX_RULE}; got '0,0,1,1${"0".repeat(33)}...'`],
      ["10,0,5,1", `${BBOX_RULE}; min_lat 10 is greater than max_lat 5`],
    ])("bbox=%s is 400", async (value, message) => {
      const { status, body } = await http.getJson(`/api/spots/map?bbox=${value}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: message, code: "INVALID_QUERY" });
    });

    it("wraps longitudes past ±180, as a map panned round the world gives them", async () => {
      const slugs = async (bbox: string) =>
        (await http.getJson(`/api/spots/map?bbox=${bbox}`)).body.spots.map((marker: { slug: string }) => marker.slug);
      const fijiToSamoa = await slugs("-25,170,-10,-170");
      expect(await slugs("-25,530,-10,550")).toEqual(fijiToSamoa);
      expect(await slugs("-25,170,-10,190")).toEqual(fijiToSamoa);
      expect(await slugs("-25,-190,-10,-170")).toEqual(fijiToSamoa);
      const everywhere = (await http.getJson("/api/spots/map")).body.spots.length;
      expect(await slugs("-90,-200,90,160")).toHaveLength(everywhere);
    });

    it("does not take limit or offset: the map is not paginated", async () => {
      const { status, body } = await http.getJson("/api/spots/map?limit=5");
      expect(status).toBe(400);
      expect(body.error).toMatch(/^unknown parameter 'limit'/);
    });
  });

  describe("GET /api/spots/meta", () => {
    it("returns filtered_total and the seven facet lists, counts descending then value", async () => {
      const { body } = await http.getJson("/api/spots/meta");
      expect(body.filtered_total).toBe(allSpots.length);
      expect(Object.keys(body.facets).sort()).toEqual([
        "countries",
        "months",
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
      const all = (await http.getJson("/api/spots/meta")).body;
      const picked = (await http.getJson("/api/spots/meta?country=PT")).body;
      expect(picked.filtered_total).toBe(allSpots.filter((spot) => spot.country_code === "PT").length);
      expect(picked.facets.countries).toEqual(all.facets.countries);
      const portugueseReefs = allSpots.filter((spot) => spot.country_code === "PT" && spot.wave_type === "reef").length;
      expect(picked.facets.waveTypes.find((entry: { value: string }) => entry.value === "reef")?.count ?? 0).toBe(
        portugueseReefs,
      );
    });

    it("always lists a selected value, with 0 when nothing matches", async () => {
      const { body } = await http.getJson("/api/spots/meta?country=AQ&wave_type=reef");
      expect(body.filtered_total).toBe(0);
      expect(body.facets.countries).toContainEqual({ value: "AQ", count: 0 });
      // reef is counted within country=AQ (disjunctive: every filter but its own field), so 0, yet listed.
      expect(body.facets.waveTypes).toEqual([{ value: "reef", count: 0 }]);
    });
  });

  describe("GET /api/spots/{slug}", () => {
    it("returns the spot with its images, tags and linked surfers", async () => {
      const { status, body } = await http.getJson("/api/spots/pipeline");
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(["images", "spot", "surfers", "tags"]);
      expect(body.spot).toMatchObject({ slug: "pipeline", name: "Banzai Pipeline", country_code: "US" });
      expect(body.spot.hero_image).toBe(body.images[0].url);
      expect(body.images[0].url).toMatch(/^https:\/\/media\.test\.example\/spots\/pipeline\//);
      for (const image of body.images)
        expect(Object.keys(image).sort()).toEqual(["alt_text", "credit", "id", "sort_order", "url"]);
      for (const tag of body.tags) expect(Object.keys(tag).sort()).toEqual(["id", "name", "slug"]);
      expect(body.surfers.map((surfer: { slug: string }) => surfer.slug)).toContain("gerry-lopez");
      for (const surfer of body.surfers) expect(Object.keys(surfer).sort()).toEqual(["name", "relation", "slug"]);
    });

    it("is 404 NOT_FOUND for a slug that does not exist", async () => {
      const { status, body } = await http.getJson("/api/spots/atlantis");
      expect(status).toBe(404);
      expect(body).toEqual({ error: "no spot with slug 'atlantis'; GET /api/spots lists them", code: "NOT_FOUND" });
    });
  });

  describe("near me, this area, clusters", () => {
    type Listed = { slug: string; distance_km: number | null };
    const NEAR_RULE = "near must be lat,lng in decimal degrees, like 38.7,-9.4";

    it("near=38.7,-9.4&radius_km=50 lists the Lisbon coast nearest first, with distances to 0.1 km", async () => {
      const { status, body } = await http.getJson("/api/spots?near=38.7,-9.4&radius_km=50");
      expect(status).toBe(200);
      const within = allSpots
        .filter((spot) => spot.latitude !== null && distanceKm(38.7, -9.4, spot.latitude, spot.longitude!) <= 50)
        .map((spot) => spot.slug);
      expect(within).toContain("coxos");
      expect(body.spots.map((spot: Listed) => spot.slug).sort()).toEqual([...within].sort());
      expect(body.spots[0].slug).toBe("carcavelos");
      expect(body.total).toBe(within.length);
      const distances = body.spots.map((spot: Listed) => spot.distance_km);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const km of distances) expect(Math.round(km * 10) / 10).toBe(km);
      expect(distances[0]).toBeGreaterThan(5);
      expect(distances[0]).toBeLessThan(7);
    });

    it("near without a radius orders every spot, those without coordinates last with distance_km null", async () => {
      // The last page: the spots without coordinates end the list.
      const { body } = await http.getJson(`/api/spots?near=38.7,-9.4&limit=100&offset=${allSpots.length - 100}`);
      expect(body.total).toBe(allSpots.length);
      const unlocated = allSpots.filter((spot) => spot.latitude === null).map((spot) => spot.slug);
      const tail = body.spots.slice(-Math.min(unlocated.length, body.spots.length));
      for (const spot of tail) expect(spot.distance_km).toBeNull();
      expect(tail.every((spot: Listed) => unlocated.includes(spot.slug))).toBe(true);
    });

    it("near on the map gives each marker its distance; the facets of a radius count only what it holds", async () => {
      const map = (await http.getJson("/api/spots/map?near=38.7,-9.4&radius_km=150")).body;
      expect(map.spots.map((marker: Listed) => marker.slug)).toContain("nazare");
      expect(map.spots.every((marker: Listed) => typeof marker.distance_km === "number")).toBe(true);
      const meta = (await http.getJson("/api/spots/meta?near=38.7,-9.4&radius_km=150")).body;
      expect(meta.filtered_total).toBe(map.spots.length);
      expect(meta.facets.countries).toEqual([{ value: "PT", count: map.spots.length }]);
    });

    it("bbox on the list and the meta: search this area, paginated, with its counts", async () => {
      const box = "36.9,-9.6,42.2,-6.2";
      const markers = (await http.getJson(`/api/spots/map?bbox=${box}`)).body.spots;
      const page = (await http.getJson(`/api/spots?bbox=${box}&limit=2&offset=1`)).body;
      expect(page.total).toBe(markers.length);
      expect(page.spots.map((spot: Listed) => spot.slug)).toEqual(
        markers.slice(1, 3).map((marker: Listed) => marker.slug),
      );
      expect((await http.getJson(`/api/spots/meta?bbox=${box}`)).body.filtered_total).toBe(markers.length);
    });

    it("zoom clusters the markers: lone markers and clusters add up to the unclustered map", async () => {
      const all = (await http.getJson("/api/spots/map")).body.spots;
      const { body } = await http.getJson("/api/spots/map?zoom=2");
      expect(Object.keys(body)).toEqual(["spots", "clusters"]);
      expect(body.clusters.length).toBeGreaterThan(0);
      const clustered = body.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0);
      expect(body.spots.length + clustered).toBe(all.length);
      for (const cluster of body.clusters) {
        expect(Object.keys(cluster)).toEqual(["lat", "lng", "count", "expansion_zoom"]);
        expect(cluster.expansion_zoom).toBeGreaterThan(2);
      }
      const far = (await http.getJson("/api/spots/map?zoom=20")).body;
      expect(far).toEqual({ spots: all, clusters: [] });
    });

    it.each([
      ["near=38.7", `${NEAR_RULE}; got '38.7'`],
      ["near=38.7,-9.4,3", `${NEAR_RULE}; got '38.7,-9.4,3'`],
      ["near=lisbon", `${NEAR_RULE}; got 'lisbon'`],
      ["near=91,0", `${NEAR_RULE}; latitude 91 is outside [-90, 90]`],
      ["radius_km=50", "radius_km needs near=lat,lng, the point to measure from; add near or leave radius_km out"],
      ["near=0,0&radius_km=0", "radius_km must be a distance in km greater than 0 and at most 20000, like 50; got '0'"],
      [
        "near=0,0&radius_km=20001",
        "radius_km must be a distance in km greater than 0 and at most 20000, like 50; got '20001'",
      ],
      [
        "near=0,0&radius_km=-5",
        "radius_km must be a distance in km greater than 0 and at most 20000, like 50; got '-5'",
      ],
    ])("/api/spots?%s is 400 with a message that says what to send", async (query, message) => {
      for (const path of ["/api/spots", "/api/spots/map", "/api/spots/meta"]) {
        const { status, body } = await http.getJson(`${path}?${query}`);
        expect(status, path).toBe(400);
        expect(body).toEqual({ error: message, code: "INVALID_QUERY" });
      }
    });

    it.each(["2.5", "21", "-1", "two", "1e1"])("zoom=%s is 400", async (zoom) => {
      const { status, body } = await http.getJson(`/api/spots/map?zoom=${zoom}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        error: `zoom must be a whole number from 0 to 20, a map's zoom level; got '${zoom}'`,
        code: "INVALID_QUERY",
      });
    });

    it("zoom is the map's alone: the list does not take it", async () => {
      const { status, body } = await http.getJson("/api/spots?zoom=2");
      expect(status).toBe(400);
      expect(body.error).toMatch(/^unknown parameter 'zoom'/);
    });
  });

  describe("what a UI needs from the answers alone", () => {
    it("labels every tag facet, and links every detail tag to its filter", async () => {
      const { body } = await http.getJson("/api/spots/meta");
      expect(body.facets.tags.length).toBeGreaterThan(5);
      for (const tag of body.facets.tags) {
        expect(Object.keys(tag)).toEqual(["value", "count", "label"]);
        expect(tag.label).not.toBe("");
      }
      const { body: detail } = await http.getJson("/api/spots/pipeline");
      expect(detail.tags.length).toBeGreaterThan(0);
      for (const tag of detail.tags) {
        expect(Object.keys(tag).sort()).toEqual(["id", "name", "slug"]);
        const filtered = await http.getJson(`/api/spots?tag=${tag.slug}&limit=100`);
        expect(filtered.body.spots.map((spot: { slug: string }) => spot.slug)).toContain("pipeline");
        expect(body.facets.tags).toContainEqual(expect.objectContaining({ value: tag.slug, label: tag.name }));
      }
    });

    it("pages carry Link headers (first, prev, next, last) that keep the other parameters", async () => {
      const response = await http.fetch("/api/spots?country=US&wave_type=reef&limit=3&offset=3");
      const total = ((await response.json()) as { total: number }).total;
      expect(total).toBeGreaterThan(6);
      const links = Object.fromEntries(
        response.headers
          .get("link")!
          .split(", ")
          .map((link) => {
            const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(link)!;
            return [rel, url];
          }),
      );
      const base = "/api/spots?country=US&wave_type=reef&limit=3";
      expect(links).toEqual({
        first: `${base}&offset=0`,
        prev: `${base}&offset=0`,
        next: `${base}&offset=6`,
        last: `${base}&offset=${Math.floor((total - 1) / 3) * 3}`,
      });
      // Following `next` from the first page visits every item once and stops at `last`.
      const seen: string[] = [];
      let next: string | undefined = `${base}&offset=0`;
      while (next) {
        const page = await http.fetch(next);
        seen.push(...((await page.json()) as { spots: { slug: string }[] }).spots.map((spot) => spot.slug));
        next = /<([^>]+)>; rel="next"/.exec(page.headers.get("link")!)?.[1];
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      const first = await http.fetch("/api/surfers?limit=5");
      expect(first.headers.get("link")).not.toContain('rel="prev"');
      // Without limit and offset, the links add them after the request's own parameters.
      const plain = await http.fetch("/api/spots?country=US");
      const { limit } = (await plain.json()) as { limit: number };
      expect(plain.headers.get("link")).toContain(`</api/spots?country=US&offset=${limit}&limit=${limit}>; rel="next"`);
    });
  });
});
