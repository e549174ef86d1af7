/** Reads a CSV file into rows of raw strings that remember their line number. */
import { parse } from "csv-parse/sync";
import type { Place, Problems } from "./problems.ts";

export interface CsvRow {
  place: Place;
  cells: Record<string, string>;
}

export interface CsvTable {
  file: string;
  header: string[];
  rows: CsvRow[];
  /** False when some row could not be split into the header's columns (it is left out). */
  complete: boolean;
}

/** What was made of a file's text: its records, or why csv-parse could not read them. */
export type ParsedCsv = { records: string[][] } | { failure: { message: string; line: number } };

/**
 * Splits a file's text into records of cells with csv-parse (RFC 4180: a record ends with
 * LF or CRLF, a lone CR is text; a BOM is dropped). A text it cannot read gives csv-parse's
 * message and the line it names.
 */
export function parseCsv(text: string): ParsedCsv {
  try {
    return { records: parse(text, { bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true }) };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { failure: { message: (error as Error).message.replace(/^Invalid.*?: /, ""), line } };
  }
}

/**
 * The rows of a parsed file, `file` being the name shown in messages. A BOM and CRLF line
 * ends are accepted; blank lines are skipped. A row with the wrong number of cells is
 * reported and left out.
 *
 * Line numbers are counted here rather than asked of csv-parse: its per-record `info`
 * doubles the parse time of a large file. A record takes one line plus one for each line
 * break inside its quoted cells; a blank line is a record of one empty cell.
 */
export function csvTable(parsed: ParsedCsv, file: string, problems: Problems): CsvTable {
  if ("failure" in parsed) {
    problems.add({ file, line: parsed.failure.line }, `cannot read the CSV: ${parsed.failure.message}`);
    return { file, header: [], rows: [], complete: false };
  }
  let line = 1;
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  let complete = true;
  for (const record of parsed.records) {
    const place = { file, line };
    line += 1 + lineBreaksIn(record);
    if (record.length === 1 && record[0] === "") continue; // a blank line
    if (!header) {
      header = record.map((name) => name.trim());
      continue;
    }
    if (record.length !== header.length) {
      problems.add(
        place,
        `has ${record.length} cells but the header has ${header.length} columns ` +
          "(a missing or extra comma, or an unquoted comma in a value?)",
      );
      complete = false;
      continue;
    }
    const cells: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) cells[header[i]] = record[i].trim();
    rows.push({ place, cells });
  }
  if (!header) {
    problems.add({ file, line: 1 }, "the file is empty; it needs at least a header row");
    return { file, header: [], rows: [], complete: false };
  }
  return { file, header, rows, complete };
}

function lineBreaksIn(record: string[]): number {
  let count = 0;
  for (const cell of record) for (let at = cell.indexOf("\n"); at !== -1; at = cell.indexOf("\n", at + 1)) count++;
  return count;
}
