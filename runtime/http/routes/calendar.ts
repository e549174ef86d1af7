/** Quotes and clips (snapshot only), and what depends on the clock: events and the Quote of the Day. */
import type { H3 } from "h3";
import { EVENT_STATUSES } from "../../../core/resources.ts";
import type { Snapshot } from "../../../core/snapshot-format.ts";
import { listClips, listEvents, listQuotes } from "../../calendar/queries.ts";
import { quoteOfTheDay } from "../../calendar/quote-of-the-day.ts";
import { notFound } from "../errors.ts";
import { filterValues, oneOfParam, parseQuery, yearParam } from "../params.ts";
import { jsonRepresentation, type ResponseContext } from "../respond.ts";
import { route } from "../route.ts";

const EVENTS = { org: filterValues, tour: filterValues, year: yearParam, status: oneOfParam(EVENT_STATUSES) };

export function registerCalendarRoutes(app: H3, snapshot: Snapshot, context: ResponseContext, now: () => Date): void {
  const QUOTES = { category: oneOfParam(snapshot.vocabularies.category), surfer: filterValues };
  route(app, "/api/quotes", "snapshot", context, (event) =>
    jsonRepresentation(listQuotes(snapshot, parseQuery(event.url.searchParams, QUOTES))),
  );

  route(app, "/api/quotes/random", "clock", context, (event) => {
    parseQuery(event.url.searchParams, {});
    const quote = quoteOfTheDay(snapshot.quotes, now());
    if (!quote) throw notFound("there is no Quote of the Day: no quote is featured in the catalog");
    return jsonRepresentation({ quote });
  });

  route(app, "/api/clips", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    return jsonRepresentation(listClips(snapshot));
  });

  route(app, "/api/events", "clock", context, (event) =>
    jsonRepresentation(listEvents(snapshot, parseQuery(event.url.searchParams, EVENTS), now())),
  );
}
