/**
 * What a shared cache in front of the API may store and hand to other clients: purge tags
 * on every success, no value from a request's headers in a stored answer (but an allowed
 * Origin, varied on), preflights that vary on what they echo, and the request id, which is
 * the server's own on every answer, replayed ones included.
 */
import { describe, expect, it } from "vitest";
import { ALLOWED_ORIGIN, testCatalog } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const VERSION = testCatalog().snapshot.version;

/** One URL of every endpoint family, with the tags its answer carries after the snapshot's. */
const TAGGED: [path: string, tags: string[]][] = [
  ["/api/spots?country=PT", ["spots"]],
  ["/api/spots/map?bbox=36,-10,44,4", ["spots"]],
  ["/api/spots/meta", ["spots"]],
  ["/api/spots/pipeline", ["spots", "spot-pipeline"]],
  ["/api/surfers", ["surfers"]],
  ["/api/surfers/meta", ["surfers"]],
  ["/api/surfers/kelly-slater", ["surfers", "surfer-kelly-slater"]],
  ["/api/quotes", ["quotes"]],
  ["/api/quotes/random", ["quotes"]],
  ["/api/clips", ["clips"]],
  ["/api/events", ["events"]],
  ["/api/events/live-media", ["events"]],
  ["/api/social/feed", ["social"]],
  ["/api/social/accounts", ["social"]],
  ["/api/openapi.json", ["openapi.json"]],
  ["/api/docs", ["docs"]],
];

/**
 * Request headers a client (or a proxy it controls) may send, each with a value that names
 * it, so a value that leaks into an answer says where it came from.
 */
const PLANTED_HEADERS = [
  "x-request-id",
  "x-correlation-id",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-for",
  "x-forwarded-prefix",
  "x-original-url",
  "x-rewrite-url",
  "x-http-method-override",
  "forwarded",
  "referer",
  "user-agent",
  "cookie",
  "authorization",
  "accept",
  "accept-language",
  "accept-encoding",
  "if-none-match",
  "if-modified-since",
  "range",
  "content-type",
  "access-control-request-headers",
  "access-control-request-method",
  "origin",
  "traceparent",
  "x-planted",
];

const planted = (name: string) => `planted${name.replace(/-/g, "")}7q`;

describeMatrix("what a shared cache may hand to other clients", (http) => {
  describe("purge tags", () => {
    it.each(TAGGED)("%s carries snapshot, family and item tags, the same in both headers", async (path, tags) => {
      const response = await http.fetch(path);
      expect(response.status).toBe(200);
      const expected = [`snapshot-${VERSION}`, ...tags];
      expect(response.headers.get("surrogate-key")).toBe(expected.join(" "));
      expect(response.headers.get("cache-tag")).toBe(expected.join(","));
    });

    it("tags a 304 too (a cache that revalidates takes its headers), and no error", async () => {
      const first = await http.fetch("/api/spots/nazare");
      const again = await http.fetch("/api/spots/nazare", { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("surrogate-key")).toBe(`snapshot-${VERSION} spots spot-nazare`);
      expect(again.headers.get("cache-tag")).toBe(`snapshot-${VERSION},spots,spot-nazare`);
      for (const path of ["/api/spots/no-such-spot", "/api/spots?limit=0", "/api/nothing-here"]) {
        const error = await http.fetch(path);
        expect(error.status).toBeGreaterThanOrEqual(400);
        expect(error.headers.get("cache-control")).toBe("no-store");
        expect(error.headers.get("surrogate-key")).toBeNull();
        expect(error.headers.get("cache-tag")).toBeNull();
      }
    });

    it("does not expose the tags to browsers", async () => {
      const response = await http.fetch("/api/spots/pipeline", { headers: { origin: ALLOWED_ORIGIN } });
      expect(response.headers.get("access-control-expose-headers")).toBe("ETag, X-Request-Id, Link");
    });
  });

  describe("request headers", () => {
    it.each(TAGGED.map(([path]) => path))("no planted request header reaches the answer to %s", async (path) => {
      const headers: Record<string, string> = {};
      for (const name of PLANTED_HEADERS) headers[name] = planted(name);
      const response = await http.fetch(path, { headers });
      expect(response.status).toBe(200);
      const body = await response.text();
      const answered = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
      for (const name of PLANTED_HEADERS) {
        expect(answered, name).not.toContain(planted(name));
        expect(body, name).not.toContain(planted(name));
      }
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("echoes only an allow-listed Origin, and varies on it", async () => {
      const response = await http.fetch("/api/spots/pipeline", {
        headers: { origin: ALLOWED_ORIGIN, "x-request-id": "planted-by-client-42" },
      });
      expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
      expect([...response.headers].map(([, value]) => value).join("\n")).not.toContain("planted-by-client-42");
    });
  });

  describe("preflights", () => {
    const preflight = (requested: string) =>
      http.fetch("/api/spots", {
        method: "OPTIONS",
        headers: {
          origin: ALLOWED_ORIGIN,
          "access-control-request-method": "GET",
          "access-control-request-headers": requested,
        },
      });

    it("vary on what they echo or depend on", async () => {
      const response = await preflight("x-request-id, if-none-match");
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-headers")).toBe("x-request-id, if-none-match");
      expect(response.headers.get("vary")).toBe(
        "Origin, Access-Control-Request-Headers, Access-Control-Request-Method",
      );
    });

    it("echo only a well-formed list of header names", async () => {
      for (const requested of ["x-a, <script>", "x-a;x-b", "x-a,", "a".repeat(1025)]) {
        const response = await preflight(requested);
        expect(response.status, requested).toBe(204);
        expect(response.headers.get("access-control-allow-headers"), requested).toBeNull();
      }
    });
  });
});

describeMatrix("the request id", (http) => {
  // The id is added where answers reach the socket (serve.ts): the app alone sends none.
  const server = http.kind === "real server";
  const what = server ? "the server's own on every answer, a replayed one included" : "not the app's to send";
  it(`is ${what}, never the caller's`, async () => {
    const ids: (string | null)[] = [];
    // The third answer to one URL comes from the replay cache.
    for (let i = 0; i < 3; i++) {
      const response = await http.fetch("/api/spots?country=ES", {
        headers: { "x-request-id": "planted-by-client-42" },
      });
      expect(response.status).toBe(200);
      ids.push(response.headers.get("x-request-id"));
    }
    if (!server) return expect(ids).toEqual([null, null, null]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });
});
