/** The social feed, account scores and live event media: from the sidecar cache, refreshed on demand. */
import type { H3 } from "h3";
import { FeedUnavailable, type SocialService } from "../../social/service.ts";
import { socialUnavailable } from "../errors.ts";
import { type ResponseContext, respondJsonNow } from "../respond.ts";
import { getRoute } from "../route.ts";
import { parseRequest } from "./request.ts";

export function registerSocialRoutes(app: H3, social: SocialService, context: ResponseContext, now: () => Date): void {
  getRoute(app, "/api/social/feed", context, async (event) => {
    parseRequest(event, {});
    try {
      return respondJsonNow(event, context, await social.feed(now()));
    } catch (error) {
      if (error instanceof FeedUnavailable)
        throw socialUnavailable(
          "the social feed could not be fetched and no cached copy exists; try again in a few minutes",
        );
      throw error;
    }
  });

  getRoute(app, "/api/social/accounts", context, (event) => {
    parseRequest(event, {});
    return respondJsonNow(event, context, social.accounts());
  });

  getRoute(app, "/api/events/live-media", context, async (event) => {
    parseRequest(event, {});
    return respondJsonNow(event, context, await social.liveMedia(now()));
  });
}
