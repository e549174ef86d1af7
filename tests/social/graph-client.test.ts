/** The Graph API client against the fake on a loopback port: mapping, paging, timeouts, error kinds. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphClient, type GraphConfig, GraphError } from "../../runtime/social/graph-client.ts";
import { toFeedPost, toLiveMediaPost } from "../../runtime/social/graph-media.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, startFakeGraph } from "../../scripts/fake-graph.ts";

let fake: FakeGraph;
let config: GraphConfig;
beforeAll(async () => {
  fake = await startFakeGraph();
  config = { baseUrl: fake.url, version: "v25.0", userId: FAKE_USER_ID, accessToken: FAKE_TOKEN, timeoutMs: 10_000 };
});
afterAll(() => fake.close());

async function failure(call: Promise<unknown>): Promise<GraphError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  expect((error as GraphError).message).not.toContain(FAKE_TOKEN);
  return error as GraphError;
}

describe("own media", () => {
  it("reads the latest media and maps them the way the network really sends them", async () => {
    const { media, dropped } = await createGraphClient(config).ownMedia(12);
    expect(dropped).toBe(0);
    expect(media).toHaveLength(12);
    const posts = media.map((item) => toFeedPost(item, "surfcatalog")!);
    expect(posts[0]).toEqual({
      id: "surfcatalog-1",
      caption: "Post 1 of surfcatalog",
      mediaType: "IMAGE",
      mediaUrl: "https://cdn.fake.example/surfcatalog/1.jpg?oe=ABC",
      permalink: "https://www.instagram.com/p/surfcatalog1/",
      timestamp: "2026-11-20T12:00:00.000Z",
      username: "surfcatalog",
    });
    expect(posts[1]).toMatchObject({
      mediaType: "VIDEO",
      mediaUrl: "https://cdn.fake.example/surfcatalog/2-thumb.jpg",
    });
    expect(posts[3].caption).toBeNull();
    expect(toLiveMediaPost(media[3], "surfcatalog")!.caption).toBe("");
    expect(fake.calls.at(-1)).toMatchObject({ path: `/v25.0/${FAKE_USER_ID}/media` });
  });
});

describe("business discovery", () => {
  it("follows the cursor until it has the latest 12 posts, and reads followers", async () => {
    const before = fake.calls.length;
    const account = await createGraphClient(config).discover("wsl", 12);
    expect(account.followers).toBe(4_521_337);
    expect(account.media.map((item) => item.id)).toEqual(Array.from({ length: 12 }, (_, i) => `wsl-${i + 1}`));
    expect(fake.calls.length - before).toBe(3);
    expect(fake.calls.at(-1)!.fields).toMatch(
      /^business_discovery\.username\(wsl\)\{.*media\.after\([^)]+\)\.limit\(2\)/,
    );
  });

  it("keeps hidden like counts absent (they count as 0 in scores)", async () => {
    const account = await createGraphClient(config).discover("wsl", 12);
    expect(account.media[2].like_count).toBeUndefined();
  });
});

describe("errors are classified by the Graph error code", () => {
  it.each([
    ["an expired token", { accessToken: "expired" }, "wsl", "expired-token"],
    ["a token that cannot be parsed", { accessToken: "nonsense" }, "wsl", "invalid-token"],
    ["an app throttle (HTTP 403, code 4)", { accessToken: "throttled" }, "wsl", "throttled"],
    ["an Instagram BUC throttle (HTTP 429, code 80002)", {}, "busy", "throttled"],
    ["an unknown or personal account (110/2207013)", {}, "notabiz", "not-found"],
    ["a 500 with an HTML body", {}, "broken", "unavailable"],
    ["an answer slower than the timeout", { timeoutMs: 200 }, "slowpoke", "timeout"],
  ])("%s", async (_case, override, username, kind) => {
    const error = await failure(createGraphClient({ ...config, ...override }).discover(username, 12));
    expect(error.kind).toBe(kind);
  });

  it("a timeout fails at the configured time, not when the answer comes", async () => {
    const started = performance.now();
    const error = await failure(createGraphClient({ ...config, timeoutMs: 200 }).discover("slowpoke", 12));
    expect(error.kind).toBe("timeout");
    // The fake answers slowpoke after 30 s; any machine gets a 200 ms timeout done in far less than 10.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("an answer that is not JSON is a bad response", async () => {
    fake.ownMediaFailure = "garbage";
    try {
      expect((await failure(createGraphClient(config).ownMedia(12))).kind).toBe("bad-response");
    } finally {
      fake.ownMediaFailure = null;
    }
  });

  it("a server that is not there is unavailable", async () => {
    const error = await failure(createGraphClient({ ...config, baseUrl: "http://127.0.0.1:9" }).ownMedia(12));
    expect(error.kind).toBe("unavailable");
  });

  it("an expired token's message says what happened, without the token", async () => {
    const error = await failure(createGraphClient({ ...config, accessToken: "expired" }).ownMedia(12));
    expect(error.message).toMatch(/^access token rejected: Error validating access token: Session has expired/);
    expect(error.code).toBe(190);
  });
});
