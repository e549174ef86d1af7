/**
 * `npm start`: builds the snapshot when it is missing or older than content/, then
 * serves it. (In a container the snapshot is built into the image and the server
 * starts directly.)
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { writeOpenApiTypes } from "../build/openapi.ts";
import { buildSnapshot, DEFAULT_MEDIA_BASE_URL } from "../build/pipeline.ts";
import { printProblems } from "../build/report.ts";
import { main } from "../runtime/server.ts";

const contentDir = process.env.CONTENT_DIR || "content";
const snapshotPath = process.env.SNAPSHOT_PATH || "dist/snapshot.json";

function newestModification(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

// Stale when missing, or older than the content or the API description it is built with.
const openapiPath = path.join(path.dirname(snapshotPath), "openapi.json");
const stale =
  !existsSync(snapshotPath) ||
  !existsSync(openapiPath) ||
  statSync(snapshotPath).mtimeMs < Math.max(newestModification(contentDir), statSync("openapi/openapi.yaml").mtimeMs);
if (stale) {
  console.log(`Building ${snapshotPath} from ${contentDir}/ ...`);
  const result = await buildSnapshot({
    contentDir,
    outDir: path.dirname(snapshotPath),
    mediaBaseUrl: process.env.MEDIA_BASE_URL || DEFAULT_MEDIA_BASE_URL,
  });
  if (!result.ok) {
    printProblems(result.problems, contentDir, "fix them (npm run check) and start again.");
    process.exit(1);
  }
  await writeOpenApiTypes(result.openapiFile); // dist/openapi.d.ts, for a typed client (README)
  console.log(`Built version ${result.snapshot.version}.`);
}
await main();
