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

interface ParsedRecord {
  record: string[];
  info: { lines: number; raw?: string };
}

/**
 * `text` is the file's content, `file` the name shown in messages. A BOM and CRLF line
 * ends are accepted; blank lines are skipped. A row with the wrong number of cells is
 * reported and left out.
 */
export function readCsv(text: string, file: string, problems: Problems): CsvTable {
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      record_delimiter: ["\r\n", "\n"],
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    problems.add({ file, line }, `cannot read the CSV: ${(error as Error).message.replace(/^Invalid.*?: /, "")}`);
    return { file, header: [], rows: [], complete: false };
  }
  if (records.length === 0) {
    problems.add({ file, line: 1 }, "the file is empty; it needs at least a header row");
    return { file, header: [], rows: [], complete: false };
  }
  const header = records[0].record.map((name) => name.trim());
  const rows: CsvRow[] = [];
  let complete = true;
  for (const { record, info } of records.slice(1)) {
    const place = { file, line: startLine(info) };
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
    header.forEach((name, i) => {
      cells[name] = record[i].trim();
    });
    rows.push({ place, cells });
  }
  return { file, header, rows, complete };
}

/** csv-parse counts the line a record ends on; a quoted cell may span several. */
function startLine(info: ParsedRecord["info"]): number {
  const raw = (info.raw ?? "").replace(/\r?\n$/, "");
  const innerBreaks = raw.match(/\n/g)?.length ?? 0;
  return info.lines - innerBreaks;
}
