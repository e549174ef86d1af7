/** The social integration's settings, from the environment (README lists them). */
import { DEFAULT_MAX_BODY_BYTES, type GraphConfig } from "./graph-client.ts";

export interface SocialSettings {
  /** null when SOCIAL_USER_ID or SOCIAL_ACCESS_TOKEN is missing: the integration is off. */
  graph: GraphConfig | null;
  cacheFile: string;
  /** SOCIAL_STORE_URL: the cache in Redis, shared by every replica, instead of the file. */
  storeUrl?: string;
}

const DEFAULT_SOCIAL_CACHE_FILE = ".cache/social.json";

export function socialSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SocialSettings {
  const timeoutMs = env.SOCIAL_TIMEOUT_MS ? Number(env.SOCIAL_TIMEOUT_MS) : 5000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new Error(`SOCIAL_TIMEOUT_MS '${env.SOCIAL_TIMEOUT_MS}' is not a positive whole number of milliseconds`);
  const maxBodyBytes = env.SOCIAL_MAX_BODY_BYTES ? Number(env.SOCIAL_MAX_BODY_BYTES) : DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024)
    throw new Error(
      `SOCIAL_MAX_BODY_BYTES '${env.SOCIAL_MAX_BODY_BYTES}' is not a whole number of bytes, 1024 or more`,
    );
  const userId = env.SOCIAL_USER_ID ?? "";
  const accessToken = env.SOCIAL_ACCESS_TOKEN ?? "";
  return {
    graph:
      userId && accessToken
        ? {
            baseUrl: env.SOCIAL_GRAPH_URL || "https://graph.facebook.com",
            version: env.SOCIAL_GRAPH_VERSION || "v25.0",
            userId,
            accessToken,
            timeoutMs,
            maxBodyBytes,
          }
        : null,
    cacheFile: env.SOCIAL_CACHE_FILE || DEFAULT_SOCIAL_CACHE_FILE,
    storeUrl: env.SOCIAL_STORE_URL ? redisUrl(env.SOCIAL_STORE_URL) : undefined,
  };
}

/** A redis:// (or rediss://, TLS) address; the error never repeats a password given in it. */
function redisUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:") || !url.hostname) {
    const shown = url ? withoutPassword(url) : "(not an address)";
    throw new Error(`SOCIAL_STORE_URL '${shown}' is not a Redis address like redis://redis:6379/0`);
  }
  return value;
}

/** The address as it may appear in a log line. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = "***";
  return shown.href;
}
