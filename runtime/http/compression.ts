/**
 * Response compression by `Accept-Encoding`: brotli, else gzip, for bodies above a small
 * size. zlib's asynchronous functions run on libuv's thread pool, so compressing a large
 * answer never blocks the event loop. The effort drops as bodies grow, where more of it
 * costs a core for seconds to save a few percent: brotli's quality 6, then 4 above 256 KiB,
 * then 1 above 4 MiB (a near-whole-world map at 100k spots is 30 MB: about a third of the
 * CPU of quality 4, for a body about 15% larger); gzip's level 6, then 1 above 4 MiB.
 * Large bodies wait for their turn (large-body-work.ts).
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { inTurn, LARGE_BODY_BYTES } from "./large-body-work.ts";

export type Encoding = "br" | "gzip";

/** Below this, compression saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Above this, both encodings run at their fastest level. */
export const HUGE_BODY_BYTES = 4 * 2 ** 20;

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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compressNow(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const huge = body.length > HUGE_BODY_BYTES;
  if (encoding === "gzip") return gzipAsync(body, { level: huge ? 1 : 6 });
  const quality = huge ? 1 : body.length > LARGE_BODY_BYTES ? 4 : 6;
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return body.length <= LARGE_BODY_BYTES ? compressNow(body, encoding) : inTurn(() => compressNow(body, encoding));
}
