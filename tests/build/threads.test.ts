/** The world map clustered on a worker thread gives exactly what the main thread would. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clusterWorld, clusterWorldInBackground, locatedSpots } from "../../build/compile/geo.ts";
import { Problems } from "../../build/problems.ts";
import { readContent } from "../../build/read-content.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../content");

describe("the world map clustered on a thread", () => {
  it("gives the clusters and lone markers of every zoom the main thread gives", () => {
    const spots = readContent(CONTENT, new Problems()).spots.map(({ record }) => record);
    const coordinates = new Float64Array(
      spots.flatMap((spot) => (spot.latitude === null ? [] : [spot.longitude!, spot.latitude])),
    );
    const threaded = clusterWorldInBackground(locatedSpots(spots), 1).result();
    expect(threaded.byZoom.filter((clusters) => clusters.length > 0).length).toBeGreaterThan(5);
    expect(threaded).toEqual(clusterWorld(coordinates));
  });
});
