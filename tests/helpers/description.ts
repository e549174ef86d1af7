/** The description this test run built: dist/openapi.json beside the test snapshot. */
import { inject } from "vitest";
import { loadOpenApiFile, openApiPathFor } from "../../runtime/openapi/load.ts";
import type { OpenApiDocument } from "../../runtime/openapi/types.ts";

let description: OpenApiDocument | undefined;

/** Loaded once per test file; tests that alter it work on a copy (structuredClone). */
export function testDescription(): OpenApiDocument {
  description ??= loadOpenApiFile(openApiPathFor(inject("snapshotPath")));
  return description;
}
