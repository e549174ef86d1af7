/** content/README.md's step-by-step example works: its rows, added to the real content, pass the check. */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { checkContentDir } from "../../build/pipeline.ts";

const dir = mkdtempSync(path.join(tmpdir(), "surf-editor-guide-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the example spot and image rows of content/README.md are valid additions", () => {
  cpSync("content", dir, { recursive: true });
  const guide = readFileSync("content/README.md", "utf8");
  const [spotRow, imageRow] = [...guide.matchAll(/```csv\n(.*)\n```/g)].map((match) => match[1]);
  expect(spotRow).toMatch(/^\d+,example-point,/);
  appendFileSync(path.join(dir, "spots.csv"), `${spotRow}\n`);
  appendFileSync(path.join(dir, "spot_images.csv"), `${imageRow}\n`);
  const { content, problems } = checkContentDir(dir);
  expect(problems).toEqual([]);
  expect(content.spots.map(({ record }) => record.slug)).toContain("example-point");
});
