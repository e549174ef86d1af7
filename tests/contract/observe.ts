/** Requests through `app.request`, kept as the contract checker reads them, with a record of what was seen. */
import type { H3 } from "h3";
import { expect } from "vitest";
import type { Contract, ObservedResponse } from "../helpers/openapi.ts";

export async function observe(app: H3, url: string, init: RequestInit = {}): Promise<ObservedResponse> {
  const response = await app.request(url, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Which statuses each path template has shown so far, to check every described one is exercised. */
export type Seen = Map<string, Set<number>>;

/** Asserts a real answer conforms to the description, and returns it. */
export async function expectConforms(
  contract: Contract,
  seen: Seen,
  app: H3,
  url: string,
  init: RequestInit = {},
): Promise<ObservedResponse> {
  const observed = await observe(app, url, init);
  const template = contract.templateOf(new URL(url, "http://localhost").pathname);
  expect(template, `${url} matches no path of the description`).toBeDefined();
  const problems = contract.check(template!, observed);
  expect(
    problems,
    `${init.method ?? "GET"} ${url} answered ${observed.status}: ${observed.body.slice(0, 300)}`,
  ).toEqual([]);
  if (!seen.has(template!)) seen.set(template!, new Set());
  seen.get(template!)!.add(observed.status);
  return observed;
}
