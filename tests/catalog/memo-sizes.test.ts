/**
 * What the memory budget is told an entry holds is what it keeps alive: a ranking that
 * kept fewer items than it touched is copied to its size, not a view of a larger buffer
 * (such views held 4× to 100× their charge, and memory grew past CACHE_MAX_MB).
 */
import { describe, expect, it } from "vitest";
import { searchFirst, searchRanking } from "../../runtime/catalog/search.ts";
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
    "the ranking of %j was charged for the order its first page from the memo adds",
    (q) => {
      const memo = new MemoryBudget(2 ** 22);
      const ranking = searchRanking(catalog.spots.search, "spots", q, memo)!;
      const charged = memo.usedBytes;
      searchFirst(catalog.spots.search, "spots", q, 5, memo);
      expect(ranking.best).toHaveLength(ranking.set.length);
      expect(ranking.best!.buffer.byteLength).toBe(ranking.best!.byteLength);
      expect(memo.usedBytes).toBe(charged);
      const bits = ranking.bits ? [ranking.bits] : [];
      expect(charged).toBeGreaterThanOrEqual(heldBytes(ranking.set, ranking.keys, ranking.best!, ...bits));
    },
  );
});
