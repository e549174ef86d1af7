/** Quotes, clips and events: pure functions of the snapshot, parameters and the clock. */

import { foldKey } from "../../core/fold.ts";
import type { Clip, EventStatus, Quote, SurfEvent } from "../../core/resources.ts";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { eventStatus } from "./event-status.ts";

/** A filter as folded keys (any of them matches); absent means no constraint. */
function matches(value: string | null, keys: string[] | undefined): boolean {
  return keys === undefined || (value !== null && keys.includes(foldKey(value)));
}

export function listQuotes(
  snapshot: Snapshot,
  filters: { category?: string[]; surfer?: string[] },
): { quotes: Quote[]; total: number } {
  const quotes = snapshot.quotes
    .map((entry) => entry.quote)
    .filter((quote) => matches(quote.category, filters.category) && matches(quote.surferSlug, filters.surfer));
  return { quotes, total: quotes.length };
}

export function listClips(snapshot: Snapshot): { clips: Clip[] } {
  return { clips: snapshot.clips };
}

export interface EventFilters {
  org?: string[];
  tour?: string[];
  year?: string;
  status?: EventStatus[];
}

/** Every event with its status at `now`, in calendar order (start date, then name). */
export function eventsAt(snapshot: Snapshot, now: Date): SurfEvent[] {
  return snapshot.events.map((entry) => ({
    ...entry.event,
    timeZone: entry.timeZone,
    status: eventStatus(entry, now),
  }));
}

export function listEvents(
  snapshot: Snapshot,
  filters: EventFilters,
  now: Date,
): { total: number; events: SurfEvent[] } {
  const events = eventsAt(snapshot, now).filter(
    (event) =>
      matches(event.org, filters.org) &&
      matches(event.tour, filters.tour) &&
      (filters.year === undefined || event.startDate.startsWith(`${filters.year}-`)) &&
      (filters.status === undefined || filters.status.includes(event.status)),
  );
  return { total: events.length, events };
}
