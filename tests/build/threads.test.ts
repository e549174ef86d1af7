/**
 * Work the build hands to worker threads (CSV parsing, the world map's clusters) gives
 * exactly what the main thread would, problems included, and a thread that fails fails
 * the build with its own error.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clusterWorld, clusterWorldInBackground, locatedSpots } from "../../build/compile/geo.ts";
import { parseCsvInBackground } from "../../build/csv-thread.ts";
import { Problems } from "../../build/problems.ts";
import { type Content, FILES, type FileKey, readContent } from "../../build/read-content.ts";
import { copyFixture, editFiles } from "../helpers/fixtures.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../content");

const CSV_FILES = (Object.keys(FILES) as FileKey[]).filter((key) => FILES[key].endsWith(".csv"));

/** What was read from the CSV files (YAML records carry closures, which compare by identity). */
function fromCsv(content: Content) {
  const records: Record<string, unknown> = Object.fromEntries(CSV_FILES.map((key) => [key, content[key]]));
  return { referable: content.referable, records, spotImages: content.spotImages.length };
}

/** The content and problems of a folder read in place, and with every CSV but spots.csv parsed on a thread. */
function readBothWays(dir: string) {
  const inPlace = new Problems();
  const onThreads = new Problems();
  return {
    inPlace: { content: fromCsv(readContent(dir, inPlace, Number.POSITIVE_INFINITY)), problems: inPlace.list },
    onThreads: { content: fromCsv(readContent(dir, onThreads, 0)), problems: onThreads.list },
  };
}

describe("CSV files parsed on threads", () => {
  const broken = copyFixture("minimal");
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it("read the bundled catalog as the main thread does", () => {
    const { inPlace, onThreads } = readBothWays(CONTENT);
    expect(inPlace.content.spotImages).toBeGreaterThan(300);
    expect(onThreads).toEqual(inPlace);
  });

  it("report the same problems at the same lines: bad cells, a quoted line break, an unclosed quote", () => {
    editFiles(broken, {
      "spot_images.csv": (text) =>
        text
          .replace("A second view,1,", '"A second\nview",1,')
          .replace("A wave over the reef,0,", "A wave over the reef,zero,"),
      "surfers.csv": (text) => text.replace("1948,,goofy", "1948,,goofy,extra"),
      "clips.csv": (text) => text.replace("An older clip", '"An older clip'),
    });
    const { inPlace, onThreads } = readBothWays(broken);
    expect(onThreads.problems.map(({ file, line, message }) => `${path.basename(file)}:${line}: ${message}`)).toEqual([
      "spot_images.csv:4: sort_order 'zero' is not a whole number",
      "surfers.csv:3: has 15 cells but the header has 14 columns " +
        "(a missing or extra comma, or an unquoted comma in a value?)",
      "clips.csv:4: cannot read the CSV: Quote Not Closed: the parsing is finished with an opening quote at line 4",
    ]);
    expect(onThreads).toEqual(inPlace);
  });

  it("fail the build with the thread's own error when the file cannot be read", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "surf-csv-thread-"));
    try {
      expect(() => parseCsvInBackground(folder).result()).toThrow(/^the CSV thread failed: Error: EISDIR/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

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
