/** The Quote of the Day changes at UTC midnight, is the same all day, and needs a featured pool. */
import { describe, expect, it } from "vitest";
import type { QuoteEntry } from "../../core/snapshot-format.ts";
import { quoteOfTheDay } from "../../runtime/calendar/quote-of-the-day.ts";

function quotes(...featured: boolean[]): QuoteEntry[] {
  return featured.map((isFeatured, i) => ({
    featured: isFeatured,
    quote: {
      slug: `q${i + 1}`,
      text: `Quote ${i + 1}`,
      author: null,
      category: null,
      sourceUrl: null,
      credit: null,
      surferSlug: null,
    },
  }));
}

// 2027-01-01T00:00:00Z is day 20819 since the epoch.
const MIDNIGHT = Date.parse("2027-01-01T00:00:00Z");
const slugAt = (pool: QuoteEntry[], ms: number) => quoteOfTheDay(pool, new Date(ms))?.slug;

describe("quote of the day", () => {
  it("with several featured quotes, takes day mod pool size over the pool in id order", () => {
    const pool = quotes(true, false, true, true); // featured: q1, q3, q4
    expect(MIDNIGHT / 86_400_000).toBe(20819);
    expect(slugAt(pool, MIDNIGHT)).toBe(["q1", "q3", "q4"][20819 % 3]);
    expect(slugAt(pool, MIDNIGHT + 86_400_000)).toBe(["q1", "q3", "q4"][20820 % 3]);
  });

  it("changes exactly at UTC midnight", () => {
    const pool = quotes(true, true);
    expect(slugAt(pool, MIDNIGHT - 1)).not.toBe(slugAt(pool, MIDNIGHT));
  });

  it("is the same from the first to the last millisecond of a UTC day", () => {
    const pool = quotes(true, true, true);
    const first = slugAt(pool, MIDNIGHT);
    for (const offset of [1, 3_600_000, 43_200_000, 86_399_999]) expect(slugAt(pool, MIDNIGHT + offset)).toBe(first);
  });

  it("with one featured quote, is always that quote", () => {
    const pool = quotes(false, true, false);
    for (const ms of [0, MIDNIGHT - 1, MIDNIGHT, MIDNIGHT + 12_345_678_901]) expect(slugAt(pool, ms)).toBe("q2");
  });

  it("is undefined when nothing is featured", () => {
    expect(quoteOfTheDay(quotes(false, false), new Date(MIDNIGHT))).toBeUndefined();
    expect(quoteOfTheDay([], new Date(MIDNIGHT))).toBeUndefined();
  });
});
