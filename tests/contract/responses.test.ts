/**
 * Every endpoint's real answers, successes with and without filters and each error it can
 * give, held against the description: status described, body valid under its schema
 * (ajv 2020 with formats), headers described both ways. Each check runs through
 * `app.request` and through the real server on a socket (the production handler chain).
 * The three social endpoints have their own file (they need a social service with data).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_ORIGIN, testApp } from "../helpers/app.ts";
import { Contract, testDescription } from "../helpers/openapi.ts";
import { editedSnapshot, openTarget, TARGET_KINDS, type Target } from "../helpers/targets.ts";
import { expectConforms, type Seen } from "./observe.ts";

const contract = new Contract(testDescription());

const LONG_Q = "a".repeat(201);
const SOCIAL = ["/api/events/live-media", "/api/social/feed", "/api/social/accounts"];

/** [request, expected status]: the answers a client can get from each endpoint. */
const CASES: [string, number][] = [
  ["/api/spots", 200],
  ["/api/spots?country=PT,ES&limit=5", 200],
  ["/api/spots?q=pipe", 200],
  ["/api/spots?q=portugal&wave_type=reef", 200],
  ["/api/spots?tier=iconic&wave_type=reef,point&skill_level=expert&limit=100&offset=1", 200],
  ["/api/spots?region=baja%20california%20sur&tag=barrel", 200],
  ["/api/spots?country=", 200],
  ["/api/spots?limit=0", 400],
  ["/api/spots?offset=1000001", 400],
  ["/api/spots?wavetype=reef", 400],
  [`/api/spots?q=${LONG_Q}`, 400],
  ["/api/spots?country=XX", 400],
  ["/api/spots?country=PT&country=ES", 200],
  ["/api/spots?limit=5&limit=6", 400],
  ["/api/spots?wave_type=reeef", 400],
  ["/api/spots/map", 200],
  ["/api/spots/map?bbox=-25,170,-10,-170", 200],
  ["/api/spots/map?bbox=36,-10,44,4&wave_type=reef", 200],
  ["/api/spots/map?bbox=1,2,3", 400],
  ["/api/spots?near=38.7,-9.4&radius_km=50", 200],
  ["/api/spots?near=38.7,-9.4&limit=100&offset=250", 200],
  ["/api/spots?bbox=36,-10,44,4&tier=iconic", 200],
  ["/api/spots?radius_km=50", 400],
  ["/api/spots/map?zoom=2", 200],
  ["/api/spots/map?zoom=5&near=38.7,-9.4&radius_km=800&wave_type=reef", 200],
  ["/api/spots/map?zoom=21", 400],
  ["/api/spots/meta?bbox=36,-10,44,4&near=38.7,-9.4&radius_km=300", 200],
  ["/api/spots/meta?near=91,0", 400],
  ["/api/spots/map?bbox=91,0,92,1", 400],
  ["/api/spots/meta", 200],
  ["/api/spots/meta?country=PT&tag=barrel,slab", 200],
  ["/api/spots/meta?country=PT&tag=barrel,no-such-tag", 400],
  ["/api/spots/meta?limit=5", 400],
  ["/api/spots/pipeline", 200],
  ["/api/spots/nazare", 200],
  ["/api/spots/no-such-spot", 404],
  ["/api/spots/Not_A_Slug", 404],
  ["/api/spots/pipeline?limit=1", 400],
  ["/api/surfers", 200],
  ["/api/surfers?discipline=big-wave&limit=3", 200],
  ["/api/surfers?q=slater&country=US&era=pro-tour,modern&tier=iconic", 200],
  ["/api/surfers?limit=101", 400],
  ["/api/surfers?country=Portugal", 400],
  ["/api/surfers/meta", 200],
  ["/api/surfers/meta?era=current&country=BR", 200],
  ["/api/surfers/meta?wave_type=reef", 400],
  ["/api/surfers/duke-kahanamoku", 200],
  ["/api/surfers/kelly-slater", 200],
  ["/api/surfers/nobody", 404],
  ["/api/surfers/duke-kahanamoku?q=x", 400],
  ["/api/quotes", 200],
  ["/api/quotes?category=big-wave", 200],
  ["/api/quotes?surfer=laird-hamilton,greg-noll&category=BIG-WAVE", 200],
  ["/api/quotes?author=duke", 400],
  ["/api/quotes/random", 200],
  ["/api/quotes/random?day=1", 400],
  ["/api/clips", 200],
  ["/api/clips?featured=true", 400],
  ["/api/events", 200],
  ["/api/events?tour=big-wave&status=upcoming,window-open", 200],
  ["/api/events?year=2027&org=wsl", 200],
  ["/api/events?year=27", 400],
  ["/api/events?status=over", 400],
  ["/api/openapi.json", 200],
  ["/api/openapi.json?format=yaml", 400],
  ["/api/docs", 200],
  ["/api/docs?lang=fr", 400],
];

describe.each(TARGET_KINDS)("every answer conforms to the description, through %s", (kind) => {
  const seen: Seen = new Map();
  let target: Target;
  beforeAll(async () => {
    target = await openTarget(kind);
  });
  afterAll(() => target.close());
  const check = (url: string, init?: RequestInit) => expectConforms(contract, seen, target, url, init);

  it.each(CASES)("GET %s answers %i as described", async (url, status) => {
    const { status: actual } = await check(url);
    expect(actual).toBe(status);
  });

  const templates = Object.keys(testDescription().paths).filter((template) => !SOCIAL.includes(template));

  it.each(templates)("%s: 405 for POST, 304 for its own ETag, CORS headers for an allowed origin", async (template) => {
    const url = contract.operation(template)["x-example-request"]!;
    expect((await check(url, { method: "POST" })).status).toBe(405);
    const first = await check(url, { headers: { origin: ALLOWED_ORIGIN } });
    expect(first.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    const second = await check(url, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(second.status).toBe(304);
  });

  it("events in every status conform, whatever the day", async () => {
    const statuses = new Set<string>();
    // Before the calendar; a scheduled event live (Abu Dhabi); holding periods open; after it.
    for (const day of ["2026-01-01", "2026-10-15", "2026-12-10", "2027-04-05", "2028-06-01"]) {
      const dated = await openTarget(kind, { now: () => new Date(`${day}T12:00:00Z`) });
      const { body } = await expectConforms(contract, seen, dated, "/api/events");
      await dated.close();
      for (const event of JSON.parse(body).events) statuses.add(event.status);
    }
    expect([...statuses].sort()).toEqual(["completed", "live", "upcoming", "window-open"]);
  });

  it("the Quote of the Day is a described 404 when no quote is featured", async () => {
    const unfeatured = editedSnapshot((snapshot) => {
      for (const entry of snapshot.quotes) entry.featured = false;
    });
    const noPool = await openTarget(kind, { snapshotPath: unfeatured.snapshotPath });
    const { status, body } = await expectConforms(contract, seen, noPool, "/api/quotes/random");
    await noPool.close();
    unfeatured.remove();
    expect(status).toBe(404);
    expect(JSON.parse(body).code).toBe("NOT_FOUND");
  });

  // Last: every status the description promises (other than a 500) was really seen above.
  it("exercised every described status of every endpoint", () => {
    const missing: string[] = [];
    for (const template of templates) {
      for (const status of Object.keys(contract.operation(template).responses)) {
        if (status !== "500" && !seen.get(template)?.has(Number(status))) missing.push(`${template} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** A spot detail body, as a test spoils it. */
type Spoilable = { spot: Record<string, unknown>; images: Record<string, unknown>[] };

describe("the checker rejects what the description does not allow", () => {
  const pipeline = async () => JSON.parse(await (await testApp().request("/api/spots/pipeline")).text());
  const asResponse = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    body: JSON.stringify(body),
    headers: new Headers({
      "content-type": "application/json; charset=utf-8",
      "cache-control":
        status < 300 ? "public, max-age=300, stale-while-revalidate=600, stale-if-error=86400" : "no-store",
      etag: '"abc"',
      ...(status < 300 ? { "surrogate-key": "snapshot-0123abcd spots", "cache-tag": "snapshot-0123abcd,spots" } : {}),
      vary: "Origin",
      "x-content-type-options": "nosniff",
      ...headers,
    }),
  });

  it("accepts the real answer it starts from", async () => {
    expect(contract.check("/api/spots/{slug}", asResponse(200, await pipeline()))).toEqual([]);
  });

  it.each([
    ["a missing required field", (body: Spoilable) => delete body.spot.tier],
    ["a field of the wrong type", (body: Spoilable) => (body.spot.latitude = "21.6")],
    ["an undescribed field", (body: Spoilable) => (body.spot.rating = 5)],
    ["a value outside its enum", (body: Spoilable) => (body.spot.wave_type = "slab")],
    ["a null where none is allowed", (body: Spoilable) => (body.spot.name = null)],
    ["an image URL that is no URI", (body: Spoilable) => (body.images[0].url = "not a url")],
  ])("rejects %s", async (_case, spoil) => {
    const body = await pipeline();
    spoil(body);
    expect(contract.check("/api/spots/{slug}", asResponse(200, body))).not.toEqual([]);
  });

  it("rejects an undescribed status, an error with another code, a wrong header and an undescribed one", () => {
    expect(contract.check("/api/spots", asResponse(404, { error: "x", code: "NOT_FOUND" }))).toEqual([
      "status 404 is not described for GET /api/spots",
    ]);
    expect(contract.check("/api/spots", asResponse(400, { error: "x", code: "NOT_FOUND" }))).not.toEqual([]);
    expect(contract.check("/api/spots", asResponse(400, { error: "x", code: "INVALID_QUERY", detail: 1 }))).not.toEqual(
      [],
    );
    expect(contract.check("/api/clips", asResponse(200, { clips: [] }, { "cache-control": "no-store" }))).toEqual([
      expect.stringMatching(/^header Cache-Control:/),
    ]);
    expect(contract.check("/api/clips", asResponse(200, { clips: [] }, { "x-powered-by": "h3" }))).toEqual([
      "header x-powered-by is sent but not described",
    ]);
  });
});
