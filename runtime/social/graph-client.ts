/**
 * The one client of the social network's Graph API, used by the refresh script and by
 * the server's on-demand refreshes. Real HTTP with `fetch`, a timeout on every call,
 * and errors classified by the Graph error `code` (never by HTTP status alone:
 * throttles arrive as 400, 403 or 429). The access token is sent, never logged.
 */
import type { GraphMedia } from "./graph-media.ts";

export interface GraphConfig {
  baseUrl: string;
  version: string;
  userId: string;
  accessToken: string;
  timeoutMs: number;
}

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
  ) {
    super(message);
  }
}

export interface DiscoveredAccount {
  username: string;
  followers: number;
  media: GraphMedia[];
}

export interface GraphClient {
  /** Our own account's latest media, newest first. */
  ownMedia(count: number): Promise<GraphMedia[]>;
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

function classify(body: GraphErrorBody["error"] & object): GraphError {
  const code = body.code ?? 0;
  const message = body.message ?? "unknown error";
  if (code === 190)
    return new GraphError(
      body.error_subcode === 463 ? "expired-token" : "invalid-token",
      `access token rejected: ${message}`,
      code,
    );
  if (THROTTLE_CODES.has(code)) return new GraphError("throttled", `rate limited: ${message}`, code);
  if (code === 110 || body.error_subcode === 2207013)
    return new GraphError("not-found", `account not found or not a business account: ${message}`, code);
  return new GraphError("other", `Graph API error ${code}: ${message}`, code);
}

export function createGraphClient(config: GraphConfig): GraphClient {
  /** GET `{base}/{version}/{path}`; `what` names the call in errors (never the URL: it holds the token). */
  // biome-ignore lint/suspicious/noExplicitAny: Graph API answers are read field by field, each one checked where used.
  async function get(path: string, params: Record<string, string>, what: string): Promise<any> {
    const url = new URL(`${config.baseUrl.replace(/\/+$/, "")}/${config.version}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("access_token", config.accessToken);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs) });
      text = await response.text();
    } catch (error) {
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
      );
    }
    const error = (body as GraphErrorBody | null)?.error;
    if (error && typeof error === "object") throw classify(error);
    if (!response.ok) throw new GraphError("unavailable", `${what}: HTTP ${response.status}`);
    if (body === null || typeof body !== "object")
      throw new GraphError("bad-response", `${what}: the answer is not a JSON object`);
    return body;
  }

  return {
    async ownMedia(count) {
      const body = await get(`${config.userId}/media`, { fields: MEDIA_FIELDS, limit: String(count) }, "own media");
      if (!Array.isArray(body.data)) throw new GraphError("bad-response", "own media: no data list in the answer");
      return (body.data as GraphMedia[]).slice(0, count);
    },

    async discover(username, count) {
      if (!/^[A-Za-z0-9._]{1,30}$/.test(username))
        throw new GraphError("not-found", `'${username}' is not a valid account handle`);
      const media: GraphMedia[] = [];
      let cursor: string | undefined;
      let followers = 0;
      let found = username;
      for (let page = 0; page < MAX_PAGES && media.length < count; page++) {
        const edge = cursor ? `media.after(${cursor}).limit(${count - media.length})` : `media.limit(${count})`;
        const fields = `business_discovery.username(${username}){username,followers_count,${edge}{${MEDIA_FIELDS}}}`;
        const body = await get(config.userId, { fields }, `business discovery of ${username}`);
        const account = body.business_discovery;
        if (!account || typeof account.followers_count !== "number")
          throw new GraphError("bad-response", `business discovery of ${username}: no account in the answer`);
        followers = account.followers_count;
        found = typeof account.username === "string" ? account.username : username;
        const data = account.media?.data;
        if (Array.isArray(data)) media.push(...(data as GraphMedia[]));
        cursor = account.media?.paging?.cursors?.after;
        if (!cursor || !Array.isArray(data) || data.length === 0) break;
      }
      return { username: found, followers, media: media.slice(0, count) };
    },
  };
}
