/**
 * JSON bodies assembled from the items' serialized forms: a page of a list, a map's
 * markers, an item's detail. The build serialized every item once; an answer copies those
 * bytes between a few fixed ones, so its cost is a copy of what it sends.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { toAsciiJson } from "../../core/ascii-json.ts";
import { type JsonPieces, piece } from "../../core/packed.ts";
import type { Positions } from "./positions.ts";

/** Positions of items, and optionally each one's distance from a point (NaN for none). */
interface Items {
  positions: Positions;
  distancesKm?: Float64Array;
}

/** A distance to 0.1 km (null for a spot without coordinates). */
function distanceJson(km: number): string {
  return Number.isNaN(km) ? "null" : String(Math.round(km * 10) / 10);
}

/**
 * Writes `head`, `[item, item, ...]` of the positions' pieces (positions without one
 * skipped; with distances, each item gains `"distance_km"` before its closing brace),
 * then `tail`, into one Buffer: sized in a first pass, filled in a second, the pieces
 * copied straight from the pieces file's bytes. No object per item, so a body of 100,000
 * markers costs about a copy of its bytes.
 */
function itemsBody(head: string, pieces: JsonPieces, items: Items, tail: string): Buffer {
  const body = new ItemsBody(head, pieces, items, tail);
  body.write(0, items.positions.length);
  return body.finish();
}

/** Items copied between two turns of the event loop: about a megabyte of markers. */
const ITEMS_PER_SLICE = 4000;

/**
 * The same, for a body of many items: the copying is done a slice of items at a time with a
 * turn of the event loop between slices, so other requests (and /healthz) are answered while
 * a map of 100,000 markers is assembled, instead of waiting for the whole copy.
 */
async function itemsBodyInSlices(head: string, pieces: JsonPieces, items: Items, tail: string): Promise<Buffer> {
  const body = new ItemsBody(head, pieces, items, tail);
  const count = items.positions.length;
  for (let from = 0; from < count; from += ITEMS_PER_SLICE) {
    body.write(from, Math.min(count, from + ITEMS_PER_SLICE));
    if (from + ITEMS_PER_SLICE < count) await nextTurn();
  }
  return body.finish();
}

/** One body being written: sized and begun on construction, items written in order, then finished. */
class ItemsBody {
  private readonly body: Buffer;
  private offset: number;
  private written = 0;
  private readonly suffixes: string[] | undefined;

  constructor(
    head: string,
    private readonly pieces: JsonPieces,
    private readonly items: Items,
    private readonly tail: string,
  ) {
    const { positions, distancesKm } = items;
    const { ends } = pieces;
    this.suffixes = distancesKm && Array.from(distancesKm, (km) => `,"distance_km":${distanceJson(km)}}`);
    let length = Buffer.byteLength(head) + Buffer.byteLength(tail) + 2;
    let count = 0;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i];
      const size = ends[position] - (position === 0 ? 0 : ends[position - 1]);
      if (size === 0) continue;
      length += size + (count++ > 0 ? 1 : 0) + (this.suffixes ? this.suffixes[i].length - 1 : 0);
    }
    this.body = Buffer.allocUnsafe(length);
    this.offset = this.body.write(head, 0, "latin1");
    this.body[this.offset++] = 0x5b; // [
  }

  /** Copies the pieces of positions[from] up to (not including) positions[to]. */
  write(from: number, to: number): void {
    const { body, suffixes } = this;
    const { bytes, ends } = this.pieces;
    const { positions } = this.items;
    let offset = this.offset;
    for (let i = from; i < to; i++) {
      const position = positions[i];
      const start = position === 0 ? 0 : ends[position - 1];
      const end = ends[position];
      if (end === start) continue;
      if (this.written++ > 0) body[offset++] = 0x2c; // ,
      if (suffixes) {
        offset += bytes.copy(body, offset, start, end - 1);
        offset += body.write(suffixes[i], offset, "latin1");
      } else {
        offset += bytes.copy(body, offset, start, end);
      }
    }
    this.offset = offset;
  }

  finish(): Buffer {
    this.body[this.offset++] = 0x5d; // ]
    this.offset += this.body.write(this.tail, this.offset, "latin1");
    return this.body;
  }
}

/** `,"understood":{...}` when q was given (understand.ts), else nothing. */
function understoodJson(understood: object | undefined): string {
  return understood ? `,"understood":${toAsciiJson(understood)}` : "";
}

/** `{"<key>":[...],"total":n,"limit":n,"offset":n}`, and `"understood"` for a q: a page of a list. */
export function listBody(
  key: string,
  pieces: JsonPieces,
  page: Items & { total: number; limit: number; offset: number },
  understood?: object,
) {
  const tail = `,"total":${page.total},"limit":${page.limit},"offset":${page.offset}${understoodJson(understood)}}`;
  return itemsBody(`{${JSON.stringify(key)}:`, pieces, page, tail);
}

/** `{"spots":[marker, ...]}`, `"clusters":[...]` after them when the map is clustered, and `"understood"` for a q. */
export function markersBody(
  markers: JsonPieces,
  items: Items & { clusters?: string | Buffer },
  understood?: object,
): Buffer {
  const clusters = items.clusters === undefined ? "" : `,"clusters":[${items.clusters.toString("latin1")}]`;
  return itemsBody('{"spots":', markers, items, `${clusters}${understoodJson(understood)}}`);
}

/** The same body for a map of many markers, assembled in slices (itemsBodyInSlices). */
export function largeMarkersBody(markers: JsonPieces, items: Items, understood?: object): Promise<Buffer> {
  return itemsBodyInSlices('{"spots":', markers, items, `${understoodJson(understood)}}`);
}

const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("}");

/** `{"<key>":<list form>,<rest of the detail>}`. */
export function detailBody(key: string, list: JsonPieces, detail: JsonPieces, position: number): Buffer {
  const head = Buffer.from(`{${JSON.stringify(key)}:`);
  return Buffer.concat([head, piece(list, position), COMMA, piece(detail, position), CLOSE]);
}
