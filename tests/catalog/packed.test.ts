import { describe, expect, it } from "vitest";
import { packInt32, unpackInt32 } from "../../core/packed.ts";

describe("integer lists packed as base64 of little-endian Int32", () => {
  it("unpack to the same values, negative, large and empty lists included", () => {
    const lists = [[], [0], [-1, 1, -2147483648, 2147483647], Array.from({ length: 1000 }, (_, i) => i * 7919 - 5e5)];
    for (const values of lists) expect(Array.from(unpackInt32(packInt32(values)))).toEqual(values);
  });

  it("are little-endian whatever the machine: the bytes of 1 are 01 00 00 00", () => {
    expect(Buffer.from(packInt32([1, 256]), "base64")).toEqual(Buffer.from([1, 0, 0, 0, 0, 1, 0, 0]));
    expect(Array.from(unpackInt32(Buffer.from([1, 0, 0, 0, 0, 1, 0, 0]).toString("base64")))).toEqual([1, 256]);
  });

  it("unpack into an array of their own, not a view of a shared pool", () => {
    const values = unpackInt32(packInt32([5, 6, 7]));
    expect(values.byteOffset).toBe(0);
    expect(values.buffer.byteLength).toBe(12);
  });
});
