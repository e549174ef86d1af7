/** The social feed, account scores and live event media: from the social cache, refreshed on demand. */
import type { H3 } from "h3";
import { FeedUnavailable, type SocialService } from "../../social/service.ts";
import { socialUnavailable } from "../errors.ts";
import { parseQuery } from "../params.ts";
import { jsonRepresentation, type ResponseContext } from "../respond.ts";
import { route } from "../route.ts";

export function registerSocialRoutes(app: H3, social: SocialService, context: ResponseContext, now: () => Date) {
  route(app, "/api/social/feed", "social", context, async (event) => {
    parseQuery(event.url.searchParams, {});
    try {
      return jsonRepresentation(await social.feed(now()));
    } catch (error) {
      if (!(error instanceof FeedUnavailable)) throw error;
      throw socialUnavailable(
        "the social feed could not be fetched and no cached copy exists; try again in a few minutes",
      );
    }
  });

  route(app, "/api/social/accounts", "social", context, async (event) => {
    parseQuery(event.url.searchParams, {});
    return jsonRepresentation(await social.accounts());
  });

  route(app, "/api/events/live-media", "social", context, async (event) => {
    parseQuery(event.url.searchParams, {});
    return jsonRepresentation(await social.liveMedia(now()));
  });
}
