import type { IncomingMessage } from "node:http";

/**
 * One request header, read from Node's raw list. `request.headers` is built lazily on
 * first access and costs more than answering a cached request, so the per-request
 * wrappers read raw headers instead.
 */
export function rawHeader(request: IncomingMessage, lowerCaseName: string): string | undefined {
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === lowerCaseName.length && raw[i].toLowerCase() === lowerCaseName) return raw[i + 1];
  }
  return undefined;
}
