/** Query understanding on the spot and surfer endpoints over the real catalog: what q is read as, and finds. */
import { expect, it } from "vitest";
import { distanceKm } from "../../core/sphere.ts";
import { describeMatrix, type Http } from "../helpers/matrix.ts";

/** The query string a front-end makes of a chip: the attribute as its explicit filter. */
function chipParams(attribute: { param: string; values: string[]; radius_km?: number }): string {
  const radius = attribute.radius_km === undefined ? "" : `&radius_km=${attribute.radius_km}`;
  return `${attribute.param}=${encodeURIComponent(attribute.values.join(","))}${radius}`;
}

const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);

async function list(http: Http, path: string, q: string) {
  const { status, body } = await http.getJson(`${path}${path.includes("?") ? "&" : "?"}q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return body;
}

describeMatrix("query understanding", (http) => {
  it.each([
    ["central america", "country", ["BZ", "CR", "GT", "HN", "NI", "PA", "SV"]],
    ["españa", "country", ["ES"]],
    ["aotearoa", "country", ["NZ"]],
    ["nihon", "country", ["JP"]],
    ["iconic waves", "tier", ["iconic"]],
  ])("/api/spots?q=%s reads %s %j, and every spot listed has it", async (q, param, values) => {
    const body = await list(http, "/api/spots?limit=100", q);
    expect(body.understood).toEqual({
      attributes: [{ text: expect.any(String), param, values }],
      text: "",
      relaxed: false,
    });
    expect(body.total).toBeGreaterThan(0);
    const field = param === "country" ? "country_code" : param;
    for (const spot of body.spots) expect(values).toContain(spot[field]);
  });

  it("reads the issue's surfer queries: demonyms, eras and countries", async () => {
    const peruvian = await list(http, "/api/surfers?limit=100", "peruvian surfers");
    expect(peruvian.understood.attributes).toEqual([{ text: "peruvian", param: "country", values: ["PE"] }]);
    expect(peruvian.surfers.length).toBeGreaterThan(0);
    for (const surfer of peruvian.surfers) expect(surfer.country_code).toBe("PE");

    const brazil = await list(http, "/api/surfers?limit=100", "current pros from brazil");
    expect(brazil.understood).toEqual({
      attributes: [
        { text: "current pros", param: "era", values: ["current"] },
        { text: "brazil", param: "country", values: ["BR"] },
      ],
      text: "",
      relaxed: false,
    });
    expect(brazil.surfers.length).toBeGreaterThanOrEqual(5);
    for (const surfer of brazil.surfers) expect([surfer.era, surfer.country_code]).toEqual(["current", "BR"]);
  });

  it("reads big wave as a tag on spots and as a discipline on surfers", async () => {
    const spots = await list(http, "/api/spots?limit=100", "big wave spots in europe");
    expect(spots.understood.attributes.map((a: { param: string }) => a.param)).toEqual(["tag", "country"]);
    expect(spots.understood.attributes[0].values).toEqual(["big-wave"]);
    expect(spots.total).toBeGreaterThanOrEqual(5);
    const surfers = await list(http, "/api/surfers?limit=100", "big wave surfers");
    expect(surfers.understood.attributes).toEqual([
      { text: "big wave surfers", param: "discipline", values: ["big-wave"] },
    ]);
    for (const surfer of surfers.surfers) expect(surfer.discipline).toBe("big-wave");
  });

  it("reads near <place> as near with a 40 km radius, nearest first", async () => {
    const body = await list(http, "/api/spots?limit=100", "near biarritz");
    const [near] = body.understood.attributes;
    expect(near).toMatchObject({ text: "near biarritz", param: "near", radius_km: 40 });
    const [lat, lng] = near.values[0].split(",").map(Number);
    expect(distanceKm(lat, lng, 43.48, -1.56)).toBeLessThan(5);
    expect(slugs(body.spots)).toEqual(expect.arrayContaining(["cote-des-basques", "parlementia", "belharra"]));
    for (const spot of body.spots) expect(spot.distance_km).toBeLessThanOrEqual(40);
    const distances = body.spots.map((spot: { distance_km: number }) => spot.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("reads months and seasons as month: a season's months by the hemisphere of the places named", async () => {
    const january = await list(http, "/api/spots?limit=100", "where to surf in january");
    expect(january.understood).toEqual({
      attributes: [{ text: "january", param: "month", values: ["jan"] }],
      text: "",
      relaxed: false,
    });
    const { body: filtered } = await http.getJson("/api/spots?limit=100&month=jan");
    expect(slugs(january.spots)).toEqual(slugs(filtered.spots));
    const winter = await list(http, "/api/spots?limit=100", "winter in australia");
    expect(winter.understood.attributes).toEqual([
      { text: "winter", param: "month", values: ["jun", "jul", "aug"] },
      { text: "australia", param: "country", values: ["AU"] },
    ]);
    const north = await list(http, "/api/spots?limit=100", "winter in portugal");
    expect(north.understood.attributes[0]).toEqual({ text: "winter", param: "month", values: ["dec", "jan", "feb"] });
    const surfers = await list(http, "/api/surfers", "july");
    expect(surfers.understood.attributes).toEqual([]);
  });

  it("reads goofy footers as stance on the surfer endpoints", async () => {
    const body = await list(http, "/api/surfers?limit=100", "goofy footers");
    expect(body.understood.attributes).toEqual([{ text: "goofy footers", param: "stance", values: ["goofy"] }]);
    expect(body.surfers.length).toBeGreaterThan(0);
    for (const surfer of body.surfers) expect(surfer.stance).toBe("goofy");
  });

  it("gives each attribute as a real parameter: the chips as explicit filters list the same spots", async () => {
    const queries = [
      "beginner beaches in australia",
      "lefts in indonesia",
      "near biarritz",
      "south pacific reefs",
      "july",
    ];
    for (const q of queries) {
      const read = await list(http, "/api/spots?limit=100", q);
      expect(read.understood.attributes.length).toBeGreaterThan(0);
      const filters = read.understood.attributes.map(chipParams).join("&");
      const { status, body } = await http.getJson(`/api/spots?limit=100&${filters}`);
      expect(status).toBe(200);
      expect(slugs(body.spots)).toEqual(slugs(read.spots));
      expect(body.total).toBe(read.total);
    }
  });

  it("combines explicit filters and attributes with AND, and values of one attribute with OR", async () => {
    const body = await list(http, "/api/spots?limit=100&wave_type=reef", "portugal spain");
    expect(body.understood.attributes).toEqual([{ text: "portugal spain", param: "country", values: ["PT", "ES"] }]);
    expect(new Set(body.spots.map((spot: { country_code: string }) => spot.country_code))).toEqual(
      new Set(["PT", "ES"]),
    );
    for (const spot of body.spots) expect(spot.wave_type).toBe("reef");
  });

  it("reads two tags as two attributes that both hold", async () => {
    const body = await list(http, "/api/spots?limit=100", "barrels lefts");
    expect(body.understood.attributes).toEqual([
      { text: "barrels", param: "tag", values: ["barrel"] },
      { text: "lefts", param: "tag", values: ["left"] },
    ]);
    const { body: both } = await http.getJson("/api/spots?limit=1&tag=barrel");
    expect(body.total).toBeLessThan(both.total);
  });

  it("never reads an item's own name as attributes", async () => {
    for (const [q, slug] of [
      ["lazy lefts", "lazy-left-midigama"],
      ["mexican pipeline", "puerto-escondido"],
    ]) {
      const body = await list(http, "/api/spots", q);
      expect(body.understood).toEqual({ attributes: [], text: q, relaxed: false });
      expect(body.spots[0].slug).toBe(slug);
    }
  });

  it("falls back to plain text with no attributes when the attributes leave nothing", async () => {
    const { body: none } = await http.getJson("/api/spots?tag=tow-in&country=JP");
    expect(none.total).toBe(0);
    const body = await list(http, "/api/spots", "tow-in japan");
    expect(body.understood).toEqual({ attributes: [], text: "tow-in japan", relaxed: true });
    expect(body.total).toBeGreaterThan(0);
  });

  it("keeps the words it cannot read as text, matched as today", async () => {
    const body = await list(http, "/api/spots", "portugal pipeline");
    expect(body.understood).toEqual({
      attributes: [{ text: "portugal", param: "country", values: ["PT"] }],
      text: "pipeline",
      relaxed: false,
    });
    expect(slugs(body.spots)).toEqual(["supertubos"]);
  });

  it("says when the words left were relaxed (no item held them all), with and without attributes", async () => {
    for (const path of ["/api/spots", "/api/spots/meta", "/api/spots/map"]) {
      const body = await list(http, path, "portugal pipeline xyzzyq");
      expect(body.understood).toMatchObject({ text: "pipeline xyzzyq", relaxed: true });
      expect(body.understood.attributes).toHaveLength(1);
    }
    const surfers = await list(http, "/api/surfers", "slater xyzzyq");
    expect(surfers.understood).toEqual({ attributes: [], text: "slater xyzzyq", relaxed: true });
    expect(surfers.surfers[0].slug).toBe("kelly-slater");
  });

  it("carries understood on the map and the facets, which count what the list holds", async () => {
    const listed = await list(http, "/api/spots?limit=100", "point breaks in peru");
    const meta = await list(http, "/api/spots/meta", "point breaks in peru");
    expect(meta.understood).toEqual(listed.understood);
    expect(meta.filtered_total).toBe(listed.total);
    expect(meta.facets.countries).toEqual([{ value: "PE", count: listed.total }]);
    const map = await list(http, "/api/spots/map", "point breaks in peru");
    expect(map.understood).toEqual(listed.understood);
    const clustered = await list(http, "/api/spots/map?zoom=2", "point breaks in peru");
    expect(clustered.understood).toEqual(listed.understood);
    const surfers = await list(http, "/api/surfers/meta", "australian surfers");
    expect(surfers.understood.attributes).toEqual([{ text: "australian", param: "country", values: ["AU"] }]);
    expect(surfers.facets.countries).toEqual([{ value: "AU", count: surfers.filtered_total }]);
  });

  it("carries understood exactly when q is given", async () => {
    for (const path of ["/api/spots", "/api/spots/map", "/api/spots/meta", "/api/surfers", "/api/surfers/meta"]) {
      expect((await http.getJson(path)).body.understood).toBeUndefined();
      expect((await http.getJson(`${path}?q=${encodeURIComponent("''--")}`)).body.understood).toBeUndefined();
      const plain = (await http.getJson(`${path}?q=slater`)).body.understood;
      expect(plain).toEqual({ attributes: [], text: "slater", relaxed: false });
    }
  });
});
