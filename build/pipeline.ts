/** The two things the build does: check a content folder, and compile it into dist/. */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { OPENAPI_FILE, SNAPSHOT_FILE, type Snapshot } from "../core/snapshot-format.ts";
import { checkContent } from "./check-content.ts";
import { checkLocations } from "./check-locations.ts";
import { compileSnapshot } from "./compile/snapshot.ts";
import { compileOpenApi } from "./openapi.ts";
import { type Problem, Problems } from "./problems.ts";
import { type Content, readContent } from "./read-content.ts";
import { AtomicFile, writeFileAtomic } from "./write-atomic.ts";

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
  checkLocations(content, problems);
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
 * Nothing is written unless the whole content is valid (the pieces file is written while it
 * is compiled, under a temporary name until it is whole). The pieces file and the OpenAPI
 * description go next to the snapshot, written before it: once a new snapshot is there, so
 * are the files it names. Pieces files no snapshot names any more are removed.
 */
export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  const { content, problems } = checkContentDir(options.contentDir);
  if (problems.length > 0) return { ok: false, problems };
  // Written while it is compiled, and named by its hash once it is whole.
  const piecesFile = new AtomicFile(path.join(options.outDir, "snapshot.pieces"));
  try {
    const { snapshot, json } = await compileSnapshot(
      content,
      options.mediaBaseUrl,
      options.builtAt ?? new Date(),
      piecesFile,
    );
    const openapi = compileOpenApi(snapshot.vocabularies); // before any commit: a broken description writes nothing
    piecesFile.commit(path.join(options.outDir, snapshot.pieces.file));
    return writeSnapshot(options.outDir, snapshot, json, openapi);
  } finally {
    piecesFile.discard();
  }
}

function writeSnapshot(outDir: string, snapshot: Snapshot, json: string, openapi: string): BuildResult {
  const file = path.join(outDir, SNAPSHOT_FILE);
  const openapiFile = path.join(outDir, OPENAPI_FILE);
  writeFileAtomic(openapiFile, openapi);
  writeFileAtomic(file, json);
  for (const name of readdirSync(outDir)) {
    if (/^snapshot-\w+\.pieces$/.test(name) && name !== snapshot.pieces.file) rmSync(path.join(outDir, name));
  }
  return { ok: true, snapshot, file, bytes: Buffer.byteLength(json), openapiFile };
}
