/**
 * Maps of more markers than LARGE_MAP_MARKERS take their own path (kept in the memory
 * budget by a hash of their positions, so a thousand boxes over the same spots cost one
 * body): a generated catalog of 6,000 spots walks it, as the 100k benchmark does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../runtime/http/app.ts";
import { MemoryBudget } from "../../runtime/memory-budget.ts";
import { generateContent } from "../../scripts/generate-content.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";

const dir = mkdtempSync(path.join(tmpdir(), "large-map-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
generateContent(6000, 20, dir, 7);
const catalog = await catalogFrom(dir);
const failures: string[] = [];
const memo = new MemoryBudget(64 * 2 ** 20);
const app = createApp({
  catalog,
  corsOrigins: new Set(),
  memo,
  reportFailure: (error) => failures.push(String(error)),
});

describe("maps of many markers", () => {
  it("answer the whole map and near-whole boxes, the same box from the budget, without a 5xx", async () => {
    const whole = await app.request("/api/spots/map");
    expect(failures).toEqual([]);
    expect(whole.status).toBe(200);
    const markers = ((await whole.json()) as { spots: unknown[] }).spots.length;
    expect(markers).toBeGreaterThan(5000);

    const box = "/api/spots/map?bbox=-89,-179.9,89,179.9";
    const first = await app.request(box);
    expect(first.status).toBe(200);
    const held = memo.usedBytes;
    expect(held).toBeGreaterThan(0);
    const again = await app.request(box.replace("89,179.9", "89,179.8")); // other box, same spots
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(memo.usedBytes).toBe(held);

    // A strong validator: the same bytes, the same ETag; other markers, another one; a 304 when it matches.
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.get("etag")).toBe(etag);
    const smaller = await app.request("/api/spots/map?bbox=-89,-100,89,179.9");
    expect(smaller.headers.get("etag")).not.toBe(etag);
    expect((await app.request(box, { headers: { "if-none-match": etag } })).status).toBe(304);

    // Bodies of every length (a budget once refused sizes that were not whole numbers).
    for (const west of [-170, -160, -150, -140, -130, -120, -110, -100]) {
      const response = await app.request(`/api/spots/map?bbox=-89,${west},89,179.9`);
      expect(response.status).toBe(200);
    }
    expect(failures).toEqual([]);
  });

  it("two requests for the same large map at once make one body, kept once", async () => {
    /** Counts the map bodies kept (the memo also keeps query results, under other keys). */
    class CountingBudget extends MemoryBudget {
      kept = 0;
      override set(key: string, value: unknown, bytes: number): void {
        if (key.startsWith("map ")) this.kept++;
        super.set(key, value, bytes);
      }
    }
    const counting = new CountingBudget(64 * 2 ** 20);
    const twice = createApp({
      catalog,
      corsOrigins: new Set(),
      memo: counting,
      reportFailure: (e) => failures.push(String(e)),
    });
    const [a, b] = await Promise.all([
      twice.request("/api/spots/map?bbox=-88,-179.9,89,179.9"),
      twice.request("/api/spots/map?bbox=-88,-179.8,89,179.9"), // another box around the same spots
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.text()).toBe(await a.text());
    expect(counting.kept).toBe(1);
    expect(failures).toEqual([]);
  });

  it("near maps and maps of every marker at a high zoom answer the same markers as the plain map", async () => {
    const plain = (await (await app.request("/api/spots/map")).json()) as { spots: { slug: string }[] };
    const slugs = plain.spots.map((spot) => spot.slug).sort();
    const near = (await (await app.request("/api/spots/map?near=0,0&radius_km=20000")).json()) as {
      spots: { slug: string; distance_km: number }[];
    };
    expect(near.spots.map((spot) => spot.slug).sort()).toEqual(slugs);
    expect(near.spots.every((spot) => typeof spot.distance_km === "number")).toBe(true);
    const zoomed = (await (await app.request("/api/spots/map?zoom=20")).json()) as {
      spots: { slug: string }[];
      clusters: unknown[];
    };
    expect(zoomed.spots.map((spot) => spot.slug).sort()).toEqual(slugs);
    expect(zoomed.clusters).toEqual([]);
    expect(failures).toEqual([]);
  });

  it("the budget takes any size a caller estimates (fractions round up)", () => {
    const budget = new MemoryBudget(1000);
    budget.set("a", "value", 10.25);
    expect(budget.get("a")).toBe("value");
    expect(budget.usedBytes).toBe(11 + 2 + 160);
  });
});
