/**
 * The build's search postings are what FlexSearch's Document index holds for the same
 * documents, word for word and item for item, on texts made to catch an encoding that
 * depends on more than one word at a time: digits split into threes, apostrophes, hyphens,
 * accents that decompose into a space, Greek final sigma, repeated words, odd white space.
 */
import fc from "fast-check";
import { Document } from "flexsearch";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, SEARCH_FIELDS, type SearchDocument, searchEncoder } from "../../core/search-index.ts";
import { flexSearchWords } from "../helpers/fresh-search.ts";

const PIECES = [
  "Reef",
  "reef",
  "REEF",
  "Teahupo'o",
  "Teahupo’o",
  "teahupoo",
  "J-Bay",
  "jbay",
  "Nazaré",
  "São",
  "Tomé",
  "Ø",
  "ß",
  "2024",
  "12345",
  "1234567",
  "99",
  "x1234",
  "12ab",
  "a1b2c3",
  "ΟΔΟΣ",
  "Σ",
  "ΣΑΣ",
  "¨",
  "e\u0301",
  "ﬁ",
  "①",
  "Ⅻ",
  "-",
  "–",
  "'",
  ".",
  ",",
  "/",
  "(",
  ")",
  "&",
  "_",
];
const SPACES = [" ", "  ", "\u00a0", "\t", "\n", "\u2003", ""];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SPACES)), { maxLength: 12 })
  .map((parts) => parts.map(([piece, space]) => piece + space).join(""));
const documents = fc
  .array(fc.tuple(text, text, text, text, text), { minLength: 1, maxLength: 8 })
  .map((texts) =>
    texts.map(([name, pairs, place, tags, summary], id): SearchDocument => ({ id, name, pairs, place, tags, summary })),
  );

/** FlexSearch's own index of `docs`: per field, each word and the items it finds, ascending. */
function flexSearchPostings(docs: SearchDocument[]): Map<string, number[]>[] {
  const flexsearch = new Document<SearchDocument>({
    encoder: searchEncoder,
    tokenize: "strict",
    document: { id: "id", index: [...SEARCH_FIELDS] },
  });
  for (const doc of docs) flexsearch.add(doc);
  return SEARCH_FIELDS.map((field) => {
    const words = flexSearchWords(flexsearch, field).sort();
    return new Map(
      words.map((word) => {
        const [found] = flexsearch.search(word, { index: field, limit: 1e6 });
        return [word, ((found?.result ?? []) as number[]).sort((a, b) => a - b)];
      }),
    );
  });
}

const sorted = (map: Map<string, number[]>) => new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

describe("the build's search postings", () => {
  it("are FlexSearch's, on texts that test every step of its encoder", () => {
    fc.assert(
      fc.property(documents, (docs) => {
        expect(buildSearchIndex(docs).fields.map(sorted)).toEqual(flexSearchPostings(docs));
      }),
      { numRuns: 300 },
    );
  });

  it("keep the pieces that encode to several words, and drop what encodes to none", () => {
    const [doc] = [{ id: 0, name: "J-Bay x1234 ¨", pairs: "", place: "", tags: "", summary: "Reef reef REEF" }];
    const { fields } = buildSearchIndex([doc]);
    expect([...fields[SEARCH_FIELDS.indexOf("name")].keys()].sort()).toEqual(["123", "4", "bay", "j", "x"]);
    expect([...fields[SEARCH_FIELDS.indexOf("summary")]]).toEqual([["ref", [0]]]);
  });

  it("refuse documents out of id order, which would count an item twice", () => {
    const doc = (id: number) => ({ id, name: "reef", pairs: "", place: "", tags: "", summary: "" });
    expect(() => buildSearchIndex([doc(0), doc(2), doc(1)])).toThrow(/search document 1 comes after 2/);
  });
});
