/**
 * The cache as text, the same in every store: JSON checked against the cache's schema when
 * read (anything else is a problem to report, and reads as empty), and passed through the
 * redactor when written, so no token reaches the file or Redis.
 */
import * as v from "valibot";
import type { Redactor } from "../redact.ts";
import { firstIssue, SocialCacheSchema } from "./schemas.ts";
import { emptyCache, type SocialCache } from "./types.ts";

/** The cache, or an empty one and what is wrong with the text (a line for the log). */
export type ParsedCache = { cache: SocialCache; problem?: string };

export function parseCacheText(text: string, location: string): ParsedCache {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      cache: emptyCache(),
      problem: `the social cache ${location} is not valid JSON; serving it as empty until the next refresh`,
    };
  }
  const checked = v.safeParse(SocialCacheSchema, data);
  if (checked.success) return { cache: checked.output };
  return {
    cache: emptyCache(),
    problem:
      `the social cache ${location} is not of the cache's shape or version (${firstIssue(checked.issues)}); ` +
      "serving it as empty until the next refresh",
  };
}

export function cacheText(cache: SocialCache, redact: Redactor): string {
  return redact(`${JSON.stringify(cache, null, 1)}\n`);
}
