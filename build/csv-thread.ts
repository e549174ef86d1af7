/**
 * Large CSV files parsed on a second thread while the main thread reads spots.csv, the
 * largest. At 100k spots reading spot_images.csv takes about 0.2-0.4 s (1.1-1.3 s where it
 * leaves the strict grammar for csv-parse), and spots.csv about 0.3 s (1.4 s); side by
 * side they cost the longer one. With the strict reader, the thread no longer saves time
 * when both files are well formed (three alternating builds at 100k: median 13.2 s with
 * it, 13.4 s without), but the parse's garbage stays out of the main thread's heap: the
 * build's peak read 948-968 MiB with it and 969-983 MiB without, against the 1 GiB bound.
 *
 * The records come back packed: one string of every cell and the lengths that cut it.
 * Structured clone copies those two values in milliseconds; the same records as arrays of
 * strings took about 0.5 s to copy into the main thread's heap, a third of the parse.
 */
import { type ParsedCsv, parseCsv } from "./read-csv.ts";
import { onThread, type Pending } from "./thread.ts";

/** Files smaller than this are parsed in place: starting a thread that loads TypeScript costs about 0.3 s. */
export const THREAD_FROM_BYTES = 4 * 2 ** 20;

interface PackedRecords {
  cells: string;
  /** For each record, its number of cells, then each cell's length. */
  lengths: Int32Array;
}

type PackedCsv = { packed: PackedRecords } | Extract<ParsedCsv, { failure: unknown }>;

/** Parses the file at `filePath` on a worker thread; its result waits for the worker. */
export function parseCsvInBackground(filePath: string): Pending<ParsedCsv> {
  const pending = onThread<PackedCsv>("CSV", new URL("./csv-worker.mjs", import.meta.url), filePath);
  return {
    result() {
      const parsed = pending.result();
      return "packed" in parsed ? { records: unpackRecords(parsed.packed) } : parsed;
    },
  };
}

/** What the worker sends back for a file's text. */
export function parsePacked(text: string): PackedCsv {
  const parsed = parseCsv(text);
  return "records" in parsed ? { packed: packRecords(parsed.records) } : parsed;
}

function packRecords(records: string[][]): PackedRecords {
  let count = records.length;
  for (const record of records) count += record.length;
  const lengths = new Int32Array(count);
  const cells: string[] = [];
  let at = 0;
  for (const record of records) {
    lengths[at++] = record.length;
    for (const cell of record) {
      lengths[at++] = cell.length;
      cells.push(cell);
    }
  }
  return { cells: cells.join(""), lengths };
}

function unpackRecords({ cells, lengths }: PackedRecords): string[][] {
  const records: string[][] = [];
  let from = 0;
  for (let at = 0; at < lengths.length; ) {
    const record: string[] = new Array(lengths[at++]);
    for (let i = 0; i < record.length; i++) {
      const to = from + lengths[at++];
      record[i] = cells.slice(from, to);
      from = to;
    }
    records.push(record);
  }
  return records;
}
