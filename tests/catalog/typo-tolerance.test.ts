/**
 * Typo tolerance no looser than Meilisearch's defaults (vocabulary.ts, allowedEdits): no
 * typo below 5 characters, one from 5, two from 9, and a last word under 5 characters only
 * completes, exactly. On the bundled catalog, and on a generated one where a loose rule
 * let `ceac` reach every `beach`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { searchPositions } from "../../runtime/catalog/search.ts";
import { listSpots } from "../../runtime/catalog/spots.ts";
import type { Catalog } from "../../runtime/snapshot.ts";
import { generateContent } from "../../scripts/generate-content.ts";
import { testCatalog } from "../helpers/app.ts";
import { catalogFrom } from "../helpers/fixture-catalog.ts";

const slugsFound = (catalog: Catalog, q: string) =>
  [...(searchPositions(catalog.spots.search, "spots", q) ?? [])].map((position) => catalog.spots.slugs[position]);

describe("typo tolerance on the bundled catalog", () => {
  const found = (q: string) => slugsFound(testCatalog(), q);

  it("allows no typo in a word of 4 characters, whole or as a prefix", () => {
    expect(found("jaws")).toEqual(["jaws"]);
    expect(found("jawz")).toEqual([]);
    expect(found("pipe")).toContain("pipeline");
    expect(found("pipx")).toEqual([]);
  });

  it("allows one typo from 5 characters", () => {
    expect(found("coxoz")).toEqual(["coxos"]);
    expect(found("bellz beach")[0]).toBe("bells-beach");
  });

  it("allows two typos only from 9 characters", () => {
    expect(found("jeffries")).toEqual([]); // 8 characters, two typos from `jeffreys`
    expect(found("jeffries.")).toEqual([]); // punctuation is not a letter: still 8
    expect(found("maverikcz")).toEqual(["mavericks"]); // 9 characters, two typos
    expect(found("maverikcz california")[0]).toBe("mavericks");
  });

  it("completes a short prefix exactly, and a prefix of 5 with one typo", () => {
    expect(found("naz")).toEqual(["nazare"]);
    expect(found("nsz")).toEqual([]);
    expect(found("pipl")).toEqual([]); // one typo from `pipe`, a prefix of 4
    expect(found("pipli")[0]).toBe("pipeline");
  });
});

describe("typo tolerance on a generated catalog", () => {
  let generated: Catalog;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "typo-catalog-"));
    generateContent(3000, 30, dir, 39);
    generated = await catalogFrom(dir);
  }, 60_000);
  const french = (q: string) => listSpots(generated, { filters: { country: ["fr"] }, q }, { limit: 1, offset: 0 });

  it("does not read `ceac` as `beac`, the start of every beach", () => {
    // No generated word starts with `ceac`: the only way to a match is a typo, and 4 characters allow none.
    expect(french("beac").total).toBeGreaterThan(10);
    expect(french("ceac").total).toBe(0);
    expect(french("ceach").total).toBe(french("beach").total); // 5 characters: one typo
  });
});
