/**
 * The Quote of the Day: the featured pool in id order, indexed by the number of whole
 * UTC days since the epoch, so every caller gets the same quote for one UTC day.
 */
import type { Quote } from "../../core/resources.ts";
import type { QuoteEntry } from "../../core/snapshot-format.ts";

const DAY_MS = 86_400_000;

export function utcDayNumber(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS);
}

/** `undefined` when no quote is featured. `quotes` is in id order, as the snapshot keeps it. */
export function quoteOfTheDay(quotes: QuoteEntry[], now: Date): Quote | undefined {
  const pool = quotes.filter((entry) => entry.featured);
  if (pool.length === 0) return undefined;
  return pool[utcDayNumber(now) % pool.length].quote;
}

/** Seconds from `now` to the next UTC midnight, when the Quote of the Day changes. */
export function secondsToNextUtcDay(now: Date): number {
  return (DAY_MS - (now.getTime() % DAY_MS)) / 1000;
}
