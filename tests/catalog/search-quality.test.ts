/**
 * Search that a surfer trusts: the queries of scripts/search-quality against the real
 * catalog. The share satisfied must not drop below 90% (the target is 95%; `npm run
 * search-quality` shows each miss), and the examples the issue was filed with all work.
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../scripts/search-quality/evaluate.ts";
import { evaluateIntents, understoodPositions } from "../../scripts/search-quality/evaluate-intents.ts";
import { INTENTS } from "../../scripts/search-quality/intents.ts";
import { CASES } from "../../scripts/search-quality/queries.ts";
import { testCatalog } from "../helpers/app.ts";

const result = evaluate(testCatalog());
const missed = (q: string) => result.misses.some((miss) => miss.case.q === q);

describe("search quality", () => {
  it("has at least 120 real-user queries of every kind", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(120);
    const kinds = new Set(CASES.map((searchCase) => searchCase.kind));
    expect([...kinds].sort()).toEqual([
      "joined",
      "name",
      "nickname",
      "person",
      "phrase",
      "place",
      "plural",
      "typing",
      "typo",
    ]);
  });

  it("satisfies at least 90% of them", () => {
    const report = result.misses.map((miss) => `"${miss.case.q}" wanted ${miss.missing.join(", ")}, got ${miss.got}`);
    expect(result.satisfied / result.total, report.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    "hawaii",
    "canary islands",
    "basque country",
    "gold coast",
    "haw",
    "pipline",
    "mavricks",
    "teahupu",
    "gabriel madina",
    "cloud break",
    "jbay",
    "gland",
    "mc namara",
    "macas",
    "occy",
    "lisboa",
    "big waves",
    "lefts",
    "mentawais",
    "surf spots in portugal",
    "surfing in hawaii",
    "pipeline hawaii",
    "klitmoller",
    "pipli",
  ])("the issue's example '%s' finds what a surfer wants", (q) => {
    expect(
      CASES.some((searchCase) => searchCase.q === q),
      `'${q}' is in the query set`,
    ).toBe(true);
    expect(missed(q)).toBe(false);
  });

  // Found only through a typo looser than Meilisearch's (`mavs`: 4 letters, `jeffries`: two
  // typos in 8): they need the name in the spot's aliases in content. Fails (turns this red)
  // once the aliases are there: then move them back to the examples above.
  it.fails.each(["mavs", "jeffries bay"])("'%s' waits for an alias in content", (q) => {
    expect(missed(q)).toBe(false);
  });
});

const intents = evaluateIntents(testCatalog());

describe("intent queries (query understanding)", () => {
  it("keeps the surfers' queries above satisfied at 90% when q is read as the lists read it", () => {
    const catalog = testCatalog();
    const missing = CASES.filter((searchCase) => {
      const collection = searchCase.collection ?? "spots";
      const positions = understoodPositions(catalog, collection, searchCase.q, searchCase.top);
      const top = Array.from(positions, (position) => catalog[collection].slugs[position]);
      return searchCase.want.some((slug) => !top.includes(slug));
    });
    const share = 1 - missing.length / CASES.length;
    expect(share, missing.map((searchCase) => searchCase.q).join(", ")).toBeGreaterThanOrEqual(0.9);
  });

  it("has at least 80, on spots and on surfers, in several languages", () => {
    expect(INTENTS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(INTENTS.map((intent) => intent.collection))).toEqual(new Set(["spots", "surfers"]));
    for (const q of ["españa", "aotearoa", "nihon", "playas de españa", "surfistas brasileiros", "surfeurs français"])
      expect(INTENTS.map((intent) => intent.q)).toContain(q);
  });

  it("scores at least 90% precision in the first five", () => {
    const report = intents.scores
      .filter((score) => score.precision < 1)
      .map((score) => `"${score.case.q}" ${score.got.map((got) => (got.right ? got.slug : `${got.slug}?`))}`);
    expect(intents.precision, report.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    "central america",
    "south america",
    "españa",
    "aotearoa",
    "nihon",
    "peruvian surfers",
    "current pros from brazil",
    "big wave spots in europe",
    "iconic waves",
    "where to surf in january",
    "near biarritz",
  ])("answers the issue's '%s' with five right results (or all there are)", (q) => {
    const score = intents.scores.find((found) => found.case.q === q);
    expect(score, `'${q}' is in the intent set`).toBeDefined();
    expect(score!.got.length).toBeGreaterThan(0);
    expect(score!.precision, score!.got.map((got) => got.slug).join(", ")).toBe(1);
  });
});
