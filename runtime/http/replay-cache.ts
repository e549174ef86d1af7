/**
 * A small HTTP cache in front of the app. When a route declared that its answer depends
 * only on the snapshot, the answer the app made is kept (within the memory budget) and
 * sent again, byte for byte, to the next request that would get the same answer. That is
 * one that matches on everything the answer varies on: the path and query as sent, whether
 * its Origin is allowed (and which), and the encoding its Accept-Encoding negotiates. A
 * conditional request gets the 304 the app made for that ETag, or goes to the app.
 *
 * An answer is kept the second time its key is asked for, not the first (the budget's
 * askedBefore): most URLs a front end sends are asked for once.
 */
import type { Memo } from "../memory-budget.ts";
import { type Answer, answerBytes, headerValue, type RequestConditions } from "./answer.ts";
import { negotiateEncoding } from "./compression.ts";
import { allowedOrigin, type OriginAllowList } from "./cors.ts";
import { matchesIfNoneMatch } from "./respond.ts";

interface Stored {
  ok: Answer;
  /** The pattern of the route that made it, for the metrics. */
  route: string;
  etag: string;
  /** The app's 304 for that ETag, once a conditional request has asked for it. */
  notModified?: Answer;
}

export class ReplayCache {
  constructor(
    private readonly memo: Memo,
    private readonly corsOrigins: OriginAllowList,
  ) {}

  /** The key of a GET request's answer; null for other methods (never replayed). */
  keyOf(method: string | undefined, url: string | undefined, conditions: RequestConditions): string | null {
    if (method !== "GET" || url === undefined) return null;
    const encoding = negotiateEncoding(conditions.acceptEncoding) ?? "identity";
    return `http ${encoding} ${allowedOrigin(conditions.origin, this.corsOrigins) ?? "-"} ${url}`;
  }

  /** The answer the app made before for this key and these conditions, if kept, and its route's pattern. */
  replay(key: string, conditions: RequestConditions): { answer: Answer; route: string } | undefined {
    const stored = this.memo.get<Stored>(key);
    if (!stored) return undefined;
    if (conditions.ifNoneMatch === null || !matchesIfNoneMatch(conditions.ifNoneMatch, stored.etag)) {
      return { answer: stored.ok, route: stored.route };
    }
    return stored.notModified && { answer: stored.notModified, route: stored.route };
  }

  /** Keeps a 200 the app made for a snapshot-only route the second time its key is asked for, and its 304s. */
  keep(key: string, answer: Answer, route: string): void {
    if (answer.status === 200) {
      const etag = headerValue(answer, "etag");
      if (etag === undefined || !this.memo.askedBefore(key)) return;
      this.memo.set(key, { ok: answer, etag, route } satisfies Stored, answerBytes(answer));
    } else if (answer.status === 304) {
      const stored = this.memo.get<Stored>(key);
      if (stored && headerValue(answer, "etag") === stored.etag) {
        this.memo.set(key, { ...stored, notModified: answer }, answerBytes(stored.ok) + answerBytes(answer));
      }
    }
  }
}
