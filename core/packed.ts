/**
 * Packed data of the snapshot. JSON.parse builds a JavaScript value for every number and
 * object it reads, which at catalog scale is most of a server's start, so the large and
 * regular parts travel packed:
 *
 * - integer lists (positions) as little-endian Int32 bytes, base64, inside the JSON, or,
 *   the large ones, as raw bytes in the pieces file (read and hashed on another thread
 *   while the snapshot is parsed: nothing to parse, decode or hash on the main thread);
 * - the items' own JSON (their list, detail and marker forms), each serialized once by the
 *   build, as raw bytes in the pieces file beside the snapshot, with the offset where each
 *   item's text ends.
 *
 * The runtime answers by copying those bytes, never by serializing objects again.
 */

/** Integers as their little-endian Int32 bytes (what the pieces file holds raw, and the JSON as base64). */
export function int32Bytes(values: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeInt32LE(values[i], i * 4);
  return bytes;
}

/** Integers as base64 of their little-endian Int32 bytes. */
export function packInt32(values: ArrayLike<number>): string {
  return int32Bytes(values).toString("base64");
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function unpackInt32(packed: string): Int32Array {
  const bytes = Buffer.from(packed, "base64");
  const values = new Int32Array(bytes.length / 4);
  // On a little-endian machine (every one Node ships for but s390x) the bytes are the array's
  // own: one copy instead of a call per value, which at load is a million calls at 100k spots.
  if (LITTLE_ENDIAN) new Uint8Array(values.buffer).set(bytes.subarray(0, values.length * 4));
  else for (let i = 0; i < values.length; i++) values[i] = bytes.readInt32LE(i * 4);
  return values;
}

/** A list of integers in the pieces file: `count` little-endian Int32 from `offset` (a multiple of 4). */
export interface PackedInt32Ref {
  offset: number;
  count: number;
}

/** The list as an Int32Array: a view into the pieces file's bytes where they allow one, else a copy. */
export function int32At(file: Buffer, { offset, count }: PackedInt32Ref): Int32Array {
  if (offset % 4 !== 0 || offset + count * 4 > file.length)
    throw new Error("a list of integers lies outside the pieces file");
  const bytes = file.subarray(offset, offset + count * 4);
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, count);
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) values[i] = bytes.readInt32LE(i * 4);
  return values;
}

/**
 * Pieces of JSON text, item by item, stored in the snapshot's pieces file (raw UTF-8, not
 * inside the JSON: reading bytes costs nothing to decode). Item i is the region from
 * `ends[i - 1]` (or 0) to `ends[i]`, counted from `offset`; an empty piece means "none".
 */
export interface PackedJson {
  /** Where this set of pieces starts in the pieces file. */
  offset: number;
  /** Where each piece ends, relative to `offset`, packed as Int32. */
  ends: string;
}

/** The pieces of one set, as views into the pieces file's bytes. */
export interface JsonPieces {
  bytes: Buffer;
  ends: Int32Array;
}

export function unpackJson(packed: PackedJson, file: Buffer): JsonPieces {
  const ends = unpackInt32(packed.ends);
  const length = ends.length === 0 ? 0 : ends[ends.length - 1];
  if (packed.offset + length > file.length) throw new Error("a set of pieces runs past the end of the pieces file");
  return { bytes: file.subarray(packed.offset, packed.offset + length), ends };
}

/** Item i's JSON bytes (a view, not a copy); empty when the item has none. */
export function piece(pieces: JsonPieces, i: number): Buffer {
  return pieces.bytes.subarray(i === 0 ? 0 : pieces.ends[i - 1], pieces.ends[i]);
}

/** Item i's JSON as a value (for tests and tools; answers copy the bytes instead). */
export function pieceValue<T>(pieces: JsonPieces, i: number): T | undefined {
  const bytes = piece(pieces, i);
  return bytes.length === 0 ? undefined : (JSON.parse(bytes.toString("utf8")) as T);
}
