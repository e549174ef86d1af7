/**
 * A query that throws part-way through scoring leaves nothing behind: the scratch space it
 * had scored into is cleared, and every later query answers as on a freshly loaded index.
 * The failure is forced where it hurts most: in the AND of a second word's positions into
 * the first's (bits.ts andInto), when the first word's scores are already written.
 */
import { describe, expect, it, vi } from "vitest";
import { andInto } from "../../runtime/catalog/bits.ts";
import {
  type LoadedSearch,
  loadSearch,
  searchFirst,
  searchMatches,
  searchPositions,
  searchRanking,
} from "../../runtime/catalog/search.ts";
import { queryWords, searchKey } from "../../runtime/catalog/search-words.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import { testCatalog } from "../helpers/app.ts";

vi.mock("../../runtime/catalog/bits.ts", async (importOriginal) => {
  const bits = await importOriginal<typeof import("../../runtime/catalog/bits.ts")>();
  return { ...bits, andInto: vi.fn(bits.andInto) };
});

const catalog = testCatalog();
/** The first is a word of the failed query: left-over scores of the other would reorder its matches. */
const QUERIES = ["barrel", "reef barrel", "reef", "portugal left point", "pipline", "zzzz reef", "big waves hawaii"];

/** Every kind of answer search gives for q, on one index. */
function answers(loaded: LoadedSearch, q: string) {
  return {
    ranking: searchRanking(loaded, "spots", q),
    all: searchPositions(loaded, "spots", q),
    page: searchFirst(loaded, "spots", q, 10),
    matches: searchMatches(loaded, "spots", q),
  };
}

function throwOnce(): void {
  vi.mocked(andInto).mockImplementationOnce(() => {
    throw new Error("forced failure");
  });
}

describe("a query that throws inside search", () => {
  it.each([
    ["a ranking", (loaded: LoadedSearch) => searchPositions(loaded, "spots", "reef barrel")],
    ["a page", (loaded: LoadedSearch) => searchFirst(loaded, "spots", "reef barrel", 10)],
    [
      "a page kept in the memo",
      (loaded: LoadedSearch) => searchFirst(loaded, "spots", "reef barrel", 10, askedTwice()),
    ],
    ["the matches", (loaded: LoadedSearch) => searchMatches(loaded, "spots", "reef barrel")],
  ])("while making %s leaves later answers as a fresh index gives them", (_, query) => {
    // An index of its own, so that no other test's queries hide what this one leaves behind.
    const loaded = loadSearch(catalog.spots.search.search, catalog.spots.search.vocabulary);
    const fresh = loadSearch(catalog.spots.search.search, catalog.spots.search.vocabulary);
    const calls = vi.mocked(andInto).mock.calls.length;
    throwOnce();
    expect(() => query(loaded)).toThrow("forced failure");
    expect(vi.mocked(andInto).mock.calls.length).toBe(calls + 1);
    for (const q of QUERIES) expect(answers(loaded, q)).toEqual(answers(fresh, q));
  });
});

/** A memo that has seen q once already, so that the next ask makes and keeps the whole ranking. */
function askedTwice(): MemoryBudget {
  const memo = new MemoryBudget(2 ** 22);
  memo.askedBefore(searchKey("spots", queryWords("reef barrel")));
  return memo;
}
