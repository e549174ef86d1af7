/**
 * Answers are assembled from the items' serialized forms; they must be exactly the JSON a
 * serializer would write for the same values, byte for byte.
 */
import { describe, expect, it } from "vitest";
import { pieceValue } from "../../core/packed.ts";
import type { SpotEntry, SurferEntry } from "../../core/snapshot-format.ts";
import { detailBody, largeMarkersBody, listBody, markersBody } from "../../runtime/catalog/bodies.ts";
import { listSpots, spotMarkers } from "../../runtime/catalog/spots.ts";
import { listSurfers } from "../../runtime/catalog/surfers.ts";
import { entryAt } from "../../runtime/snapshot.ts";
import { markersAt, spotsAt, testCatalog } from "../helpers/app.ts";

const catalog = testCatalog();

describe("bodies made of serialized pieces", () => {
  it.each([
    [{ filters: {} }, { limit: 20, offset: 0 }],
    [{ filters: { country: ["pt", "es"] } }, { limit: 5, offset: 2 }],
    [
      { filters: {}, q: "reef" },
      { limit: 100, offset: 0 },
    ],
    [
      { filters: { tag: ["barrel"] }, q: "zzzz" },
      { limit: 10, offset: 0 },
    ],
  ])("a spot list page %j %j is the JSON of its values", (criteria, page) => {
    const found = listSpots(catalog, criteria, page);
    const value = { spots: spotsAt(catalog, found.positions), total: found.total, ...page };
    expect(listBody("spots", catalog.spots.list, found).toString()).toBe(JSON.stringify(value));
  });

  it("a surfer list page is the JSON of its values", () => {
    const found = listSurfers(catalog, { filters: { era: ["current"] } }, { limit: 7, offset: 1 });
    const surfers = Array.from(found.positions, (position) => pieceValue(catalog.surfers.list, position));
    const value = { surfers, total: found.total, limit: 7, offset: 1 };
    expect(listBody("surfers", catalog.surfers.list, found).toString()).toBe(JSON.stringify(value));
  });

  it("the markers of a map are the JSON of their values, spots without coordinates left out", () => {
    const markers = spotMarkers(catalog, { filters: {} });
    expect(markers.positions.length).toBeGreaterThan(0);
    const value = { spots: markersAt(catalog, markers.positions) };
    expect(markersBody(catalog.spots.markers, markers).toString()).toBe(JSON.stringify(value));
    expect(markersBody(catalog.spots.markers, { positions: new Int32Array(0) }).toString()).toBe('{"spots":[]}');
  });

  it("a map of many markers, assembled in slices, is the same JSON", async () => {
    // Every spot's position, again and again: more than several slices' worth, unlocated spots among them.
    const positions = Int32Array.from({ length: 40_000 }, (_, i) => i % catalog.spots.size);
    const located = markersAt(catalog, positions).filter((marker) => marker !== undefined);
    const value = { spots: located, understood: { attributes: [] } };
    const sliced = await largeMarkersBody(catalog.spots.markers, { positions }, { attributes: [] });
    expect(sliced.toString()).toBe(JSON.stringify(value));
    expect(value.spots.length).toBeGreaterThan(20_000);
  });

  it("every detail is the JSON of its entry", () => {
    for (let position = 0; position < catalog.spots.size; position++) {
      const { list, detail } = catalog.spots;
      const body = detailBody("spot", list, detail, position).toString();
      expect(body).toBe(JSON.stringify(entryAt<SpotEntry>(catalog.spots, position)));
      expect(Object.keys(JSON.parse(body))).toEqual(["spot", "images", "tags", "surfers"]);
    }
    for (let position = 0; position < catalog.surfers.size; position++) {
      const { list, detail } = catalog.surfers;
      const body = detailBody("surfer", list, detail, position).toString();
      expect(Object.keys(JSON.parse(body))).toEqual(["surfer", "images", "spots"]);
      expect(body).toBe(JSON.stringify(entryAt<SurferEntry>(catalog.surfers, position)));
    }
  });
});
