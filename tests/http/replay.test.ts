/**
 * The replay cache sends exactly what the app made: for every endpoint and every
 * combination of Origin (allowed, not allowed, two, none), Accept-Encoding (none, gzip,
 * br, q-values) and If-None-Match (without, with the answer's ETag), the first request
 * of a URL, the second (both made by the app, the second kept) and the third (replayed
 * when the route allows it) have the same status line, the same headers in the same order
 * (Date and X-Request-Id aside) and the same body bytes. Raw HTTP through node:http, so
 * nothing is normalized. replay-cache.test.ts shows which of them the cache answers.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../runtime/server.ts";
import { ALLOWED_ORIGIN } from "../helpers/app.ts";
import { testDescription } from "../helpers/description.ts";
import { startTestServer } from "../helpers/server.ts";

interface Raw {
  statusLine: string;
  headers: [string, string][];
  body: Buffer;
}

/** One request, headers sent as given (an array sends a header twice); the answer as it came off the wire. */
function get(port: number, path: string, headers: Record<string, string | string[]>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          pairs.push([response.rawHeaders[i].toLowerCase(), response.rawHeaders[i + 1]]);
        }
        resolve({
          statusLine: `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}`,
          headers: pairs,
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** What must be equal between two answers to one request: all but the moment and the request's own id. */
const comparable = ({ statusLine, headers, body }: Raw) => ({
  statusLine,
  headers: headers.filter(([name]) => name !== "date" && name !== "x-request-id"),
  body: body.toString("base64"),
});

const ORIGINS: [string, string | string[] | undefined][] = [
  ["allowed", ALLOWED_ORIGIN],
  ["not allowed", "https://surf.example.evil.test"],
  ["two origins", [ALLOWED_ORIGIN, "https://elsewhere.example"]],
  ["no origin", undefined],
];
const ENCODINGS: [string, string | undefined][] = [
  ["identity", undefined],
  ["gzip", "gzip"],
  ["br", "br"],
  ["q-values", "br;q=0.5, gzip;q=0.9, *;q=0"],
];

/** Every endpoint, by the request its description gives as an example. */
const REQUESTS = Object.values(testDescription().paths).map((item) => item.get!["x-example-request"]!);

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ corsOrigins: new Set([ALLOWED_ORIGIN]) });
});
afterAll(() => server.close());

describe("a repeated request gets the very answer the first one got", () => {
  it("covers every endpoint of the description", () => {
    expect(REQUESTS).toHaveLength(16);
  });

  for (const [originName, origin] of ORIGINS) {
    for (const [encodingName, acceptEncoding] of ENCODINGS) {
      for (const conditional of [false, true]) {
        const name = `Origin ${originName}, Accept-Encoding ${encodingName}, If-None-Match ${conditional}`;
        it(name, async () => {
          // A fresh generation: every URL's first request below is the first this cache sees.
          expect(await server.reload()).toBe(true);
          const headers: Record<string, string | string[]> = {};
          if (origin) headers.origin = origin;
          if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
          for (const path of REQUESTS) {
            if (conditional) {
              // Asked for twice, the 200 is kept: only then can a 304 for its ETag be kept beside it.
              delete headers["if-none-match"];
              await get(server.port, path, headers);
              const etag = (await get(server.port, path, headers)).headers.find(([header]) => header === "etag");
              expect(etag, `${path} has an ETag`).toBeDefined();
              headers["if-none-match"] = etag![1];
            } else {
              delete headers["if-none-match"];
            }
            const first = await get(server.port, path, headers);
            const kept = await get(server.port, path, headers);
            const replayed = await get(server.port, path, headers);
            expect(comparable(kept), path).toEqual(comparable(first));
            expect(comparable(replayed), path).toEqual(comparable(first));
            expect(first.statusLine, path).toMatch(conditional ? / 304 Not Modified$/ : / 200 OK$/);
          }
        });
      }
    }
  }
});

describe("what varies, varies", () => {
  it("an allowed origin is echoed, another origin or two of them get no CORS header, made or replayed", async () => {
    const path = "/api/spots?country=PT&limit=2";
    for (const [origin, expected] of [
      [ALLOWED_ORIGIN, ALLOWED_ORIGIN],
      ["https://elsewhere.example", undefined],
      [[ALLOWED_ORIGIN, "https://elsewhere.example"], undefined],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const { headers } = await get(server.port, path, { origin: origin as string | string[] });
        expect(headers.find(([name]) => name === "access-control-allow-origin")?.[1]).toBe(expected);
      }
    }
  });

  it("each encoding is sent as negotiated, with its own ETag, and decodes to the same JSON", async () => {
    const path = "/api/spots?limit=50";
    const plain = await get(server.port, path, {});
    const header = (raw: Raw, name: string) => raw.headers.find(([key]) => key === name)?.[1];
    for (const encoding of ["br", "gzip"]) {
      const encoded = await get(server.port, path, { "accept-encoding": encoding });
      expect(header(encoded, "content-encoding")).toBe(encoding);
      expect(header(encoded, "etag")).toBe(`${header(plain, "etag")!.slice(0, -1)}-${encoding}"`);
      const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
      const decoded = encoding === "br" ? brotliDecompressSync(encoded.body) : gunzipSync(encoded.body);
      expect(decoded.equals(plain.body)).toBe(true);
    }
  });
});
