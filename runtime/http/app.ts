/** The h3 application: every route, and the one error hook that writes the envelope. */
import { tmpdir } from "node:os";
import path from "node:path";
import { H3 } from "h3";
import type { OpenApiDocument } from "../openapi/types.ts";
import type { Catalog } from "../snapshot.ts";
import { SocialCacheStore } from "../social/cache-store.ts";
import { SocialService } from "../social/service.ts";
import { notFound, type ReportFailure } from "./errors.ts";
import type { FastPath } from "./fast-path.ts";
import { type ResponseContext, respondError } from "./respond.ts";
import { ResponseCache } from "./response-cache.ts";
import { registerCalendarRoutes } from "./routes/calendar.ts";
import { registerCatalogRoutes } from "./routes/catalog.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerSocialRoutes } from "./routes/social.ts";

export interface AppOptions {
  catalog: Catalog;
  corsOrigins: Set<string>;
  /** How many bytes of serialized responses to keep (least recently used go first). */
  cacheBytes?: number;
  /** With a Node server: remembers snapshot-only answers by URL for `withFastPath`. */
  fastPath?: FastPath;
  /** The clock: event status and the Quote of the Day depend on it. */
  now?: () => Date;
  /** Where unexpected failures are logged (default: stderr). */
  reportFailure?: ReportFailure;
  /** The social integration; without it the social endpoints answer as unconfigured. */
  social?: SocialService;
  /** The description served at /api/openapi.json and rendered at /api/docs (without it, those paths are 404). */
  openapi?: OpenApiDocument;
}

/** 64 MiB of answers: thousands of typical pages, a bounded amount of memory. */
export const DEFAULT_CACHE_BYTES = 64 * 2 ** 20;

export function createApp(options: AppOptions): H3 {
  const context: ResponseContext = {
    corsOrigins: options.corsOrigins,
    cache: new ResponseCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES),
    fastPath: options.fastPath,
    reportFailure: options.reportFailure,
  };
  // silent: h3 would log every thrown 4xx; respondError logs the 5xx itself.
  const app = new H3({ silent: true, onError: (error, event) => respondError(error, event, context) });
  registerCatalogRoutes(app, options.catalog, context);
  const now = options.now ?? (() => new Date());
  registerCalendarRoutes(app, options.catalog.snapshot, context, now);
  const social = options.social ?? unconfiguredSocial(options.catalog);
  registerSocialRoutes(app, social, context, now);
  if (options.openapi) registerMetaRoutes(app, options.openapi, context);
  const unknownPath = () => {
    throw notFound("no such endpoint under /api/; the endpoints are listed at /api/docs");
  };
  app.all("/api", unknownPath);
  app.all("/api/**", unknownPath);
  return app;
}

/** No credentials, and a cache file of this process's own that nothing writes. */
function unconfiguredSocial(catalog: Catalog): SocialService {
  const store = new SocialCacheStore({ file: path.join(tmpdir(), `surf-catalog-no-social-${process.pid}.json`) });
  return new SocialService(catalog.snapshot, store, null);
}
