/** The API describing itself: the OpenAPI document as JSON, and the HTML reference rendered from it. */
import type { H3 } from "h3";
import { DOCS_HEADERS } from "../../docs/headers.ts";
import { renderDocs } from "../../docs/render.ts";
import type { OpenApiDocument } from "../../openapi/types.ts";
import { type ResponseContext, respondHtml, respondSnapshotJson } from "../respond.ts";
import { getRoute } from "../route.ts";
import { parseRequest } from "./request.ts";

export function registerMetaRoutes(app: H3, openapi: OpenApiDocument, context: ResponseContext): void {
  getRoute(app, "/api/openapi.json", context, (event) => {
    const { key } = parseRequest(event, {});
    return respondSnapshotJson(event, context, key, () => openapi);
  });

  getRoute(app, "/api/docs", context, (event) => {
    parseRequest(event, {});
    // The curl lines name the origin the reader reached us at, so they work as copied.
    return respondHtml(event, context, renderDocs(openapi, event.url.origin), DOCS_HEADERS);
  });
}
