/**
 * Every HTTP behaviour test runs twice, as h3's own tests do: through h3's `app.request`
 * (in process) and through the real server on a loopback socket, the exit production uses
 * (request id, replay cache, the Node response). `describeMatrix` runs its tests once per
 * target, opening each target once for the block, and hands them a `fetch(path, init)`
 * that answers a web Response. Behaviour only one exit has is tested on that exit alone.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { openTarget, type Setup, TARGET_KINDS, type Target, type TargetKind } from "./targets.ts";

export interface JsonAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape and assert on them.
  body: any;
}

export interface Http {
  /** Which exit this run goes through. */
  readonly kind: TargetKind;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** GET with these headers; the body parsed (null when empty). */
  getJson(path: string, headers?: Record<string, string>): Promise<JsonAnswer>;
}

export function describeMatrix(title: string, tests: (http: Http) => void, setup: Setup = {}): void {
  describe.each(TARGET_KINDS)(`${title}, through %s`, (kind) => {
    let target: Target | undefined;
    beforeAll(async () => {
      target = await openTarget(kind, setup);
    });
    afterAll(() => target?.close());
    const fetch = (path: string, init?: RequestInit) => {
      if (!target) throw new Error(`the ${kind} target is not open: call fetch inside a test`);
      return target.fetch(path, init);
    };
    tests({
      kind,
      fetch,
      async getJson(path, headers = {}) {
        const response = await fetch(path, { headers });
        const text = await response.text();
        return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
      },
    });
  });
}
