/** Quotes and clips (snapshot only), and what depends on the clock: events and the Quote of the Day. */
import type { H3 } from "h3";
import { EVENT_STATUSES } from "../../../core/resources.ts";
import type { Snapshot } from "../../../core/snapshot-format.ts";
import { listClips, listEvents, listQuotes, secondsUntilEventsChange } from "../../calendar/queries.ts";
import { quoteOfTheDay, secondsToNextUtcDay } from "../../calendar/quote-of-the-day.ts";
import { notFound } from "../errors.ts";
import { filterValues, oneOfParam, parseQuery, yearParam } from "../params.ts";
import { jsonRepresentation, MAX_AGE_SECONDS, type ResponseContext } from "../respond.ts";
import { route } from "../route.ts";

const EVENTS = { org: filterValues, tour: filterValues, year: yearParam, status: oneOfParam(EVENT_STATUSES) };

export function registerCalendarRoutes(app: H3, snapshot: Snapshot, context: ResponseContext, now: () => Date): void {
  const QUOTES = { category: oneOfParam(snapshot.vocabularies.category), surfer: filterValues };
  route(app, "/api/quotes", "snapshot", context, (event) =>
    jsonRepresentation(listQuotes(snapshot, parseQuery(event.url.searchParams, QUOTES))),
  );

  // Clock-bound answers: a cache keeps each only until it changes (freshForSeconds).
  route(app, "/api/quotes/random", "clock", context, (event) => {
    parseQuery(event.url.searchParams, {});
    const at = now();
    const quote = quoteOfTheDay(snapshot.quotes, at);
    if (!quote) throw notFound("there is no Quote of the Day: no quote is featured in the catalog");
    return { ...jsonRepresentation({ quote }), freshForSeconds: secondsToNextUtcDay(at) };
  });

  route(app, "/api/clips", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    return jsonRepresentation(listClips(snapshot));
  });

  route(app, "/api/events", "clock", context, (event) => {
    const filters = parseQuery(event.url.searchParams, EVENTS);
    const at = now();
    const freshForSeconds = secondsUntilEventsChange(snapshot, filters, at, MAX_AGE_SECONDS);
    return { ...jsonRepresentation(listEvents(snapshot, filters, at)), freshForSeconds };
  });
}
