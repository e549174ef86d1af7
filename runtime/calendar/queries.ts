/** Quotes, clips and events: pure functions of the snapshot, parameters and the clock. */

import { foldKey } from "../../core/fold.ts";
import type { Clip, EventStatus, Quote, SurfEvent } from "../../core/resources.ts";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { eventStatus, msUntilStatusChange } from "./event-status.ts";

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

/** Whether an event matches the filters that do not depend on the clock (all but `status`). */
function matchesFixedFilters(event: Pick<SurfEvent, "org" | "tour" | "startDate">, filters: EventFilters): boolean {
  return (
    matches(event.org, filters.org) &&
    matches(event.tour, filters.tour) &&
    (filters.year === undefined || event.startDate.startsWith(`${filters.year}-`))
  );
}

export function listEvents(
  snapshot: Snapshot,
  filters: EventFilters,
  now: Date,
): { total: number; events: SurfEvent[] } {
  const events = eventsAt(snapshot, now).filter(
    (event) =>
      matchesFixedFilters(event, filters) && (filters.status === undefined || filters.status.includes(event.status)),
  );
  return { total: events.length, events };
}

/**
 * Seconds from `now` until listEvents' answer for these filters changes, when that is within
 * `horizonSeconds`; undefined otherwise. It changes when the status of an event it could
 * hold changes: any event the other filters match, since with a `status` filter an event
 * whose status becomes the one asked for joins the list.
 */
export function secondsUntilEventsChange(
  snapshot: Snapshot,
  filters: EventFilters,
  now: Date,
  horizonSeconds: number,
): number | undefined {
  let soonest: number | undefined;
  for (const entry of snapshot.events) {
    if (!matchesFixedFilters(entry.event, filters)) continue;
    const ms = msUntilStatusChange(entry, now, horizonSeconds * 1000);
    if (ms !== undefined && (soonest === undefined || ms < soonest)) soonest = ms;
  }
  return soonest === undefined ? undefined : soonest / 1000;
}
