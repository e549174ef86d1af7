/**
 * The build's search postings are what FlexSearch's Document index holds for the same
 * documents, word for word and item for item, on texts made to catch an encoding that
 * depends on more than one word at a time: digits split into threes, apostrophes, hyphens,
 * accents that decompose into a space, Greek final sigma, repeated words, odd white space.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  SEARCH_FIELDS,
  type SearchField,
  type SearchSource,
  searchDocument,
} from "../../core/search-index.ts";
import { flexSearchDocument, flexSearchWords } from "../helpers/fresh-search.ts";

/** Pieces of text, each without white space; a text is some of them, each followed by some white space or none. */
const PIECES = (
  "Reef reef REEF Teahupo'o Teahupo’o teahupoo J-Bay jbay Nazaré São Tomé Ø ß 2024 12345 1234567 99 x1234 12ab " +
  "a1b2c3 ΟΔΟΣ Σ ΣΑΣ ¨ e\u0301 ﬁ ① Ⅻ - – ' . , / ( ) & _"
).split(" ");
const SPACES = [" ", "  ", "\u00a0", "\t", "\n", "\u2003", ""];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SPACES)), { maxLength: 12 })
  .map((parts) => parts.map(([piece, space]) => piece + space).join(""));
const sources = fc
  .array(fc.tuple(fc.array(text, { maxLength: 3 }), text, text, text), { minLength: 1, maxLength: 8 })
  .map((items) =>
    items.map(([names, place, tags, summary], id): SearchSource => ({ id, names, place, tags, summary })),
  );

/** FlexSearch's own index of the sources' texts: per field, each word and the items it finds, ascending. */
function flexSearchPostings(sources: SearchSource[]): Map<string, number[]>[] {
  const flexsearch = flexSearchDocument(sources.map(searchDocument));
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
      fc.property(sources, (items) => {
        expect(buildSearchIndex(items).fields.map(sorted)).toEqual(flexSearchPostings(items));
      }),
      { numRuns: 300 },
    );
  });

  it("keep the pieces that encode to several words, and drop what encodes to none", () => {
    const source = { id: 0, names: ["J-Bay x1234 ¨", "Mc Namara"], place: "", tags: "", summary: "Reef reef REEF" };
    const { fields } = buildSearchIndex([source]);
    const words = (field: string) => [...fields[SEARCH_FIELDS.indexOf(field as SearchField)].keys()].sort();
    expect(words("name")).toEqual(["123", "4", "bay", "j", "mc", "namara", "x"]);
    // Pairs within each name, never across two (no `4mc`); `x123` and `1234` are split in threes as any text.
    expect(words("pairs")).toEqual(["123", "4", "bayx", "jbay", "mcnamara", "x"]);
    expect([...fields[SEARCH_FIELDS.indexOf("summary")]]).toEqual([["ref", [0]]]);
  });

  it("refuse documents out of id order, which would count an item twice", () => {
    const doc = (id: number) => ({ id, names: ["reef"], place: "", tags: "", summary: "" });
    expect(() => buildSearchIndex([doc(0), doc(2), doc(1)])).toThrow(/search document 1 comes after 2/);
  });
});
