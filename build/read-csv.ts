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
 * Splits a file's text into records of cells: by strictRecords when the text keeps to the
 * strict grammar, else by csv-parse, which reads what strictRecords leaves and words every
 * problem (the same records either way).
 */
export function parseCsv(text: string): ParsedCsv {
  const strict = strictRecords(text);
  if (strict) return { records: strict };
  try {
    return { records: parse(text, { bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true }) };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { failure: { message: (error as Error).message.replace(/^Invalid.*?: /, ""), line } };
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The records of a CSV text that keeps strictly to RFC 4180, as csv-parse reads them: a
 * record ends with LF or CRLF (a lone CR is text), and a cell is either free of quotes or
 * quoted whole, `""` standing for a quote. At anything else (a quote inside an unquoted
 * cell, text after a closing quote, a quote never closed) it gives up with null, for
 * csv-parse to read and report. A record without quotes is one `split`: about five times
 * faster than csv-parse, which reads character by character (1.3-1.5 s for the 31 MB
 * spots.csv of 100k spots, against 0.28 s).
 */
export function strictRecords(text: string): string[][] | null {
  const records: string[][] = [];
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // The next quote at or after pos (end when none), found again only once pos passes it.
  let nextQuote = -1;
  while (pos < end) {
    if (nextQuote < pos) {
      nextQuote = text.indexOf('"', pos);
      if (nextQuote === -1) nextQuote = end;
    }
    const lineFeed = text.indexOf("\n", pos);
    const recordEnd = lineFeed === -1 ? end : lineFeed;
    if (nextQuote > recordEnd) {
      const cellsEnd = recordEnd > pos && text.charCodeAt(recordEnd - 1) === CR ? recordEnd - 1 : recordEnd;
      records.push(text.slice(pos, cellsEnd).split(","));
      pos = recordEnd + 1;
      continue;
    }
    const record: string[] = [];
    for (;;) {
      if (text.charCodeAt(pos) === QUOTE) {
        let cell = "";
        let from = pos + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) return null;
          if (text.charCodeAt(close + 1) !== QUOTE) {
            cell += text.slice(from, close);
            pos = close + 1;
            break;
          }
          cell += text.slice(from, close + 1);
          from = close + 2;
        }
        record.push(cell);
      } else {
        let stop = pos;
        for (; stop < end; stop++) {
          const code = text.charCodeAt(stop);
          if (code === COMMA || code === LF || (code === CR && text.charCodeAt(stop + 1) === LF)) break;
          if (code === QUOTE) return null;
        }
        record.push(text.slice(pos, stop));
        pos = stop;
      }
      const after = text.charCodeAt(pos);
      if (after === COMMA) {
        pos++;
        continue;
      }
      if (pos >= end || after === LF) pos++;
      else if (after === CR && text.charCodeAt(pos + 1) === LF) pos += 2;
      else return null;
      break;
    }
    records.push(record);
  }
  return records;
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
