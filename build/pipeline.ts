/** The two things the build does: check a content folder, and compile it into dist/. */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
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
  /** Recorded in the snapshot as its build time; now if absent. */
  builtAt?: Date;
}

export type BuildResult =
  | { ok: true; snapshot: Snapshot; file: string; bytes: number; openapiFile: string }
  | { ok: false; problems: Problem[] };

/**
 * Nothing is written unless the whole content is valid. The pieces file and the OpenAPI
 * description go next to the snapshot, written before it: once a new snapshot is there, so
 * are the files it names. Pieces files no snapshot names any more are removed.
 */
export function buildSnapshot(options: BuildOptions): BuildResult {
  const { content, problems } = checkContentDir(options.contentDir);
  if (problems.length > 0) return { ok: false, problems };
  const { snapshot, json, pieces } = compileSnapshot(content, options.mediaBaseUrl, options.builtAt ?? new Date());
  const openapi = compileOpenApi(snapshot.vocabularies); // before any write: a broken description writes nothing
  const file = path.join(options.outDir, SNAPSHOT_FILE);
  const openapiFile = path.join(options.outDir, OPENAPI_FILE);
  writeFileAtomic(path.join(options.outDir, snapshot.pieces.file), pieces);
  writeFileAtomic(openapiFile, openapi);
  writeFileAtomic(file, json);
  for (const name of readdirSync(options.outDir)) {
    if (/^snapshot-\w+\.pieces$/.test(name) && name !== snapshot.pieces.file) rmSync(path.join(options.outDir, name));
  }
  return { ok: true, snapshot, file, bytes: Buffer.byteLength(json), openapiFile };
}
