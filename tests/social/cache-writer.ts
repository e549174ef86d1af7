/**
 * A separate writer process for the cache-store tests:
 *   cache-writer.ts FILE PREFIX COUNT [PADDING_BYTES]
 * adds COUNT accounts named PREFIX-0.. one update at a time (COUNT 0 = forever), each
 * write carrying PADDING_BYTES of feed so that a write takes a while.
 */
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { failedAccount } from "../../runtime/social/scoring.ts";

const [file, prefix, countText, paddingText] = process.argv.slice(2);
const store = new FileSocialStore({ file, lockTimeoutMs: 30_000 });
const count = Number(countText);
const padding = "x".repeat(Number(paddingText ?? 0));

for (let i = 0; count === 0 || i < count; i++) {
  await store.update((cache) => ({
    ...cache,
    feed: padding
      ? {
          username: prefix,
          fetchedAt: new Date().toISOString(),
          posts: [
            {
              id: padding,
              caption: null,
              mediaType: "IMAGE",
              mediaUrl: "https://x.example/a.jpg",
              permalink: "https://x.example/p",
              timestamp: new Date().toISOString(),
              username: prefix,
            },
          ],
        }
      : cache.feed,
    accounts: { ...cache.accounts, [`${prefix}-${i}`]: failedAccount(`${prefix}-${i}`, new Date()) },
  }));
  if (i === 0) console.log("first write done");
}
