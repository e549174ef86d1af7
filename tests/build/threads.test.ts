/**
 * Work the build hands to worker threads (the world map's clusters, the search index)
 * gives exactly what the main thread would, and a thread that fails, or ends without a
 * result, fails the build with an error that says so.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { clusterWorld, clusterWorldInBackground, locatedSpots } from "../../build/compile/geo.ts";
import { Problems } from "../../build/problems.ts";
import { readContent } from "../../build/read-content.ts";
import { onThread } from "../../build/thread.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../content");

describe("the world map clustered on a thread", () => {
  it("gives the clusters and lone markers of every zoom the main thread gives", async () => {
    const spots = readContent(CONTENT, new Problems()).spots.map(({ record }) => record);
    const coordinates = new Float64Array(
      spots.flatMap((spot) => (spot.latitude === null ? [] : [spot.longitude!, spot.latitude])),
    );
    const threaded = await clusterWorldInBackground(locatedSpots(spots), 1);
    expect(threaded.byZoom.filter((clusters) => clusters.length > 0).length).toBeGreaterThan(5);
    expect(threaded).toEqual(clusterWorld(coordinates));
  });
});

describe("a worker thread", () => {
  it("that ends without a result fails the build, rather than leaving it waiting", async () => {
    const worker = pathToFileURL(path.join(import.meta.dirname, "workers/ends-silently.ts"));
    await expect(onThread("quiet", worker, null)).rejects.toThrow(
      /^the quiet thread ended \(exit code 3\) without a result$/,
    );
  });
});
