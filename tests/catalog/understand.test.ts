/**
 * How a query is read (runtime/catalog/understand.ts): over the real catalog's reader, and
 * over a small hand-made one for what the catalog cannot show alone (seasons by hemisphere).
 */
import { describe, expect, it } from "vitest";
import { type QueryReader, readerFor, readQuery } from "../../runtime/catalog/understand.ts";
import { testCatalog } from "../helpers/app.ts";

const spots = readerFor(testCatalog(), "spots");
const surfers = readerFor(testCatalog(), "surfers");

describe("reading a query over the catalog's phrases", () => {
  it.each([
    ["a-frames", "tag", ["a-frame"]],
    ["right-handers", "tag", ["right"]],
    ["point breaks", "wave_type", ["point"]],
    ["for experts", "skill_level", ["expert"]],
    ["world-class", "tier", ["iconic"]],
    ["brasil", "country", ["BR"]],
    ["maroc", "country", ["MA"]],
    ["the caribbean", "country", expect.arrayContaining(["BB", "PR", "JM"])],
  ])("reads '%s' as %s %j on spots", (q, param, values) => {
    expect(readQuery(spots, q)).toEqual({ attributes: [{ text: expect.any(String), param, values }], text: "" });
  });

  it.each([
    ["goofy footers", "stance"],
    ["longboarders", "discipline"],
    ["pioneers", "era"],
  ])("reads '%s' as %s on surfers only where surfers have that filter", (q, param) => {
    const { attributes } = readQuery(surfers, q);
    const hasFilter = Object.hasOwn(testCatalog().surfers.fields, param);
    expect(attributes.map((attribute) => attribute.param)).toEqual(hasFilter ? [param] : []);
  });

  it("keeps a longboard a tag on spots and a discipline on surfers", () => {
    expect(readQuery(spots, "longboard").attributes).toEqual([
      { text: "longboard", param: "tag", values: ["longboard-friendly"] },
    ]);
    expect(readQuery(surfers, "longboard").attributes).toEqual([
      { text: "longboard", param: "discipline", values: ["longboard"] },
    ]);
  });

  it("takes the longest phrase: south africa is not africa, south america is not america", () => {
    expect(readQuery(spots, "south africa").attributes).toEqual([
      { text: "south africa", param: "country", values: ["ZA"] },
    ]);
    expect(readQuery(spots, "south america").attributes[0].values).toContain("BR");
    expect(readQuery(spots, "america").attributes).toEqual([{ text: "america", param: "country", values: ["US"] }]);
  });

  it("drops filler and small words once something is read, and keeps them otherwise", () => {
    expect(readQuery(surfers, "surfers from peru")).toEqual({
      attributes: [{ text: "peru", param: "country", values: ["PE"] }],
      text: "",
    });
    expect(readQuery(surfers, "surfers from nowhere")).toEqual({ attributes: [], text: "surfers from nowhere" });
  });

  it("keeps an item's own name as text, all of it", () => {
    expect(readQuery(spots, "rocky lefts portugal")).toEqual({
      attributes: [{ text: "portugal", param: "country", values: ["PT"] }],
      text: "rocky lefts",
    });
  });

  it("reads near only before a known place; otherwise near stays text", () => {
    expect(readQuery(spots, "near nowhereville")).toEqual({ attributes: [], text: "near nowhereville" });
    expect(readQuery(surfers, "near biarritz").attributes).toEqual([]);
  });
});

/** A reader of a few phrases, spelled out: what readQuery does with seasons and places. */
const small: QueryReader = {
  phrases: new Map([
    ["winter", { param: "season", values: ["winter"] }],
    ["summer", { param: "season", values: ["summer"] }],
    ["july", { param: "month", values: ["jul"] }],
    ["australia", { param: "country", values: ["AU"] }],
    ["portugal", { param: "country", values: ["PT"] }],
    ["near", { param: "near", values: [] }],
  ]),
  places: new Map([
    ["sydney", { lat: -33.8679, lng: 151.2073 }],
    ["lisbon", { lat: 38.7167, lng: -9.1333 }],
  ]),
  southern: new Set(["AU"]),
  names: new Set(),
};

describe("seasons", () => {
  it("are the northern months unless the query names only southern places", () => {
    expect(readQuery(small, "winter").attributes).toEqual([
      { text: "winter", param: "month", values: ["dec", "jan", "feb"] },
    ]);
    expect(readQuery(small, "winter in australia").attributes[0]).toEqual({
      text: "winter",
      param: "month",
      values: ["jun", "jul", "aug"],
    });
    expect(readQuery(small, "summer near sydney").attributes[0].values).toEqual(["dec", "jan", "feb"]);
    expect(readQuery(small, "summer near lisbon").attributes[0].values).toEqual(["jun", "jul", "aug"]);
    expect(readQuery(small, "winter australia portugal").attributes[0].values).toEqual(["dec", "jan", "feb"]);
  });

  it("join the months named beside them in one attribute", () => {
    expect(readQuery(small, "july summer").attributes).toEqual([
      { text: "july summer", param: "month", values: ["jul", "jun", "aug"] },
    ]);
  });
});
