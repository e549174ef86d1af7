/**
 * Each size tier of compress() (brotli quality 6, 4 above 256 KiB, 1 above HUGE_BODY_BYTES;
 * gzip 6, then 1) gives back bytes that decompress to the body, smaller than it.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, HUGE_BODY_BYTES } from "../../runtime/http/compression.ts";

/** JSON-like text of about `bytes`, repetitive as map markers are. */
function markers(bytes: number): Buffer {
  const one = (i: number) => `{"slug":"spot-${i}","lat":${(i % 170) - 85}.${i % 97},"lng":${(i % 350) - 175}.5},`;
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    parts.push(one(i));
    length += parts[parts.length - 1].length;
  }
  return Buffer.from(`[${parts.join("")}{}]`);
}

describe("compress", () => {
  for (const bytes of [2048, 300 * 1024, HUGE_BODY_BYTES + 1024]) {
    it(`round-trips a body of ${bytes} bytes in both encodings`, async () => {
      const body = markers(bytes);
      const br = await compress(body, "br");
      const gzip = await compress(body, "gzip");
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gzip).equals(body)).toBe(true);
      expect(br.length).toBeLessThan(body.length / 3);
      expect(gzip.length).toBeLessThan(body.length / 3);
    });
  }
});
