/** Parsing a request's query once, and naming the answer by its path and normalized parameters. */
import type { H3Event } from "h3";
import { type ParamSpec, type ParamsOf, parseQuery } from "../params.ts";

export function parseRequest<S extends ParamSpec>(event: H3Event, spec: S): { params: ParamsOf<S>; key: string } {
  const params = parseQuery(event.url.searchParams, spec);
  const normalized = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]]);
  return { params, key: `${event.url.pathname.replace(/\/$/, "")} ${JSON.stringify(normalized)}` };
}
