/** Content fixtures for build tests: copies of tests/fixtures/<name> in a temp folder, edited per test. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkContentDir } from "../../build/pipeline.ts";
import { formatProblem } from "../../build/problems.ts";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/** A fresh copy of a fixture folder; returns its path. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `surf-${name}-`));
  cpSync(path.join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** Returns the file's new text, or null to delete the file. */
export type Edit = (text: string) => string | null;

/** Applies edits to files of a content folder: `{ "spots.csv": (t) => t.replace(...) }`. */
export function editFiles(dir: string, edits: Record<string, Edit>): void {
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const before = readFileSync(target, "utf8");
    const after = edit(before);
    if (after === null) {
      rmSync(target);
      continue;
    }
    if (after === before) throw new Error(`edit of ${file} changed nothing: the fixture and the test disagree`);
    writeFileSync(target, after);
  }
}

/** The problems of a content folder as an editor reads them, the folder shown as `content`. */
export function problemLines(dir: string): string[] {
  const shown = path.relative(process.cwd(), dir);
  return checkContentDir(dir).problems.map((problem) => formatProblem(problem).replaceAll(shown, "content"));
}
