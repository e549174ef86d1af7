/** The conventions every endpoint shares: methods, paths, parameters, errors, headers, CORS. */
import { describe, expect, it } from "vitest";
import { ALLOWED_ORIGIN } from "../helpers/app.ts";
import { describeMatrix } from "../helpers/matrix.ts";

const ENDPOINTS = [
  "/api/spots",
  "/api/spots/map",
  "/api/spots/meta",
  "/api/spots/pipeline",
  "/api/surfers",
  "/api/surfers/meta",
  "/api/surfers/kelly-slater",
];

describeMatrix("the conventions every endpoint shares", (http) => {
  describe("methods", () => {
    it.each(["POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])(
      "%s is 405 METHOD_NOT_ALLOWED with Allow: GET on every endpoint",
      async (method) => {
        for (const path of ENDPOINTS) {
          const response = await http.fetch(path, { method });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get("allow")).toBe("GET");
          expect(response.headers.get("cache-control")).toBe("no-store");
          if (method !== "HEAD")
            expect(await response.json()).toEqual({
              error: `${method} is not allowed; this API is read-only, use GET`,
              code: "METHOD_NOT_ALLOWED",
            });
        }
      },
    );

    it("answers a CORS preflight from an allowed origin with 204 and the CORS headers", async () => {
      const response = await http.fetch("/api/spots", {
        method: "OPTIONS",
        headers: {
          origin: ALLOWED_ORIGIN,
          "access-control-request-method": "GET",
          "access-control-request-headers": "if-none-match",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      expect(response.headers.get("access-control-allow-methods")).toBe("GET");
      expect(response.headers.get("access-control-allow-headers")).toBe("if-none-match");
      expect(await response.text()).toBe("");
    });

    it("answers a preflight from any other origin with the plain 405", async () => {
      const response = await http.fetch("/api/spots", {
        method: "OPTIONS",
        headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("unknown paths", () => {
    it.each(["/api", "/api/", "/api/spot", "/api/spots/pipeline/extra", "/api/x/y", "/elsewhere"])(
      "%s is 404 NOT_FOUND in the envelope",
      async (path) => {
        const { status, body, headers } = await http.getJson(path);
        expect(status).toBe(404);
        expect(body.code).toBe("NOT_FOUND");
        expect(Object.keys(body).sort()).toEqual(["code", "error"]);
        expect(headers.get("cache-control")).toBe("no-store");
      },
    );

    it.each([
      "/api/spots/Pipeline",
      "/api/spots/..%2F..%2Fetc%2Fpasswd",
      "/api/spots/a--b",
      `/api/spots/${"a".repeat(101)}`,
      "/api/surfers/kelly_slater",
    ])("a slug that is not a slug (%s) is 404, never a file read or a 500", async (path) => {
      const { status, body } = await http.getJson(path);
      expect(status).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    });
  });

  describe("strict query parameters", () => {
    it("rejects an unknown parameter and suggests the declared one it resembles", async () => {
      const { status, body } = await http.getJson("/api/spots?wavetype=reef");
      expect(status).toBe(400);
      expect(body).toEqual({ error: "unknown parameter 'wavetype'; did you mean 'wave_type'?", code: "INVALID_QUERY" });
    });

    it("lists the accepted parameters when nothing is close", async () => {
      const { body } = await http.getJson("/api/surfers/meta?zzzzzz=1");
      expect(body.error).toBe(
        "unknown parameter 'zzzzzz'; this endpoint accepts q, country, discipline, era, tier, stance",
      );
    });

    it("rejects parameters on a detail endpoint", async () => {
      const { status, body } = await http.getJson("/api/spots/pipeline?limit=1");
      expect(status).toBe(400);
      expect(body.error).toBe("unknown parameter 'limit'; this endpoint takes no parameters");
    });

    it("takes a repeated filter as its values listed (OR), and rejects any other parameter given twice", async () => {
      const listed = await http.getJson("/api/spots?country=PT,ES&wave_type=reef&limit=100");
      const repeated = await http.getJson("/api/spots?country=PT&country=ES&wave_type=reef&limit=100");
      const both = await http.getJson("/api/spots?country=PT&country=ES,PT&country=&wave_type=reef&limit=100");
      expect(repeated.status).toBe(200);
      expect(repeated.body).toEqual(listed.body);
      expect(both.body).toEqual(listed.body);
      expect(listed.body.total).toBeGreaterThan(0);
      for (const query of ["limit=5&limit=6", "q=pipe&q=bells", "bbox=0,0,1,1&bbox=0,0,2,2", "near=1,1&near=2,2"]) {
        const { status, body } = await http.getJson(`/api/spots?${query}`);
        expect(status, query).toBe(400);
        expect(body.error).toBe(`parameter '${query.split("=")[0]}' is given 2 times; give it once`);
      }
    });

    it("refuses a value outside a closed vocabulary with the closest one", async () => {
      for (const [path, message] of [
        [
          "/api/spots?wave_type=reeef",
          "wave_type has no value 'reeef': did you mean 'reef'? It takes one of beach, reef, point, river-mouth, " +
            "several separated by commas",
        ],
        ["/api/spots/meta?tag=barell", "tag has no value 'barell': did you mean 'barrel'? It takes one of the"],
        ["/api/surfers?era=modren", "era has no value 'modren': did you mean 'modern'? It takes one of"],
        ["/api/quotes?category=humor", "category has no value 'humor': did you mean 'humour'? It takes one of"],
        ["/api/spots?tier=legendary", "tier has no value 'legendary'. It takes one of iconic, regional, local"],
      ]) {
        const { status, body } = await http.getJson(path);
        expect(status, path).toBe(400);
        expect(body.error.startsWith(message), `${path}: ${body.error}`).toBe(true);
      }
    });

    it("treats an empty value as absent, so HTML forms work", async () => {
      const plain = await http.getJson("/api/spots");
      const empty = await http.getJson("/api/spots?country=&q=&limit=&region=");
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual(plain.body);
    });

    it.each([
      ["limit=0", "limit must be a whole number from 1 to 100 (default 20); got '0'"],
      ["limit=101", "limit must be a whole number from 1 to 100 (default 20); got '101'"],
      ["limit=-1", "limit must be a whole number from 1 to 100 (default 20); got '-1'"],
      ["limit=1.5", "limit must be a whole number from 1 to 100 (default 20); got '1.5'"],
      ["limit=1e1", "limit must be a whole number from 1 to 100 (default 20); got '1e1'"],
      ["limit=%2B5", "limit must be a whole number from 1 to 100 (default 20); got '+5'"],
      ["limit=abc", "limit must be a whole number from 1 to 100 (default 20); got 'abc'"],
      ["offset=-1", "offset must be a whole number from 0 to 1000000 (default 0); got '-1'"],
      ["offset=1000001", "offset must be a whole number from 0 to 1000000 (default 0); got '1000001'"],
      [
        "offset=99999999999999999999",
        "offset must be a whole number from 0 to 1000000 (default 0); got '99999999999999999999'",
      ],
      [`q=${"a".repeat(201)}`, "q must be at most 200 characters; got 201"],
      [
        "country=Portugal",
        "country takes ISO 3166-1 alpha-2 codes separated by commas, like PT,ES; 'portugal' is not one",
      ],
      ["country=PT,XX", "country takes ISO 3166-1 alpha-2 codes separated by commas, like PT,ES; 'xx' is not one"],
    ])("?%s is 400 with a message that says what to send", async (query, message) => {
      const { status, body } = await http.getJson(`/api/spots?${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: message, code: "INVALID_QUERY" });
    });

    it("accepts the bounds of limit and offset", async () => {
      expect((await http.getJson("/api/spots?limit=100&offset=1000000")).status).toBe(200);
      expect((await http.getJson("/api/spots?limit=1&offset=0")).body.spots).toHaveLength(1);
    });

    it("defaults limit to 20 and offset to 0", async () => {
      const { body } = await http.getJson("/api/spots");
      expect(body.limit).toBe(20);
      expect(body.offset).toBe(0);
      expect(body.spots).toHaveLength(20);
    });
  });

  describe("success headers", () => {
    it("every endpoint sends the cache policy, a strong ETag, Vary: Origin and nosniff", async () => {
      for (const path of ENDPOINTS) {
        const response = await http.fetch(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=600");
        expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
        expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      }
    });

    it("answers 304 with no body to a matching If-None-Match, 200 to another", async () => {
      const first = await http.fetch("/api/spots?country=PT");
      const etag = first.headers.get("etag")!;
      const again = await http.fetch("/api/spots?country=PT", { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      const weak = await http.fetch("/api/spots?country=PT", { headers: { "if-none-match": `"other", W/${etag}` } });
      expect(weak.status).toBe(304);
      const other = await http.fetch("/api/spots?country=PT", { headers: { "if-none-match": '"other"' } });
      expect(other.status).toBe(200);
    });

    it("gives equal ETags to equal answers and different ETags to different ones", async () => {
      const etagOf = async (path: string) => (await http.fetch(path)).headers.get("etag");
      expect(await etagOf("/api/spots?country=pt")).toBe(await etagOf("/api/spots?country=PT"));
      expect(await etagOf("/api/spots?country=PT")).not.toBe(await etagOf("/api/spots?country=ES"));
    });
  });

  describe("ETags of gathered bodies", () => {
    // Pages and maps are assembled from the snapshot's pieces: over many of them an ETag stands
    // for exactly one body, and a body for one ETag (etag.test.ts does the same over 2,000 URLs
    // and two server processes).
    const paths: string[] = [];
    for (const q of ["", "q=reef", "q=pipe", "q=portugal"]) {
      for (const filter of ["", "country=PT", "wave_type=reef", "country=US,AU&tier=iconic"]) {
        for (const page of ["limit=1", "limit=2", "limit=1&offset=1", "limit=5&offset=3", "limit=100"]) {
          paths.push(`/api/spots?${[q, filter, page].filter(Boolean).join("&")}`);
        }
        paths.push(`/api/spots/map?${[q, filter].filter(Boolean).join("&")}`);
        for (const zoom of [0, 2, 5, 9])
          paths.push(`/api/spots/map?${[q, filter, `zoom=${zoom}`].filter(Boolean).join("&")}`);
      }
      paths.push(`/api/surfers?${[q, "limit=3"].filter(Boolean).join("&")}`);
    }
    for (const near of ["38.7,-9.4", "-33.9,18.4", "21.6,-158.1"]) {
      paths.push(`/api/spots?near=${near}`, `/api/spots?near=${near}&radius_km=50&limit=3`);
      paths.push(`/api/spots/map?near=${near}&radius_km=300`, `/api/spots/map?near=${near}&radius_km=300&zoom=6`);
    }

    it(`pair one to one with the bytes over ${paths.length} answers`, async () => {
      const bodyOf = new Map<string, string>();
      const etagOf = new Map<string, string>();
      for (const path of paths) {
        const response = await http.fetch(path);
        expect(response.status, path).toBe(200);
        const etag = response.headers.get("etag")!;
        const body = await response.text();
        expect(bodyOf.get(etag) ?? body, `${path}: an ETag already given to other bytes`).toBe(body);
        expect(etagOf.get(body) ?? etag, `${path}: these bytes already had another ETag`).toBe(etag);
        bodyOf.set(etag, body);
        etagOf.set(body, etag);
      }
      // The grid holds answers that are equal through different URLs, and many that differ.
      expect(bodyOf.size).toBeGreaterThan(paths.length / 2);
      expect(bodyOf.size).toBeLessThan(paths.length);
    });
  });

  describe("CORS", () => {
    it("echoes an allowed origin, on successes and on errors", async () => {
      const ok = await http.fetch("/api/spots", { headers: { origin: ALLOWED_ORIGIN } });
      expect(ok.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      const error = await http.fetch("/api/spots?limit=0", { headers: { origin: ALLOWED_ORIGIN } });
      expect(error.status).toBe(400);
      expect(error.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    });

    it.each([
      "https://surf.example.evil.test",
      "http://surf.example",
      "https://surf.example:8443",
      "https://evil-surf.example",
      "null",
      "https://SURF.example.evil",
    ])("sends no CORS header at all to %s", async (origin) => {
      const response = await http.fetch("/api/spots", { headers: { origin } });
      expect(response.status).toBe(200);
      expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
      expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
    });
  });

  describe("the error envelope", () => {
    it("is exactly {error, code} with JSON content type and no-store", async () => {
      const response = await http.fetch("/api/spots?bbox=1");
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toBeNull();
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(["code", "error"]);
    });
  });
});
