/** Asserting that real answers conform to the description, with a record of which statuses were seen. */
import { expect } from "vitest";
import type { Contract, ObservedResponse } from "../helpers/openapi.ts";
import type { Target } from "../helpers/targets.ts";

/** Which statuses each path template has shown so far, to check every described one is exercised. */
export type Seen = Map<string, Set<number>>;

/** Asserts a real answer conforms to the description, and returns it. */
export async function expectConforms(
  contract: Contract,
  seen: Seen,
  target: Target,
  url: string,
  init: RequestInit = {},
): Promise<ObservedResponse> {
  const observed = await target.observe(url, init);
  const template = contract.templateOf(new URL(url, "http://localhost").pathname);
  expect(template, `${url} matches no path of the description`).toBeDefined();
  const problems = contract.check(template!, observed);
  const method = init.method ?? "GET";
  expect(problems, `${method} ${url} answered ${observed.status}: ${observed.body.slice(0, 300)}`).toEqual([]);
  if (!seen.has(template!)) seen.set(template!, new Set());
  seen.get(template!)!.add(observed.status);
  return observed;
}
