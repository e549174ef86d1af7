/**
 * JSON bodies assembled from the items' serialized forms: a page of a list, a map's
 * markers, an item's detail. The build serialized every item once; an answer copies those
 * bytes between a few fixed ones, so its cost is a copy of what it sends.
 */
import { type JsonPieces, piece } from "../../core/packed.ts";
import type { Positions } from "./positions.ts";

/** Concatenates byte strings and Buffers into one Buffer (sized once, filled once). */
function concat(parts: (string | Buffer)[]): Buffer {
  const buffers = parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part));
  let length = 0;
  for (const buffer of buffers) length += buffer.length;
  const body = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const buffer of buffers) offset += buffer.copy(body, offset);
  return body;
}

/** Positions of items, and optionally each one's distance from a point (NaN for none). */
interface Items {
  positions: Positions;
  distancesKm?: Float64Array;
}

/**
 * `[item, item, ...]` of the given positions' pieces (positions without a piece are
 * skipped), each with `"distance_km"` added before its closing brace when distances are given.
 */
function array(pieces: JsonPieces, items: Items): (string | Buffer)[] {
  const parts: (string | Buffer)[] = ["["];
  const { positions, distancesKm } = items;
  for (let i = 0; i < positions.length; i++) {
    const bytes = piece(pieces, positions[i]);
    if (bytes.length === 0) continue;
    if (parts.length > 1) parts.push(",");
    if (!distancesKm) {
      parts.push(bytes);
      continue;
    }
    parts.push(bytes.subarray(0, bytes.length - 1), `,"distance_km":${distanceJson(distancesKm[i])}}`);
  }
  parts.push("]");
  return parts;
}

/** A distance to 0.1 km (null for a spot without coordinates). */
function distanceJson(km: number): string {
  return Number.isNaN(km) ? "null" : String(Math.round(km * 10) / 10);
}

/** `{"<key>":[...],"total":n,"limit":n,"offset":n}`: a page of a list. */
export function listBody(
  key: string,
  pieces: JsonPieces,
  page: Items & { total: number; limit: number; offset: number },
) {
  const tail = `,"total":${page.total},"limit":${page.limit},"offset":${page.offset}}`;
  return concat([`{${JSON.stringify(key)}:`, ...array(pieces, page), tail]);
}

/** `{"spots":[marker, ...]}`, and `"clusters":[...]` after them when the map is clustered. */
export function markersBody(markers: JsonPieces, items: Items & { clusters?: string | Buffer }): Buffer {
  const clusters = items.clusters === undefined ? [] : [',"clusters":[', items.clusters, "]"];
  return concat(['{"spots":', ...array(markers, items), ...clusters, "}"]);
}

/** `{"<key>":<list form>,<rest of the detail>}`. */
export function detailBody(key: string, list: JsonPieces, detail: JsonPieces, position: number): Buffer {
  return concat([`{${JSON.stringify(key)}:`, piece(list, position), ",", piece(detail, position), "}"]);
}
