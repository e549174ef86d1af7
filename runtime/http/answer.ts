/**
 * An answer is everything the server sends for one request: status, headers in order and
 * the body's bytes. respond.ts makes every answer; this module carries them: to h3 as a
 * web Response, and to a Node socket (writeHead, then the body as the client takes it), the
 * same bytes whether the app has just made the answer or the replay cache is sending it again.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { FastResponse } from "srvx/node";

export interface Answer {
  status: number;
  /** Header names (lower case) and values, alternating: `["etag", "\"abc\"", ...]`. */
  headers: string[];
  /** Shared, never copied: the same bytes may go to many sockets at once. */
  body: Buffer | null;
}

/** What a request says about the answer it can take, read the same way on every path. */
export interface RequestConditions {
  origin: string | null;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

export function headerValue(answer: Answer, name: string): string | undefined {
  for (let i = 0; i < answer.headers.length; i += 2) if (answer.headers[i] === name) return answer.headers[i + 1];
  return undefined;
}

/** Bytes an answer holds, for the memory budget. */
export function answerBytes(answer: Answer): number {
  let bytes = answer.body?.length ?? 0;
  for (const part of answer.headers) bytes += part.length;
  return bytes;
}

/** The answer as the web Response h3 hands on (srvx writes its Buffer body straight to Node). */
export function toWebResponse(answer: Answer): Response {
  const headers: [string, string][] = [];
  for (let i = 0; i < answer.headers.length; i += 2) headers.push([answer.headers[i], answer.headers[i + 1]]);
  return new FastResponse(answer.body, { status: answer.status, headers });
}

/** Bodies larger than this go out in slices of it (views of the same bytes, never copies). */
const WRITE_SLICE_BYTES = 256 * 1024;

/**
 * Writes an answer, plus this request's own headers (its id). A large body goes out slice
 * by slice as the client takes it: a client that reads slowly is seen to make progress (the
 * connection guard closes only those that take nothing), and one that goes away stops it.
 */
export function writeAnswer(response: ServerResponse, answer: Answer, ownHeaders: string[]): void {
  response.writeHead(answer.status, ownHeaders.length === 0 ? answer.headers : [...answer.headers, ...ownHeaders]);
  const { body } = answer;
  if (!body || body.length <= WRITE_SLICE_BYTES) {
    response.end(body ?? undefined);
    return;
  }
  let offset = 0;
  const next = () => {
    while (offset < body.length && !response.destroyed) {
      const slice = body.subarray(offset, Math.min(offset + WRITE_SLICE_BYTES, body.length));
      offset += slice.length;
      if (offset >= body.length) response.end(slice);
      else if (!response.write(slice)) return void response.once("drain", next);
    }
  };
  next();
}

const ORIGIN = "origin";
const ACCEPT_ENCODING = "accept-encoding";
const IF_NONE_MATCH = "if-none-match";

/**
 * The conditions of a Node request, read from its raw header list (cheaper than Node's
 * parsed `headers` object, which is built on first use). A header sent twice reads as
 * Node and the web Headers read it: the values joined by ", ".
 */
export function nodeRequestConditions(request: IncomingMessage): RequestConditions {
  const raw = request.rawHeaders;
  const conditions: RequestConditions = { origin: null, acceptEncoding: null, ifNoneMatch: null };
  const add = (current: string | null, value: string) => (current === null ? value : `${current}, ${value}`);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === ORIGIN.length && name.toLowerCase() === ORIGIN) {
      conditions.origin = add(conditions.origin, raw[i + 1]);
    } else if (name.length === ACCEPT_ENCODING.length && name.toLowerCase() === ACCEPT_ENCODING) {
      conditions.acceptEncoding = add(conditions.acceptEncoding, raw[i + 1]);
    } else if (name.length === IF_NONE_MATCH.length && name.toLowerCase() === IF_NONE_MATCH) {
      conditions.ifNoneMatch = add(conditions.ifNoneMatch, raw[i + 1]);
    }
  }
  return conditions;
}

export function webRequestConditions(headers: Headers): RequestConditions {
  return {
    origin: headers.get(ORIGIN),
    acceptEncoding: headers.get(ACCEPT_ENCODING),
    ifNoneMatch: headers.get(IF_NONE_MATCH),
  };
}
