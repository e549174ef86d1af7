/** The social integration's settings, from the environment (README lists them). */
import { DEFAULT_MAX_BODY_BYTES, type GraphConfig } from "./graph-client.ts";

export interface SocialSettings {
  /** null when SOCIAL_USER_ID or SOCIAL_ACCESS_TOKEN is missing: the integration is off. */
  graph: GraphConfig | null;
  cacheFile: string;
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
  };
}
