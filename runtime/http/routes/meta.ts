/**
 * The API describing itself: the OpenAPI document as JSON, and the HTML reference
 * rendered from it. Each is made once, when first asked for (rendering the page at start
 * would slow every start for a page few ask for), and kept with its compressed
 * variants; the page's base address is PUBLIC_URL, never the request's Host.
 */
import type { H3 } from "h3";
import { DOCS_HEADERS } from "../../docs/headers.ts";
import { renderDocs } from "../../docs/render.ts";
import type { OpenApiDocument } from "../../openapi/types.ts";
import { parseQuery } from "../params.ts";
import {
  HTML_TYPE,
  jsonRepresentation,
  lasting,
  type Representation,
  type ResponseContext,
  representation,
} from "../respond.ts";
import { route } from "../route.ts";

export function registerMetaRoutes(app: H3, openapi: OpenApiDocument, publicUrl: string, context: ResponseContext) {
  let description: Representation | undefined;
  let page: Representation | undefined;

  route(app, "/api/openapi.json", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    description ??= lasting(jsonRepresentation(openapi));
    return description;
  });

  route(app, "/api/docs", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    page ??= lasting(representation(Buffer.from(renderDocs(openapi, publicUrl)), HTML_TYPE, DOCS_HEADERS));
    return page;
  });
}
