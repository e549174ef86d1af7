/**
 * Builds the real content once for the whole run, into a temporary folder, so every
 * test reads the same snapshot the server would serve (and `dist/` is left alone).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildSnapshot } from "../build/pipeline.ts";
import { formatProblem } from "../build/problems.ts";

export const TEST_MEDIA_BASE_URL = "https://media.test.example";

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(path.join(tmpdir(), "surf-dist-"));
  const result = await buildSnapshot({ contentDir: "content", outDir, mediaBaseUrl: TEST_MEDIA_BASE_URL });
  if (!result.ok) throw new Error(`content/ does not build:\n${result.problems.map(formatProblem).join("\n")}`);
  project.provide("snapshotPath", result.file);
  return () => rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    snapshotPath: string;
  }
}
