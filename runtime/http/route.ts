/**
 * Registering an API route: GET only (405 otherwise), CORS preflights answered first, and
 * the answer made by respond.ts. Each route says here, once, what its answer depends on:
 * only the snapshot (then the replay cache may send it again for the same request), or
 * also the clock or the social cache (then it is made anew each time).
 */
import type { H3, H3Event } from "h3";
import { SLUG_MAX_LENGTH, SLUG_PATTERN_SOURCE } from "../../core/slug.ts";
import { type Answer, toWebResponse, webRequestConditions } from "./answer.ts";
import { isPreflight, preflightHeaders } from "./cors.ts";
import { methodNotAllowed, notFound } from "./errors.ts";
import { purgeTags } from "./purge-tags.ts";
import { preflightAnswer, type Representation, type ResponseContext, successAnswer } from "./respond.ts";

export type AnswersFrom = "snapshot" | "clock" | "social";

export type Handler = (event: H3Event) => Representation | Promise<Representation>;

/**
 * What the server lends the app for one request, through h3's public request context
 * (`app.request(request, undefined, { exchange })`): the route, or the error hook, leaves
 * the answer here, and the server writes it to the socket and may keep it for replay.
 */
export interface Exchange {
  answer?: Answer;
  /** What the answer depends on, as the route declared. */
  answersFrom?: AnswersFrom;
  /** The pattern of the route that answered (`/api/spots/:slug`), for the metrics' labels. */
  route?: string;
}

declare module "h3" {
  interface H3EventContext {
    /** Present when the server made the request; absent when a caller only wants h3's Response. */
    exchange?: Exchange;
  }
}

/**
 * The one exit for an answer. Given the server's exchange, the answer goes there and null
 * goes back to h3 (h3 still makes a Response of its own from it, which the server never
 * reads); otherwise (a test calling `app.request`) h3 hands back the answer as a web Response.
 */
export function settle(event: H3Event, answer: Answer): Response | null {
  const { exchange } = event.context;
  if (!exchange) return toWebResponse(answer);
  exchange.answer = answer;
  return null;
}

/**
 * Registered with `all` because h3 routes by method: a GET-only route would answer
 * POST with 404 instead of 405 (and h3 has no automatic 405).
 */
export function route(app: H3, path: string, answersFrom: AnswersFrom, context: ResponseContext, handler: Handler) {
  app.all(path, async (event) => {
    const { req } = event;
    const { exchange } = event.context;
    if (exchange) {
      exchange.answersFrom = answersFrom;
      exchange.route = path;
    }
    const conditions = webRequestConditions(req.headers);
    if (isPreflight(req) && context.corsOrigins.has(conditions.origin ?? "")) {
      return settle(event, preflightAnswer(conditions, context, preflightHeaders(req)));
    }
    if (req.method !== "GET") throw methodNotAllowed(req.method);
    const body = await handler(event);
    // The handler took the slug only if it is one (slugParam); only detail routes have one.
    const tags = purgeTags(context.snapshotVersion, path, event.context.params?.slug);
    return settle(event, await successAnswer(conditions, context, body, tags));
  });
}

const SLUG = new RegExp(`^${SLUG_PATTERN_SOURCE}$`);

/** The `{slug}` of a detail route; anything that is not a slug is simply not found. */
export function slugParam(event: H3Event, what: string): string {
  const slug = event.context.params?.slug ?? "";
  if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug)) {
    throw notFound(`no ${what} with that slug; slugs are lowercase words joined by hyphens, like 'bells-beach'`);
  }
  return slug;
}
