/**
 * The vocabulary's candidates against brute force: every word within the allowed edits
 * (Levenshtein with adjacent transpositions) is found, with its exact number of edits, and
 * nothing else; completions and plurals as documented.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowedEdits, candidates, indexVocabulary, stem } from "../../runtime/catalog/vocabulary.ts";

/** Optimal string alignment distance, the textbook way. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const word = fc.stringMatching(/^[abcde]{1,9}$/);

describe("vocabulary candidates", () => {
  it("finds exactly the words within the allowed typos, each with its distance", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 60 }), word, (list, query) => {
        const words = [...list].sort();
        const index = indexVocabulary({ words, counts: words.map(() => 1) });
        const found = candidates(index, query, query.length, false, 10_000).filter((c) => c.kind !== "stem");
        const allowed = allowedEdits(query.length);
        const expected = words
          .map((candidate) => ({ word: candidate, edits: distance(query, candidate) }))
          .filter(({ word: candidate, edits }) => edits <= allowed || candidate === query)
          .sort((a, b) => (a.word < b.word ? -1 : 1));
        const actual = found
          .filter(({ word: candidate }) => words.includes(candidate))
          .map(({ word: candidate, edits }) => ({ word: candidate, edits }))
          .sort((a, b) => (a.word < b.word ? -1 : 1));
        expect(actual).toEqual(expected);
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it("as a prefix, finds every word that starts within the allowed typos", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 60 }), word, (list, query) => {
        const words = [...list].sort();
        const index = indexVocabulary({ words, counts: words.map(() => 1) });
        const found = new Set(candidates(index, query, query.length, true, 10_000).map((c) => c.word));
        const allowed = allowedEdits(query.length);
        for (const candidate of words) {
          const startsClose = Array.from({ length: candidate.length + 1 }, (_, k) => candidate.slice(0, k)).some(
            (start) => distance(query, start) <= allowed,
          );
          if (startsClose) expect(found.has(candidate), `${query} → ${candidate}`).toBe(true);
        }
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });

  // The order decides which candidates a query keeps (the first 32).
  it("orders candidates: fewer edits, the word, its plurals, the rest; then more items, then the word", () => {
    const kindOrder = { exact: 0, stem: 1, prefix: 2, typo: 2 };
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(50), { minLength: 60, maxLength: 60 }),
        word,
        fc.boolean(),
        (list, itemCounts, query, asPrefix) => {
          const words = [...list].sort();
          const counts = words.map((_, i) => itemCounts[i]);
          const countOf = (candidate: string) => counts[words.indexOf(candidate)] ?? 0;
          const found = candidates(indexVocabulary({ words, counts }), query, query.length, asPrefix, 10_000);
          const order = found.map((c) => [c.edits, kindOrder[c.kind], -countOf(c.word), c.word] as const);
          const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : 1));
          expect(order).toEqual(sorted);
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it("allows no typo below 5 characters, one from 5, two from 9 (Meilisearch's defaults), never over a third", () => {
    expect([3, 4, 5, 8, 9].map((length) => allowedEdits(length))).toEqual([0, 0, 1, 1, 2]);
    expect(allowedEdits(5, 1)).toBe(0); // `zzzzz` reads as `z`
  });

  it("takes plurals to their singular", () => {
    expect(["waves", "lefts", "mentawais", "bays", "beaches", "countries", "pass", "reef"].map(stem)).toEqual([
      "wave",
      "left",
      "mentawai",
      "bay",
      "beach",
      "country",
      "pass",
      "reef",
    ]);
  });
});
