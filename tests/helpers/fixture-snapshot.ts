/** A snapshot file built from a content fixture folder, for a real server to serve odd content. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSnapshot } from "../../build/pipeline.ts";
import { formatProblem } from "../../build/problems.ts";
import { TEST_MEDIA_BASE_URL } from "../global-setup.ts";

export async function builtFixture(contentDir: string): Promise<{ snapshotPath: string; remove: () => void }> {
  const outDir = mkdtempSync(path.join(tmpdir(), "surf-fixture-dist-"));
  const result = await buildSnapshot({ contentDir, outDir, mediaBaseUrl: TEST_MEDIA_BASE_URL });
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
  return { snapshotPath: result.file, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
