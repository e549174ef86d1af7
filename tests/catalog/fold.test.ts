import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APOSTROPHES, foldKey, foldLetters } from "../../core/fold.ts";

/** Folding without its ASCII shortcut: every value through NFKD, the marks and the letters. */
const foldedSlowly = (value: string) =>
  foldLetters(
    value
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase(),
  )
    .replace(APOSTROPHES, "'")
    .trim();

describe("folding text into keys", () => {
  it("folds plain ASCII as it folds every other text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary-ascii" }), fc.string({ unit: "binary" })), (value) => {
        expect(foldKey(value)).toBe(foldedSlowly(value));
      }),
      { seed: 20261126, numRuns: 2000 },
    );
    for (const value of [" Reef ", "PT", "`tick`", "o'ahu", "Klitmøller", "Nazaré", "Ho\u02BBokipa", "\tPoint\n"]) {
      expect(foldKey(value)).toBe(foldedSlowly(value));
    }
    expect(foldKey("`Ahu")).toBe("'ahu");
  });
});
