/** Quotes, clips and events. Answers that depend on the clock name their moment in the cache key. */
import type { H3 } from "h3";
import { EVENT_STATUSES } from "../../../core/resources.ts";
import type { Snapshot } from "../../../core/snapshot-format.ts";
import { eventsAt, listClips, listEvents, listQuotes } from "../../calendar/queries.ts";
import { quoteOfTheDay, utcDayNumber } from "../../calendar/quote-of-the-day.ts";
import { notFound } from "../errors.ts";
import { filterValues, oneOfParam, yearParam } from "../params.ts";
import { type ResponseContext, respondJson, respondSnapshotJson } from "../respond.ts";
import { getRoute } from "../route.ts";
import { parseRequest } from "./request.ts";

const QUOTES = { category: filterValues, surfer: filterValues };
const EVENTS = { org: filterValues, tour: filterValues, year: yearParam, status: oneOfParam(EVENT_STATUSES) };

export function registerCalendarRoutes(app: H3, snapshot: Snapshot, context: ResponseContext, now: () => Date): void {
  getRoute(app, "/api/quotes", context, (event) => {
    const { params, key } = parseRequest(event, QUOTES);
    return respondSnapshotJson(event, context, key, () => listQuotes(snapshot, params));
  });

  getRoute(app, "/api/quotes/random", context, (event) => {
    const { key } = parseRequest(event, {});
    const at = now();
    const quote = quoteOfTheDay(snapshot.quotes, at);
    if (!quote) throw notFound("there is no Quote of the Day: no quote is featured in the catalog");
    return respondJson(event, context, `${key} day=${utcDayNumber(at)}`, () => ({ quote }));
  });

  getRoute(app, "/api/clips", context, (event) => {
    const { key } = parseRequest(event, {});
    return respondSnapshotJson(event, context, key, () => listClips(snapshot));
  });

  getRoute(app, "/api/events", context, (event) => {
    const { params, key } = parseRequest(event, EVENTS);
    const at = now();
    // The answer changes only when some event's status does: that is its cache key.
    const statuses = eventsAt(snapshot, at)
      .map((surfEvent) => surfEvent.status[0])
      .join("");
    return respondJson(event, context, `${key} statuses=${statuses}`, () => listEvents(snapshot, params, at));
  });
}
