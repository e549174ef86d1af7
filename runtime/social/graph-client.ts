/**
 * The one client of the social network's Graph API, used by the refresh script and by
 * the server's on-demand refreshes. Real HTTP with `fetch`, a timeout on every call, a
 * cap on the size of an answer (read as a stream and abandoned past the cap), errors
 * classified by the Graph error `code` (never by HTTP status alone: throttles arrive as
 * 400, 403 or 429) with the wait the upstream asks for, media checked against a schema
 * (what fails is dropped and counted), and every message redacted: the access token is
 * sent, never repeated, even when the upstream echoes it.
 */
import { createRedactor } from "../redact.ts";
import type { GraphMedia } from "./graph-media.ts";
import { validMedia } from "./schemas.ts";

export interface GraphConfig {
  baseUrl: string;
  version: string;
  userId: string;
  accessToken: string;
  timeoutMs: number;
  /** Answers larger than this are abandoned (SOCIAL_MAX_BODY_BYTES; default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 2 ** 20;

export type GraphErrorKind =
  | "expired-token"
  | "invalid-token"
  | "throttled"
  | "not-found"
  | "timeout"
  | "unavailable"
  | "bad-response"
  | "other";

export class GraphError extends Error {
  constructor(
    readonly kind: GraphErrorKind,
    message: string,
    readonly code?: number,
    /** How long the upstream asked us to wait (its Retry-After), if it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Media that passed the schema, and how many items of the answer did not. */
export interface MediaList {
  media: GraphMedia[];
  dropped: number;
}

export interface DiscoveredAccount extends MediaList {
  username: string;
  followers: number;
}

export interface GraphClient {
  /** Our own account's latest media, newest first. */
  ownMedia(count: number): Promise<MediaList>;
  /** Another professional account's followers and latest media, through business discovery. */
  discover(username: string, count: number): Promise<DiscoveredAccount>;
}

const MEDIA_FIELDS =
  "id,caption,media_type,media_product_type,media_url,permalink,thumbnail_url,timestamp,username," +
  "like_count,comments_count";
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80002]);
/** Business discovery pages are followed this many times at most (a guard against a looping cursor). */
const MAX_PAGES = 5;

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number };
}

function classify(body: GraphErrorBody["error"] & object, retryAfterMs: number | undefined): GraphError {
  const code = typeof body.code === "number" ? body.code : 0;
  const message = typeof body.message === "string" ? body.message.slice(0, 500) : "unknown error";
  if (code === 190)
    return new GraphError(
      body.error_subcode === 463 ? "expired-token" : "invalid-token",
      `access token rejected: ${message}`,
      code,
    );
  if (THROTTLE_CODES.has(code)) return new GraphError("throttled", `rate limited: ${message}`, code, retryAfterMs);
  if (code === 110 || body.error_subcode === 2207013)
    return new GraphError("not-found", `account not found or not a business account: ${message}`, code);
  return new GraphError("other", `Graph API error ${code}: ${message}`, code);
}

/** Retry-After as seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The answer's text, read as a stream and abandoned as soon as it passes `max` bytes. */
async function cappedText(response: Response, max: number, what: string): Promise<string> {
  const tooLarge = () => new GraphError("bad-response", `${what}: the answer is larger than ${max} bytes; not read`);
  if (Number(response.headers.get("content-length") ?? 0) > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    length += next.value.length;
    if (length > max) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, length).toString("utf8");
}

export function createGraphClient(config: GraphConfig): GraphClient {
  const redact = createRedactor([config.accessToken]);
  const graphError = (error: GraphError) =>
    new GraphError(error.kind, redact(error.message), error.code, error.retryAfterMs);

  /** GET `{base}/{version}/{path}`; `what` names the call in errors (never the URL: it holds the token). */
  // biome-ignore lint/suspicious/noExplicitAny: Graph API answers are read field by field, each one checked where used.
  async function get(path: string, params: Record<string, string>, what: string): Promise<any> {
    try {
      return await request(path, params, what);
    } catch (error) {
      throw error instanceof GraphError ? graphError(error) : new GraphError("other", redact(String(error)));
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  async function request(path: string, params: Record<string, string>, what: string): Promise<any> {
    const url = new URL(`${config.baseUrl.replace(/\/+$/, "")}/${config.version}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("access_token", config.accessToken);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs) });
      text = await cappedText(response, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, what);
    } catch (error) {
      if (error instanceof GraphError) throw error;
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError")
        throw new GraphError("timeout", `${what}: no answer within ${config.timeoutMs} ms`);
      throw new GraphError(
        "unavailable",
        `${what}: ${(error as { cause?: { code?: string } }).cause?.code ?? "network error"}`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GraphError(
        response.ok ? "bad-response" : "unavailable",
        `${what}: HTTP ${response.status} with a body that is not JSON`,
        undefined,
        retryAfterOf(response),
      );
    }
    const error = (body as GraphErrorBody | null)?.error;
    if (error && typeof error === "object") throw classify(error, retryAfterOf(response));
    if (!response.ok)
      throw new GraphError("unavailable", `${what}: HTTP ${response.status}`, undefined, retryAfterOf(response));
    if (body === null || typeof body !== "object")
      throw new GraphError("bad-response", `${what}: the answer is not a JSON object`);
    return body;
  }

  return {
    async ownMedia(count) {
      const body = await get(`${config.userId}/media`, { fields: MEDIA_FIELDS, limit: String(count) }, "own media");
      if (!Array.isArray(body.data)) throw new GraphError("bad-response", "own media: no data list in the answer");
      const { media, dropped } = validMedia(body.data.slice(0, count));
      return { media, dropped };
    },

    async discover(username, count) {
      if (!/^[A-Za-z0-9._]{1,30}$/.test(username))
        throw new GraphError("not-found", `'${username}' is not a valid account handle`);
      const items: unknown[] = [];
      let cursor: string | undefined;
      let followers = 0;
      let found = username;
      for (let page = 0; page < MAX_PAGES && items.length < count; page++) {
        const edge = cursor ? `media.after(${cursor}).limit(${count - items.length})` : `media.limit(${count})`;
        const fields = `business_discovery.username(${username}){username,followers_count,${edge}{${MEDIA_FIELDS}}}`;
        const body = await get(config.userId, { fields }, `business discovery of ${username}`);
        const account = body.business_discovery;
        const followersCount = account?.followers_count;
        if (!Number.isInteger(followersCount) || followersCount < 0)
          throw new GraphError("bad-response", `business discovery of ${username}: no account in the answer`);
        followers = followersCount;
        if (typeof account.username === "string" && /^[A-Za-z0-9._]{1,30}$/.test(account.username)) {
          found = account.username;
        }
        const data = account.media?.data;
        if (Array.isArray(data)) items.push(...data);
        const after = account.media?.paging?.cursors?.after;
        cursor = typeof after === "string" && /^[\w=-]{1,200}$/.test(after) ? after : undefined;
        if (!cursor || !Array.isArray(data) || data.length === 0) break;
      }
      const { media, dropped } = validMedia(items.slice(0, count));
      return { username: found, followers, media, dropped };
    },
  };
}
