/** What a request's log line says of its path and query: secrets redacted, even behind percent-escapes. */
import { describe, expect, it } from "vitest";
import { loggablePath } from "../../runtime/http/request-log.ts";

describe("the logged path and query", () => {
  it.each([
    ["/api/spots?q=reef&country=pt%2Ces", "q=reef&country=pt%2Ces"],
    ["/api/spots?q=caf%C3%A9&limit=2", "q=caf%C3%A9&limit=2"],
    ["/api/spots?access_token=hunter2&q=x", "access_token=[redacted]&q=x"],
    ["/api/spots?%74oken=hunter2&q=x", "%74oken=[redacted]&q=x"],
    ["/api/spots?q=x%2Cy&api%4Bey=hunter2", "q=x%2Cy&api%4Bey=[redacted]"],
    ["/api/spots?q=%74oken", "q=%74oken"],
  ])("logs %s with the query %s", (url, query) => {
    expect(loggablePath(url)).toEqual({ path: "/api/spots", query });
  });

  it("logs a path without a query as it is", () => {
    expect(loggablePath("/api/spots")).toEqual({ path: "/api/spots", query: undefined });
  });
});
