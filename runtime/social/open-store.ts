/** The social store the settings ask for: Redis when SOCIAL_STORE_URL is set, else the sidecar file. */
import type { Redactor } from "../redact.ts";
import { FileSocialStore } from "./file-store.ts";
import type { SocialSettings } from "./settings.ts";
import type { SocialStore } from "./store.ts";

export interface OpenStoreOptions {
  log: (message: string) => void;
  redact: Redactor;
}

export async function openSocialStore(settings: SocialSettings, options: OpenStoreOptions): Promise<SocialStore> {
  if (!settings.storeUrl) return new FileSocialStore({ file: settings.cacheFile, ...options });
  const timeoutMs = settings.graph?.timeoutMs ?? 5000;
  // Loaded only when asked for: the Redis client and its TLS stack were a fifth of importing the server.
  const { RedisSocialStore } = await import("./redis-store.ts");
  const store = new RedisSocialStore({ url: settings.storeUrl, timeoutMs, ...options });
  await store.connect();
  return store;
}
