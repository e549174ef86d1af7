/** Registering an API route: GET only (405 otherwise), CORS preflights answered first. */
import type { H3, H3Event } from "h3";
import { SLUG_MAX_LENGTH, SLUG_PATTERN_SOURCE } from "../../core/slug.ts";
import { corsHeaders, isPreflight, preflightHeaders } from "./cors.ts";
import { methodNotAllowed, notFound } from "./errors.ts";
import { type ResponseContext, respondPreflight } from "./respond.ts";

export type Handler = (event: H3Event) => Response | Promise<Response>;

/**
 * Registered with `all` because h3 routes by method: a GET-only route would answer
 * POST with 404 instead of 405 (and h3 has no automatic 405).
 */
export function getRoute(app: H3, path: string, context: ResponseContext, handler: Handler): void {
  app.all(path, (event) => {
    const { req } = event;
    if (isPreflight(req) && Object.keys(corsHeaders(req.headers.get("origin"), context.corsOrigins)).length > 0) {
      return respondPreflight(event, context, preflightHeaders(req));
    }
    if (req.method !== "GET") throw methodNotAllowed(req.method);
    return handler(event);
  });
}

const SLUG = new RegExp(`^${SLUG_PATTERN_SOURCE}$`);

/** The `{slug}` of a detail route; anything that is not a slug is simply not found. */
export function slugParam(event: H3Event, what: string): string {
  const slug = event.context.params?.slug ?? "";
  if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug))
    throw notFound(`no ${what} with that slug; slugs are lowercase words joined by hyphens, like 'bells-beach'`);
  return slug;
}
