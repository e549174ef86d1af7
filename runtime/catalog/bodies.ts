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

/** `[item, item, ...]` of the given positions' pieces (positions without a piece are skipped). */
function array(pieces: JsonPieces, positions: Positions): (string | Buffer)[] {
  const parts: (string | Buffer)[] = ["["];
  for (let i = 0; i < positions.length; i++) {
    const bytes = piece(pieces, positions[i]);
    if (bytes.length === 0) continue;
    if (parts.length > 1) parts.push(",");
    parts.push(bytes);
  }
  parts.push("]");
  return parts;
}

/** `{"<key>":[...],"total":n,"limit":n,"offset":n}`: a page of a list. */
export function listBody(
  key: string,
  pieces: JsonPieces,
  page: { positions: Positions; total: number; limit: number; offset: number },
): Buffer {
  const tail = `,"total":${page.total},"limit":${page.limit},"offset":${page.offset}}`;
  return concat([`{${JSON.stringify(key)}:`, ...array(pieces, page.positions), tail]);
}

/** `{"spots":[marker, ...]}`. */
export function markersBody(markers: JsonPieces, positions: Positions): Buffer {
  return concat(['{"spots":', ...array(markers, positions), "}"]);
}

/** `{"<key>":<list form>,<rest of the detail>}`. */
export function detailBody(key: string, list: JsonPieces, detail: JsonPieces, position: number): Buffer {
  return concat([`{${JSON.stringify(key)}:`, piece(list, position), ",", piece(detail, position), "}"]);
}
