/**
 * The build splits CSV text into records with csv-parse: the records are the cells as
 * written, whatever the line ends, quotes and BOM, and a problem is worded by csv-parse
 * at the line it names.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../build/read-csv.ts";

function csvParseMessage(text: string): string {
  try {
    parse(text, { bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`csv-parse read ${JSON.stringify(text)}`);
}

/**
 * A well-formed CSV text and the records it holds: cells quoted when they hold a comma, a
 * quote or a line break (and sometimes anyway). A record of one empty cell is quoted, so it
 * is not a blank line.
 */
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
    const cell = ([text, quoted]: [string, boolean], alone: boolean) =>
      quoted || /[",\r\n]/.test(text) || (alone && text === "") ? `"${text.replaceAll('"', '""')}"` : text;
    const body = records.map((record) => record.map((part) => cell(part, record.length === 1)).join(",")).join(lineEnd);
    return {
      text: `${bom ? "\ufeff" : ""}${body}${finalLineEnd && records.length > 0 ? lineEnd : ""}`,
      records: records.map((record) => record.map(([text]) => text)),
    };
  });

describe("CSV records", () => {
  it("of a well-formed text are its cells as written", () => {
    fc.assert(
      fc.property(wellFormed, ({ text, records }) => {
        expect(parseCsv(text)).toEqual({ records });
      }),
      { seed: 20261126, numRuns: 2_000 },
    );
  });

  it("end at LF or CRLF; a lone CR is text", () => {
    expect(parseCsv('a,b\r\nx,y\rz\n"q\r\nr",s')).toEqual({
      records: [
        ["a", "b"],
        ["x", "y\rz"],
        ["q\r\nr", "s"],
      ],
    });
  });

  it("that cannot be read give csv-parse's problem, at the line it names", () => {
    for (const [text, line] of [
      ['a,b\nx,ab"c\n', 2],
      ['a,b\nx,"ab"c\n', 2],
      ['a,b\nx,"ab" \n', 2],
      ['a,b\n\ny,"abc\nz\n', 4], // where the unclosed quote left the text
    ] as const) {
      const message = csvParseMessage(text);
      expect(message).toMatch(new RegExp(`line ${line}\\b`));
      expect(parseCsv(text)).toEqual({
        failure: { message: message.replace(/^Invalid.*?: /, ""), line },
      });
    }
  });
});
