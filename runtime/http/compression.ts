/**
 * Response compression by `Accept-Encoding`: brotli, else gzip, for JSON bodies above
 * a small size. A compressed body is made once per cached answer and kept with it, and
 * gets its own strong ETag (a strong validator names exact bytes).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { CachedBody } from "./response-cache.ts";

export type Encoding = "br" | "gzip";

/** Below this, compression saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send: the client must accept it with a q above 0; brotli wins a tie. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...parameters] = part.trim().split(";");
    const q = parameters
      .map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  const best = (["br", "gzip"] as const)
    .filter((encoding) => quality(encoding) > 0)
    .sort((a, b) => quality(b) - quality(a));
  return best[0] ?? null;
}

export interface Compressed {
  bytes: Buffer;
  etag: string;
}

/** The answer in `encoding`, made on first use and kept on the answer itself. */
export function compressed(
  answer: CachedBody & { compressed?: Partial<Record<Encoding, Compressed>> },
  encoding: Encoding,
): Compressed {
  answer.compressed ??= {};
  const kept = answer.compressed[encoding];
  if (kept) return kept;
  const bytes =
    encoding === "br"
      ? brotliCompressSync(answer.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
        })
      : gzipSync(answer.body, { level: 6 });
  const made = { bytes, etag: `${answer.etag.slice(0, -1)}-${encoding}"` };
  answer.compressed[encoding] = made;
  return made;
}
