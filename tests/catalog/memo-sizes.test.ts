/**
 * What the memory budget is told an entry holds is what it keeps alive: a ranking that
 * kept fewer items than it touched is copied to its size, not a view of a larger buffer
 * (such views held 4× to 100× their charge, and memory grew past CACHE_MAX_MB).
 */
import { describe, expect, it } from "vitest";
import { searchFirst, searchPositions, searchRanking } from "../../runtime/catalog/search.ts";
import { heldBytes, MemoryBudget } from "../../runtime/memory-budget.ts";
import { testCatalog } from "../helpers/app.ts";

const catalog = testCatalog();

describe("memo sizes", () => {
  it.each(["reef barrel", "portugal left point", "big waves hawaii", "pipline", "zzzz reef"])(
    "the ranking of %j holds no more than it is charged for",
    (q) => {
      const memo = new MemoryBudget(2 ** 20);
      const ranking = searchRanking(catalog.spots.search, "spots", q, memo)!;
      expect(ranking.set.buffer.byteLength).toBe(ranking.set.byteLength);
      expect(ranking.keys.buffer.byteLength).toBe(ranking.keys.byteLength);
      expect(heldBytes(ranking.set, ranking.keys)).toBe(ranking.set.length * 12);
    },
  );

  it.each(["reef barrel", "portugal left point", "zzzz reef"])(
    "the order a page from the memo's ranking of %j adds is kept beside it, charged, and the ranking is unchanged",
    (q) => {
      const memo = new MemoryBudget(2 ** 22);
      const ranking = searchRanking(catalog.spots.search, "spots", q, memo)!;
      const kept = { ...ranking, set: ranking.set.slice(), keys: ranking.keys.slice() };
      const charged = memo.usedBytes;
      expect(charged).toBeGreaterThanOrEqual(
        heldBytes(ranking.set, ranking.keys, ...(ranking.bits ? [ranking.bits] : [])),
      );
      const first = searchFirst(catalog.spots.search, "spots", q, 5, memo)!;
      // Without a filter the page is a view of the matches sorted best first: its buffer holds all of them.
      const best = new Int32Array(first.positions.buffer);
      expect(best).toEqual(searchPositions(catalog.spots.search, "spots", q));
      expect(memo.usedBytes - charged).toBeGreaterThanOrEqual(heldBytes(best));
      expect(ranking).toEqual(kept);
      expect(Object.keys(ranking).sort()).toEqual(Object.keys(kept).sort());
    },
  );
});
