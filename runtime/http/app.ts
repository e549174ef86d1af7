/** The h3 application: every route, and the one error hook that writes the envelope. */
import { tmpdir } from "node:os";
import path from "node:path";
import { H3 } from "h3";
import { type Memo, MemoryBudget } from "../memory-budget.ts";
import type { OpenApiDocument } from "../openapi/types.ts";
import type { Catalog } from "../snapshot.ts";
import { FileSocialStore } from "../social/file-store.ts";
import { SocialService } from "../social/service.ts";
import { webRequestConditions } from "./answer.ts";
import type { OriginAllowList } from "./cors.ts";
import { notFound, type ReportFailure } from "./errors.ts";
import { errorAnswer, type ResponseContext } from "./respond.ts";
import { settle } from "./route.ts";
import { registerCalendarRoutes } from "./routes/calendar.ts";
import { registerCatalogRoutes } from "./routes/catalog.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerSocialRoutes } from "./routes/social.ts";

export interface AppOptions {
  catalog: Catalog;
  corsOrigins: OriginAllowList;
  /** What queries may remember between requests (default: a small budget of the app's own). */
  memo?: Memo;
  /** The clock: event status and the Quote of the Day depend on it. */
  now?: () => Date;
  /** Where unexpected failures are logged (default: stderr). */
  reportFailure?: ReportFailure;
  /** The social integration; without it the social endpoints answer as unconfigured. */
  social?: SocialService;
  /** The description served at /api/openapi.json and rendered at /api/docs (without it, those paths are 404). */
  openapi?: OpenApiDocument;
  /** The address the docs page shows in its curl lines (PUBLIC_URL). */
  publicUrl?: string;
}

export function createApp(options: AppOptions): H3 {
  const context: ResponseContext = {
    corsOrigins: options.corsOrigins,
    snapshotVersion: options.catalog.snapshot.version,
    reportFailure: options.reportFailure,
  };
  // silent: h3 would log every thrown 4xx; errorAnswer reports the 5xx itself.
  const app = new H3({
    silent: true,
    onError: (error, event) =>
      settle(event, errorAnswer(error, event, webRequestConditions(event.req.headers), context)),
  });
  const memo = options.memo ?? new MemoryBudget(16 * 2 ** 20);
  registerCatalogRoutes(app, options.catalog, context, memo);
  const now = options.now ?? (() => new Date());
  registerCalendarRoutes(app, options.catalog.snapshot, context, now);
  const social = options.social ?? unconfiguredSocial(options.catalog, now());
  registerSocialRoutes(app, social, context, now);
  if (options.openapi) {
    registerMetaRoutes(app, options.openapi, options.publicUrl ?? "http://localhost:3000", context);
  }
  const unknownPath = () => {
    throw notFound("no such endpoint under /api/; the endpoints are listed at /api/docs");
  };
  app.all("/api", unknownPath);
  app.all("/api/**", unknownPath);
  return app;
}

/** No credentials, and a cache file of this process's own that nothing writes. */
function unconfiguredSocial(catalog: Catalog, startedAt: Date): SocialService {
  const store = new FileSocialStore({ file: path.join(tmpdir(), `surf-catalog-no-social-${process.pid}.json`) });
  return new SocialService(catalog.snapshot, store, { client: null, startedAt });
}
