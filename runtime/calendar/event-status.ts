/**
 * An event's status is derived, never stored: it depends on the clock and on the
 * calendar day at the event's own location. Both ends of the window are whole days.
 *
 *   before start_date          upcoming
 *   after end_date             completed
 *   inside, scheduled          live
 *   inside, holding-period     window-open, or live on a day the organizer called on
 */
import type { EventStatus } from "../../core/resources.ts";
import type { EventEntry } from "../../core/snapshot-format.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) that `now` falls on in `timeZone`. */
export function localDay(now: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, format);
  }
  return format.format(now);
}

export function eventStatus(entry: EventEntry, now: Date): EventStatus {
  const today = localDay(now, entry.timeZone);
  if (today < entry.event.startDate) return "upcoming";
  if (today > entry.event.endDate) return "completed";
  if (entry.event.windowType === "scheduled") return "live";
  return entry.calledOn.includes(today) ? "live" : "window-open";
}

/**
 * Milliseconds from `now` until the entry's status changes, when that is within `horizonMs`;
 * undefined otherwise. A status changes only when the day at the event's location does, so
 * at most once within a few hours: the moment is found by bisection, eventStatus deciding.
 */
export function msUntilStatusChange(entry: EventEntry, now: Date, horizonMs: number): number | undefined {
  const status = eventStatus(entry, now);
  const start = now.getTime();
  if (eventStatus(entry, new Date(start + horizonMs)) === status) return undefined;
  // Invariant: the status at `start + low` is the current one, at `start + high` it is not.
  let low = 0;
  let high = horizonMs;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (eventStatus(entry, new Date(start + middle)) === status) low = middle;
    else high = middle;
  }
  return high;
}
