/**
 * /metrics on the real server over loopback: Prometheus's own `promtool check metrics`
 * finds nothing wrong in a real scrape; the series move by exactly the requests made;
 * METRICS_TOKEN and METRICS_PORT keep it from the API's clients. promtool comes from
 * Debian's `prometheus` package (scripts/test-prerequisites.sh installs it): without it
 * these tests fail, they never skip.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../runtime/config.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, startFakeGraph } from "../../scripts/fake-graph.ts";
import { type RawAnswer, rawRequest } from "../helpers/raw-request.ts";
import { startTestServer } from "../helpers/server.ts";

/** A raw GET (no Accept-Encoding unless given: the bytes counted are the bytes received). */
const get = (port: number, target: string, headers: Record<string, string> = {}) =>
  rawRequest(`http://127.0.0.1:${port}${target}`, headers);

/** The samples of a scrape, by series (`name{labels}` as written), as numbers. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

async function scrape(port: number, headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const answer = await get(port, "/metrics", headers);
  expect(answer.status).toBe(200);
  return samples(answer.body.toString());
}

const value = (scraped: Map<string, number>, series: string) => scraped.get(series) ?? 0;

describe("/metrics on the API's port (the default)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("is clean by promtool check metrics, in Prometheus's text format, never cached", async () => {
    await get(server.port, "/api/spots?limit=2");
    const answer = await get(server.port, "/metrics");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const checked = spawnSync("promtool", ["check", "metrics"], { input: answer.body, encoding: "utf8" });
    expect(checked.error, "promtool is missing: install Debian's prometheus package").toBeUndefined();
    expect(`${checked.stdout}${checked.stderr}`).toBe("");
    expect(checked.status).toBe(0);
  });

  it("counts exactly the requests made, by route pattern and status, with their latency and bytes", async () => {
    const before = await scrape(server.port);
    const spots = [];
    for (let i = 0; i < 7; i++) spots.push(await get(server.port, "/api/spots?limit=3")); // replayed from the third on
    const missing = [];
    for (let i = 0; i < 3; i++) missing.push(await get(server.port, `/api/spots/no-such-spot-${i}`));
    const unknown = await get(server.port, "/api/nowhere");
    const after = await scrape(server.port);
    expect(spots.every((answer) => answer.status === 200)).toBe(true);
    expect(missing.every((answer) => answer.status === 404)).toBe(true);

    const moved = (series: string) => value(after, series) - value(before, series);
    expect(moved('surf_http_requests_total{route="/api/spots",status="200"}')).toBe(7);
    expect(moved('surf_http_requests_total{route="/api/spots/:slug",status="404"}')).toBe(3);
    expect(moved('surf_http_requests_total{route="unmatched",status="404"}')).toBe(1);
    // The scrape before this one counts too: /metrics is a route of its own.
    expect(moved('surf_http_requests_total{route="/metrics",status="200"}')).toBe(1);
    expect(moved('surf_http_request_duration_seconds_count{route="/api/spots"}')).toBe(7);
    expect(moved('surf_http_request_duration_seconds_bucket{le="+Inf",route="/api/spots"}')).toBe(7);
    expect(moved('surf_http_request_duration_seconds_sum{route="/api/spots"}')).toBeGreaterThan(0);
    expect(moved('surf_http_request_duration_seconds_count{route="/api/spots/:slug"}')).toBe(3);
    const sent = (answers: RawAnswer[]) => answers.reduce((sum, answer) => sum + answer.body.length, 0);
    expect(moved('surf_http_response_body_bytes_total{route="/api/spots"}')).toBe(sent(spots));
    expect(moved('surf_http_response_body_bytes_total{route="/api/spots/:slug"}')).toBe(sent(missing));
    expect(moved('surf_http_response_body_bytes_total{route="unmatched"}')).toBe(unknown.body.length);
    // Raw paths never become labels.
    expect([...after.keys()].some((series) => series.includes("no-such-spot"))).toBe(false);
  });

  it("shows the memory budget, the snapshot, the connections and the process", async () => {
    for (let i = 0; i < 2; i++) await get(server.port, "/api/surfers?limit=5"); // kept the second time
    const scraped = await scrape(server.port);
    expect(value(scraped, "surf_memory_budget_limit_bytes")).toBe(64 * 2 ** 20);
    expect(value(scraped, "surf_memory_budget_used_bytes")).toBeGreaterThan(0);
    expect(scraped.has("surf_memory_budget_evictions_total")).toBe(true);
    expect(value(scraped, `surf_snapshot_info{version="${server.version()}"}`)).toBe(1);
    expect(value(scraped, "surf_snapshot_age_seconds")).toBeGreaterThan(0);
    expect(value(scraped, "surf_http_open_connections")).toBeGreaterThanOrEqual(1); // the scrape's own
    expect(value(scraped, "surf_social_upstream_failures_total")).toBe(0);
    // Nothing cached without the social integration: no age to show.
    expect([...scraped.keys()].some((series) => series.startsWith("surf_social_cache_age_seconds"))).toBe(false);
    expect(value(scraped, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(value(scraped, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(scraped.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });

  it("has every series the Grafana dashboard in deploy/ asks for", async () => {
    const dashboard = readFileSync("deploy/grafana/surf-catalog.json", "utf8");
    const asked = new Set(dashboard.match(/\b(?:surf|process|nodejs)_[a-z0-9_]+/g));
    expect(asked.size).toBeGreaterThan(10);
    const scraped = (await get(server.port, "/metrics")).body.toString();
    // Declared, whether or not it has a sample yet (no social cache here); a histogram by its own name.
    for (const name of asked) expect(scraped).toMatch(new RegExp(`^# TYPE ${name.replace(/_bucket$/, "")} `, "m"));
  });

  it("is not in the API's description, nor sent again from the replay cache", async () => {
    const description = JSON.parse((await get(server.port, "/api/openapi.json")).body.toString());
    expect(Object.keys(description.paths).some((path) => path.includes("metrics"))).toBe(false);
    const first = await scrape(server.port);
    const second = await scrape(server.port);
    const series = 'surf_http_requests_total{route="/metrics",status="200"}';
    expect(value(second, series)).toBe(value(first, series) + 1);
  });
});

describe("the memory budget's evictions", () => {
  it("are heard of once for each entry pushed out, not for one replaced", () => {
    let evicted = 0;
    const budget = new MemoryBudget(3000, () => evicted++); // room for two entries of 1000 bytes and their keys
    budget.set("a", "a", 1000);
    budget.set("a", "a again", 1000);
    expect(evicted).toBe(0);
    budget.set("b", "b", 1000);
    budget.set("c", "c", 1000);
    expect(evicted).toBe(1); // "a" made room for "c"
  });
});

describe("the social cache and its upstream in the metrics", () => {
  let fake: FakeGraph;
  let dir: string;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    fake = await startFakeGraph();
    dir = mkdtempSync(path.join(tmpdir(), "surf-metrics-"));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const serverWithGraph = async (baseUrl: string, name: string) => {
    const graph = { baseUrl, version: "v25.0", userId: FAKE_USER_ID, accessToken: FAKE_TOKEN, timeoutMs: 2000 };
    const server = await startTestServer({ social: { graph, cacheFile: path.join(dir, `${name}.json`) } });
    servers.push(server);
    return server;
  };

  it("shows the age of the feed once it is cached", async () => {
    const server = await serverWithGraph(fake.url, "working");
    expect((await get(server.port, "/api/social/feed")).status).toBe(200);
    const scraped = await scrape(server.port);
    const age = scraped.get('surf_social_cache_age_seconds{cache="feed"}');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(value(scraped, "surf_social_upstream_failures_total")).toBe(0);
  });

  it("counts a failed call to the upstream", async () => {
    const server = await serverWithGraph("http://127.0.0.1:9", "down"); // nothing listens on port 9
    expect((await get(server.port, "/api/social/feed")).status).toBe(503);
    expect((await get(server.port, "/api/social/feed")).status).toBe(503); // backing off: no second call
    const scraped = await scrape(server.port);
    expect(value(scraped, "surf_social_upstream_failures_total")).toBe(1);
    expect([...scraped.keys()].some((series) => series.startsWith("surf_social_cache_age_seconds"))).toBe(false);
  });
});

describe("METRICS_TOKEN", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ metrics: { token: "scrape-secret-1" } });
  });
  afterAll(() => server.close());

  it("answers 401 without the token or with a wrong one, and the scrape with it", async () => {
    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: "Basic scrape-secret-1" },
    ];
    for (const headers of refusedHeaders) {
      const refused = await get(server.port, "/metrics", headers);
      expect(refused.status).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: "UNAUTHORIZED" });
      expect(refused.body.toString()).not.toContain("surf_");
    }
    const scraped = await scrape(server.port, { authorization: "Bearer scrape-secret-1" });
    expect(value(scraped, 'surf_http_requests_total{route="/metrics",status="401"}')).toBe(3);
  });
});

describe("METRICS_PORT", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ metrics: { port: 0 } }); // 0: any free port, as PORT
  });
  afterAll(() => server.close());

  it("serves /metrics on its own port only", async () => {
    expect(server.metricsPort).not.toBe(server.port);
    const onApiPort = await get(server.port, "/metrics");
    expect(onApiPort.status).toBe(404);
    expect(onApiPort.body.toString()).not.toContain("surf_");
    expect((await get(server.port, "/api/spots?limit=1")).status).toBe(200);
    const scraped = await scrape(server.metricsPort);
    expect(value(scraped, 'surf_http_requests_total{route="unmatched",status="404"}')).toBe(1);
    expect(value(scraped, 'surf_http_requests_total{route="/api/spots",status="200"}')).toBe(1);
    expect((await get(server.metricsPort, "/api/spots")).status).toBe(404);
  });

  it("is read from the environment, and refused when it is the API's port or not a port", () => {
    expect(configFromEnv({ METRICS_PORT: "9464", METRICS_TOKEN: "t" }).metrics).toEqual({ port: 9464, token: "t" });
    expect(configFromEnv({}).metrics).toEqual({ port: undefined, token: undefined });
    expect(() => configFromEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/port of their own/);
    expect(() => configFromEnv({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT 'metrics' is not a port number/);
  });
});
