/**
 * One answer, two exits: the real server writes the app's Answer to the socket
 * (writeAnswer), and `app.request` hands back the same Answer as a web Response
 * (toWebResponse). For successes, 304s, compression, CORS, preflights and every kind of
 * error, both give the same status, the same headers and the same bytes.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../runtime/server.ts";
import { ALLOWED_ORIGIN, testApp } from "../helpers/app.ts";
import { startTestServer } from "../helpers/server.ts";

interface Seen {
  status: number;
  /** Name and value, names lower case, sorted (web Headers iterate sorted; a socket keeps the order written). */
  headers: string[];
  body: string;
}

/** Headers only the socket has: the moment, the connection, the request's own id. */
const SOCKET_ONLY = new Set(["date", "connection", "keep-alive", "x-request-id"]);

function socketAnswer(port: number, method: string, path: string, headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const pairs: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i].toLowerCase();
          if (!SOCKET_ONLY.has(name)) pairs.push(`${name}: ${response.rawHeaders[i + 1]}`);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: pairs.sort(),
          body: Buffer.concat(chunks).toString("hex"),
        });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const app = testApp();

async function appAnswer(method: string, path: string, headers: Record<string, string>): Promise<Seen> {
  const response = await app.request(path, { method, headers });
  const pairs: string[] = [];
  response.headers.forEach((value, name) => {
    pairs.push(`${name}: ${value}`);
  });
  return {
    status: response.status,
    headers: pairs.sort(),
    body: Buffer.from(await response.arrayBuffer()).toString("hex"),
  };
}

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ corsOrigins: new Set([ALLOWED_ORIGIN]) });
});
afterAll(() => server.close());

const CASES: [string, string, string, Record<string, string>][] = [
  ["a page", "GET", "/api/spots?limit=2", {}],
  ["a page in brotli", "GET", "/api/spots?limit=20", { "accept-encoding": "br" }],
  [
    "a map in gzip, for an allowed origin",
    "GET",
    "/api/spots/map?zoom=2",
    { "accept-encoding": "gzip", origin: ALLOWED_ORIGIN },
  ],
  ["facets, for an origin not allowed", "GET", "/api/spots/meta?country=PT", { origin: "https://elsewhere.example" }],
  ["the description", "GET", "/api/openapi.json", { "accept-encoding": "br" }],
  ["a preflight", "OPTIONS", "/api/spots", { origin: ALLOWED_ORIGIN, "access-control-request-method": "GET" }],
  ["a 400", "GET", "/api/spots?limit=abc", {}],
  ["a 404 of a detail", "GET", "/api/spots/no-such-spot", { origin: ALLOWED_ORIGIN }],
  ["a 404 of no route", "GET", "/api/nowhere", {}],
  ["a 404 outside the API", "GET", "/elsewhere", {}],
  ["a 405", "DELETE", "/api/spots", {}],
];

describe("the socket and app.request", () => {
  it.each(CASES)("give the same answer: %s", async (_, method, path, headers) => {
    const onSocket = await socketAnswer(server.port, method, path, headers);
    expect(onSocket.status).not.toBe(500);
    expect(await appAnswer(method, path, headers)).toEqual(onSocket);
  });

  it("give the same 304 to a request that holds the ETag", async () => {
    const { headers } = await appAnswer("GET", "/api/spots?limit=3", {});
    const etag = headers.find((header) => header.startsWith("etag: "))!.slice("etag: ".length);
    const onSocket = await socketAnswer(server.port, "GET", "/api/spots?limit=3", { "if-none-match": etag });
    expect(onSocket.status).toBe(304);
    expect(await appAnswer("GET", "/api/spots?limit=3", { "if-none-match": etag })).toEqual(onSocket);
  });
});
