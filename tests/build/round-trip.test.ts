/**
 * The snapshot's indexes, exported by the build and imported by the runtime, answer
 * exactly like freshly built ones, and find what surfers type.
 */
import KDBush from "kdbush";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { indexInBackground } from "../../build/compile/search-thread.ts";
import {
  buildSearchIndex,
  exportSearchIndex,
  importPostings,
  itemsHolding,
  queryTerms,
  SEARCH_FIELDS,
  type SearchDocument,
  type SearchIndex,
  type SearchSource,
} from "../../core/search-index.ts";
import type { SpotEntry } from "../../core/snapshot-format.ts";
import { type BoundingBox, positionsInBox } from "../../runtime/catalog/geo.ts";
import { type LoadedSearch, loadSearch, searchPositions as search } from "../../runtime/catalog/search.ts";
import { type Catalog, entryAt, loadSnapshotFile } from "../../runtime/snapshot.ts";
import { type FreshSearch, flexSearchWords, freshSearch } from "../helpers/fresh-search.ts";

/** An index built now from the same documents, exported in memory (never written, parsed or released). */
const fresh = (index: SearchIndex) => loadSearch(importPostings(exportSearchIndex(index), index.size));

let catalog: Catalog;
/** The positions a query finds, as a plain list (no memo: every call searches). */
const searchPositions = (index: LoadedSearch, q: string) => {
  const found = search(index, "test", q);
  return found && Array.from(found);
};
let built: FreshSearch;
let freshSpots: LoadedSearch;
let freshSurfers: LoadedSearch;
let freshGeo: KDBush;

beforeAll(() => {
  catalog = loadSnapshotFile(inject("snapshotPath"));
  built = freshSearch(catalog);
  freshSpots = fresh(built.spots.index);
  freshSurfers = fresh(built.surfers.index);
  freshGeo = new KDBush(catalog.spots.geoPositions.length);
  for (const position of catalog.spots.geoPositions) {
    const { latitude, longitude } = entryAt<SpotEntry>(catalog.spots, position).spot;
    freshGeo.add(longitude!, latitude!);
  }
  freshGeo.finish();
});

const slugsOf = (positions: ArrayLike<number> | null) =>
  Array.from(positions ?? [], (position) => entryAt<SpotEntry>(catalog.spots, position).spot.slug);

describe("the search postings of the loaded snapshot", () => {
  it.each(["spots", "surfers"] as const)("hold, for every field and word of %s, the items FlexSearch finds", (name) => {
    const { flexsearch } = built[name];
    const loaded = catalog[name].search.search;
    SEARCH_FIELDS.forEach((field, f) => {
      const words = flexSearchWords(flexsearch, field);
      expect(words.length).toBeGreaterThan(0);
      expect(new Set(loaded.fields[f].wordIds.keys())).toEqual(new Set(words));
      for (const word of words) {
        const held = Array.from(itemsHolding(loaded.fields[f], word) ?? []);
        const [found] = flexsearch.search(word, { index: field, limit: 1e6 });
        expect(held, `${field}: ${word}`).toEqual(((found?.result ?? []) as number[]).sort((a, b) => a - b));
      }
    });
  });
});

describe("the search index made on a second thread", () => {
  it.each(["spots", "surfers"] as const)(
    "exports the same postings and vocabulary for %s as the main thread",
    async (name) => {
      const { sources, index } = built[name];
      // threadFrom 1: the bundled catalog is below the size that takes a thread in a build.
      const threaded = await indexInBackground(sources, 1);
      expect(threaded.fields.name.words.length).toBeGreaterThan(0);
      expect(threaded).toEqual(exportSearchIndex(index));
    },
  );

  it("fails the build with the thread's own error, not a wait or a silently empty index", async () => {
    // A name that is no text: the types forbid it, so it stands for any fault in the thread.
    const unreadable = { id: 0, names: [5], place: "", tags: "", summary: "" } as unknown as SearchSource;
    await expect(indexInBackground([unreadable], 1)).rejects.toThrow(
      /^the search index thread failed: TypeError: .*split is not a function/,
    );
  });
});

describe("full-text search through the loaded snapshot", () => {
  it.each([
    ["nazare", "nazare"],
    ["Nazaré", "nazare"],
    ["NAZARE", "nazare"],
    ["teahupoo", "teahupoo"],
    ["teahupo'o", "teahupoo"],
    ["Teahupo’o", "teahupoo"],
    ["peahi", "jaws"],
    ["pe'ahi", "jaws"],
    ["pipe", "pipeline"],
    ["jeffreys bay", "jeffreys-bay"],
    ["bells", "bells-beach"],
    ["cloudbreak", "cloudbreak"],
  ])("'%s' finds %s first", (q, slug) => {
    expect(slugsOf(searchPositions(catalog.spots.search, q))[0]).toBe(slug);
  });

  it("finds spots by their country's English name", () => {
    const found = slugsOf(searchPositions(catalog.spots.search, "portugal"));
    expect(found).toEqual(expect.arrayContaining(["nazare", "supertubos", "ribeira-d-ilhas", "coxos"]));
    expect(
      found.every(
        (slug) => entryAt<SpotEntry>(catalog.spots, catalog.spots.positionBySlug.get(slug)!).spot.country_code === "PT",
      ),
    ).toBe(true);
  });

  it("completes the last word among place and tag words too", () => {
    const sorted = (q: string) => [...(searchPositions(catalog.spots.search, q) ?? [])].sort((a, b) => a - b);
    expect(sorted("portug")).toEqual(sorted("portugal"));
    expect(sorted("portug").length).toBeGreaterThan(0);
    const barrel = sorted("barre");
    expect(barrel.length).toBeGreaterThanOrEqual(sorted("barrel").length);
    expect(slugsOf(barrel)).toContain("teahupoo");
  });

  it("requires every word (AND), the last one also as a prefix; else the items matching most words", () => {
    expect(slugsOf(searchPositions(catalog.spots.search, "banzai pipel"))).toEqual(["pipeline"]);
    // "pipel" is a prefix of Pipeline, but a word before the last must match whole (or with a typo):
    // nothing matches both words, so the items matching one come back.
    expect(slugsOf(searchPositions(catalog.spots.search, "pipel banzai"))).toEqual(["pipeline"]);
    expect(slugsOf(searchPositions(catalog.spots.search, "nazare zzzz"))[0]).toBe("nazare");
    expect(slugsOf(searchPositions(catalog.spots.search, "zzzz xqxqxq"))).toEqual([]);
  });

  it("treats a query without word characters as absent", () => {
    expect(searchPositions(catalog.spots.search, " '’-- ")).toBeNull();
  });

  it.each([
    "nazare",
    "teahupoo",
    "teahupo'o",
    "peahi",
    "pipe",
    "portugal",
    "big wave",
    "reef barrel",
    "north shore",
    "left",
    "a",
    "hawaii reef",
  ])("'%s' gives the same positions from the imported index as from a fresh one", (q) => {
    expect(searchPositions(catalog.spots.search, q)).toEqual(searchPositions(freshSpots, q));
    expect(searchPositions(catalog.surfers.search, q)).toEqual(searchPositions(freshSurfers, q));
  });

  it("ranks a name match above a mention in a summary", () => {
    const slugs = (searchPositions(catalog.surfers.search, "kahanamoku") ?? []).map(
      (position) => catalog.surfers.slugs[position],
    );
    expect(slugs[0]).toBe("duke-kahanamoku");
    expect(slugs.length).toBeGreaterThan(1);
  });
});

describe("box queries through the loaded snapshot", () => {
  const boxes: [string, BoundingBox][] = [
    ["the whole world", { minLat: -90, minLng: -180, maxLat: 90, maxLng: 180 }],
    ["Portugal", { minLat: 36.9, minLng: -9.6, maxLat: 42.2, maxLng: -6.2 }],
    ["Hawaii", { minLat: 18.8, minLng: -160.3, maxLat: 22.3, maxLng: -154.7 }],
    ["an empty patch of ocean", { minLat: -50, minLng: -140, maxLat: -45, maxLng: -135 }],
  ];

  it.each(boxes)("%s: the imported KDBush index returns what a fresh one does", (_name, box) => {
    const fresh = freshGeo
      .range(box.minLng, box.minLat, box.maxLng, box.maxLat)
      .map((id) => catalog.spots.geoPositions[id]);
    expect(Array.from(positionsInBox(catalog.spots, box))).toEqual(fresh.sort((a, b) => a - b));
  });

  it("a box across the antimeridian returns Fiji and Samoa/Tonga, on both sides of the line", () => {
    const found = slugsOf(positionsInBox(catalog.spots, { minLat: -25, minLng: 170, maxLat: -10, maxLng: -170 }));
    expect(found).toEqual(expect.arrayContaining(["cloudbreak", "salani", "haatafu"]));
    for (const slug of found) {
      const { latitude, longitude } = entryAt<SpotEntry>(catalog.spots, catalog.spots.positionBySlug.get(slug)!).spot;
      expect(latitude!).toBeGreaterThanOrEqual(-25);
      expect(latitude!).toBeLessThanOrEqual(-10);
      expect(longitude! >= 170 || longitude! <= -170).toBe(true);
    }
  });
});

describe("the filter columns of the loaded snapshot", () => {
  it("list, for every position, the values whose positions hold it, in value order", () => {
    for (const collection of [catalog.spots, catalog.surfers]) {
      for (const [name, field] of Object.entries(collection.fields)) {
        const byPosition = Array.from({ length: collection.size }, () => [] as number[]);
        field.values.forEach(({ positions }, id) => {
          for (const position of positions) byPosition[position].push(id);
        });
        const columns = Array.from({ length: collection.size }, (_, position) =>
          Array.from(field.ids.subarray(field.starts[position], field.starts[position + 1])),
        );
        expect(columns, `${collection.name}.${name}`).toEqual(byPosition);
        expect(field.ids.length, `${collection.name}.${name}`).toBeGreaterThan(0);
      }
    }
  });
});

describe("the search vocabulary", () => {
  /** Every distinct word of the searched fields (not joined pairs) and how many items hold it, done plainly. */
  function plainVocabulary(docs: SearchDocument[]) {
    const counts = new Map<string, number>();
    for (const doc of docs) {
      const words = new Set(["name", "place", "tags", "summary"].flatMap((field) => queryTerms(String(doc[field]))));
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const words = [...counts.keys()].sort();
    return { words, counts: words.map((word) => counts.get(word)) };
  }

  it("is every word of the searched fields, with how many items hold it, as built and as loaded", () => {
    const { sources, docs } = built.spots;
    const plain = plainVocabulary(docs);
    expect(plain.words.length).toBeGreaterThan(1000);
    expect(buildSearchIndex(sources).vocabulary).toEqual(plain);
    expect(catalog.spots.search.search.vocabulary).toEqual(plain);
  });
});
