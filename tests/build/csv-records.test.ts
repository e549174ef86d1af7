/**
 * The build splits CSV text into records by a strict reader of its own, and by csv-parse
 * when the text leaves the strict grammar: the records must be csv-parse's either way, and
 * a problem must still be worded by csv-parse.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, strictRecords } from "../../build/read-csv.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../content");

function byCsvParse(text: string): string[][] | string {
  try {
    return parse(text, { bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true });
  } catch (error) {
    return (error as Error).message;
  }
}

/** Any text of the characters that matter to CSV: commas, quotes, CR, LF, a BOM, and a few others. */
const anyText = fc
  .array(fc.constantFrom("a", "b", " ", "é", ",", '"', "\n", "\r", "\ufeff"), { maxLength: 40 })
  .map((chars) => chars.join(""));

/** A well-formed CSV text: cells quoted when they hold a comma, a quote or a line break (and sometimes anyway). */
const wellFormed = fc
  .tuple(
    fc.array(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.boolean()), { minLength: 1, maxLength: 4 }), {
      maxLength: 6,
    }),
    fc.constantFrom("\n", "\r\n"),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([records, lineEnd, bom, finalLineEnd]) => {
    const cell = ([text, quoted]: [string, boolean]) =>
      quoted || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    const body = records.map((record) => record.map(cell).join(",")).join(lineEnd);
    return `${bom ? "\ufeff" : ""}${body}${finalLineEnd && records.length > 0 ? lineEnd : ""}`;
  });

describe("CSV records", () => {
  it("are csv-parse's whenever the strict reader reads the text", () => {
    let strict = 0;
    fc.assert(
      fc.property(anyText, (text) => {
        const records = strictRecords(text);
        if (records === null) return;
        strict++;
        expect(records).toEqual(byCsvParse(text));
      }),
      { seed: 20261126, numRuns: 20_000 },
    );
    expect(strict).toBeGreaterThan(5_000);
  });

  it("of a well-formed text are always read by the strict reader", () => {
    fc.assert(
      fc.property(wellFormed, (text) => {
        expect(strictRecords(text)).toEqual(byCsvParse(text));
      }),
      { seed: 20261126, numRuns: 5_000 },
    );
  });

  it("or else csv-parse's, problems worded by csv-parse at the line it names", () => {
    for (const [text, line] of [
      ['a,b\nx,ab"c\n', 2],
      ['a,b\nx,"ab"c\n', 2],
      ['a,b\nx,"ab" \n', 2],
      ['a,b\n\ny,"abc\nz\n', 4], // where the unclosed quote left the text
    ] as const) {
      expect(strictRecords(text)).toBeNull();
      const message = byCsvParse(text);
      expect(message).toMatch(new RegExp(`line ${line}\\b`));
      expect(parseCsv(text)).toEqual({
        failure: { message: (message as string).replace(/^Invalid.*?: /, ""), line },
      });
    }
  });

  it("of every bundled CSV file are read by the strict reader", () => {
    const files = readdirSync(CONTENT).filter((name) => name.endsWith(".csv"));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const text = readFileSync(path.join(CONTENT, name), "utf8");
      expect(strictRecords(text), name).toEqual(byCsvParse(text));
    }
  });
});
