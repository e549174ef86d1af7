/** The two things the build does: check a content folder, and compile it into dist/. */
import path from "node:path";
import { toAsciiJson } from "../core/ascii-json.ts";
import { OPENAPI_FILE, SNAPSHOT_FILE, type Snapshot } from "../core/snapshot-format.ts";
import { checkContent } from "./check-content.ts";
import { compileSnapshot } from "./compile/snapshot.ts";
import { compileOpenApi } from "./openapi.ts";
import { type Problem, Problems } from "./problems.ts";
import { type Content, readContent } from "./read-content.ts";
import { writeFileAtomic } from "./write-atomic.ts";

/** Where media keys point when MEDIA_BASE_URL is not set (a reserved example domain). */
export const DEFAULT_MEDIA_BASE_URL = "https://media.surf-catalog.example";

export interface CheckResult {
  content: Content;
  problems: Problem[];
}

export function checkContentDir(contentDir: string): CheckResult {
  const problems = new Problems();
  const content = readContent(contentDir, problems);
  checkContent(content, problems);
  return { content, problems: problems.sorted() };
}

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  mediaBaseUrl: string;
}

export type BuildResult =
  | { ok: true; snapshot: Snapshot; file: string; bytes: number; openapiFile: string }
  | { ok: false; problems: Problem[] };

/**
 * Nothing is written unless the whole content is valid. The OpenAPI description goes
 * next to the snapshot, so a server always serves the description of its own build.
 */
export function buildSnapshot(options: BuildOptions): BuildResult {
  const { content, problems } = checkContentDir(options.contentDir);
  if (problems.length > 0) return { ok: false, problems };
  const snapshot = compileSnapshot(content, options.mediaBaseUrl);
  const json = toAsciiJson(snapshot);
  const openapi = compileOpenApi(); // before any write: a broken description writes nothing
  const file = path.join(options.outDir, SNAPSHOT_FILE);
  const openapiFile = path.join(options.outDir, OPENAPI_FILE);
  // The description first: once a new snapshot is there, its description is too.
  writeFileAtomic(openapiFile, openapi);
  writeFileAtomic(file, json);
  return { ok: true, snapshot, file, bytes: Buffer.byteLength(json), openapiFile };
}
