/**
 * What a request's log line says of it: the path and query, bounded, printable, with
 * query values whose names look like secrets redacted; its request id, always the server's
 * own; and the caller's `X-Request-Id` beside it when it sends a sane one.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SECRET_NAME = /token|secret|key|password|passwd|auth|signature|session|cookie/i;
const UNPRINTABLE = /[^\x20-\x7e]/;
/** A parameter name with a percent-escape in it, which may spell a secret's name (`%74oken`). */
const ESCAPED_NAME = /(?:^|&)[^=&]*%/;
const X_REQUEST_ID = "x-request-id";

/**
 * The request's ids: `requestId` is always made here, never taken from the request, because it
 * goes out on the answer and a shared cache would hand a caller's value to every later client.
 * The caller's own `X-Request-Id`, when sane, is only logged beside it (`clientRequestId`), so
 * a trace across services still finds the line.
 */
export function requestIdsOf(request: IncomingMessage): { requestId: string; clientRequestId: string | undefined } {
  const raw = request.rawHeaders;
  let clientRequestId: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === X_REQUEST_ID.length && raw[i].toLowerCase() === X_REQUEST_ID) {
      clientRequestId = SANE_REQUEST_ID.test(raw[i + 1]) ? raw[i + 1] : undefined;
      break;
    }
  }
  return { requestId: randomUUID(), clientRequestId };
}

/** The path and query as logged. (Per request: the common case is kept cheap.) */
export function loggablePath(url: string): { path: string; query: string | undefined } {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? undefined : url.slice(mark + 1);
  const safe = (text: string) =>
    text.length <= 512 && !UNPRINTABLE.test(text) ? text : text.replace(/[^\x20-\x7e]/g, "?").slice(0, 512);
  if (query === undefined) return { path: safe(path), query: undefined };
  // Escaped values are common (URLSearchParams writes `country=pt%2Ces`); only an escaped name needs decoding.
  if (!SECRET_NAME.test(query) && !ESCAPED_NAME.test(query)) return { path: safe(path), query: safe(query) };
  const redacted = query
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      return SECRET_NAME.test(decodeSafely(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return { path: safe(path), query: safe(redacted) };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
