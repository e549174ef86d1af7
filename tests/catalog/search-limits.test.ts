/**
 * An index past the limits of search's packed keys (core/search-limits.ts) is refused, with
 * a message that says what is too large and why, at build (buildSearchIndex, which the build
 * runs for every collection) and at load (loadSearch). The real limits are far beyond the
 * bundled catalog, so smaller ones are passed in.
 */
import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../../core/search-index.ts";
import { checkSearchLimits, SEARCH_LIMITS } from "../../core/search-limits.ts";
import { loadSearch } from "../../runtime/catalog/search.ts";
import { testCatalog } from "../helpers/app.ts";
import { freshSearch } from "../helpers/fresh-search.ts";

const catalog = testCatalog();
const { sources } = freshSearch(catalog).spots;
const { search: postings, vocabulary } = catalog.spots.search;
const words = postings.vocabulary.words.length;

describe("search's size limits", () => {
  it("are far beyond the bundled catalog", () => {
    expect(() => buildSearchIndex(sources)).not.toThrow();
    expect(sources.length * 1000).toBeLessThan(SEARCH_LIMITS.items);
    expect(words * 1000).toBeLessThan(SEARCH_LIMITS.words);
  });

  it("refuse, at build, a catalog with more items than the limit", () => {
    const limits = { items: sources.length - 1, words: SEARCH_LIMITS.words };
    expect(() => buildSearchIndex(sources, limits)).toThrow(
      `the search index holds ${sources.length} items; search handles at most ${sources.length - 1}, ` +
        "because its candidate keys pack a word's item count in a fixed number of bits (core/search-limits.ts)",
    );
    expect(() => buildSearchIndex(sources, { ...limits, items: sources.length })).not.toThrow();
  });

  it("refuse, at build, a catalog with more distinct words than the limit", () => {
    const limits = { items: SEARCH_LIMITS.items, words: words - 1 };
    expect(() => buildSearchIndex(sources, limits)).toThrow(
      `the search index holds ${words.toLocaleString("en")} distinct words; search handles at most ` +
        `${(words - 1).toLocaleString("en")}, because its candidate keys pack a word's index`,
    );
  });

  it("refuse, at load, a snapshot's index past them", () => {
    expect(() => loadSearch(postings, vocabulary, { items: postings.size - 1, words })).toThrow(
      /^the snapshot's search index holds \d+ items; search handles at most \d+/,
    );
    expect(() => loadSearch(postings, vocabulary, { items: postings.size, words: words - 1 })).toThrow(
      /^the snapshot's search index holds [\d,]+ distinct words/,
    );
    expect(() => loadSearch(postings, vocabulary, { items: postings.size, words })).not.toThrow();
  });

  it("name large counts with their thousands separated", () => {
    expect(() => checkSearchLimits("an index", { items: 2 ** 27, words: 0 })).toThrow(
      "an index holds 134,217,728 items; search handles at most 134,217,727",
    );
  });
});
