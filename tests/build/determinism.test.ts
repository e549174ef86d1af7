/** The same content builds the same bytes, and the version is a hash of them. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { compileOpenApi } from "../../build/openapi.ts";
import { buildSnapshot } from "../../build/pipeline.ts";
import { TEST_MEDIA_BASE_URL } from "../global-setup.ts";
import { copyFixture, editFiles, FIXTURES } from "../helpers/fixtures.ts";

const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

const BUILT_AT = new Date("2026-11-01T00:00:00Z");

async function buildInto(
  contentDir: string,
  mediaBaseUrl = TEST_MEDIA_BASE_URL,
  builtAt = BUILT_AT,
): Promise<{ bytes: Buffer; version: string }> {
  const outDir = mkdtempSync(path.join(tmpdir(), "surf-determinism-"));
  outDirs.push(outDir);
  const result = await buildSnapshot({ contentDir, outDir, mediaBaseUrl, builtAt });
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join("\n"));
  return { bytes: readFileSync(result.file), version: result.snapshot.version };
}

describe("the build is deterministic", () => {
  it("builds byte-identical snapshots from the same content at the same build time", async () => {
    const first = await buildInto("content");
    const second = await buildInto("content");
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it("records the build time beside the version, which does not depend on it", async () => {
    const now = await buildInto("content", TEST_MEDIA_BASE_URL, new Date("2027-01-02T03:04:05Z"));
    expect(now.version).toBe((await buildInto("content")).version);
    expect(JSON.parse(now.bytes.toString("latin1")).builtAt).toBe("2027-01-02T03:04:05.000Z");
    expect(now.bytes.toString("latin1")).toMatch(/^\{"version":"[0-9a-f]{16}","builtAt":"2027-01-02T03:04:05.000Z",/);
  });

  it("gives a different version when anything that is served changes", async () => {
    const base = await buildInto("content");
    const elsewhere = await buildInto("content", "https://cdn.other.example");
    expect(elsewhere.version).not.toBe(base.version);
    expect(elsewhere.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("writes the same pieces file, named by its content", async () => {
    const first = JSON.parse(readFileSync(inject("snapshotPath"), "latin1")).pieces;
    const second = await buildInto("content");
    expect(JSON.parse(second.bytes.toString("latin1")).pieces).toEqual(first);
    expect(first.file).toBe(`snapshot-${first.sha256.slice(0, 16)}.pieces`);
  });

  it("leaves no temporary file next to the snapshot, its pieces and its API description", () => {
    const dir = path.dirname(inject("snapshotPath"));
    const { pieces } = JSON.parse(readFileSync(inject("snapshotPath"), "latin1"));
    expect(readdirSync(dir).sort()).toEqual(["openapi.json", pieces.file, "snapshot.json"].sort());
  });

  it("writes beside every snapshot the API description with its content's vocabularies", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "surf-determinism-"));
    outDirs.push(outDir);
    const result = await buildSnapshot({
      contentDir: path.join(FIXTURES, "minimal"),
      outDir,
      mediaBaseUrl: TEST_MEDIA_BASE_URL,
    });
    if (!result.ok) throw new Error("the minimal fixture does not build");
    expect(result.openapiFile).toBe(path.join(outDir, "openapi.json"));
    expect(readFileSync(result.openapiFile, "utf8")).toBe(compileOpenApi(result.snapshot.vocabularies));
    const tags = (file: string) =>
      JSON.parse(readFileSync(file, "utf8")).components.parameters.tag.schema.items.enum as string[];
    // The fixture's tags, not the bundled catalog's.
    expect(tags(result.openapiFile)).toEqual(result.snapshot.vocabularies.tag);
    expect(tags(path.join(path.dirname(inject("snapshotPath")), "openapi.json"))).not.toEqual(
      result.snapshot.vocabularies.tag,
    );
  });
});

describe("a build with problems", () => {
  it("writes nothing and keeps the previous snapshot as it was", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "surf-failed-build-"));
    outDirs.push(outDir);
    const good = await buildSnapshot({
      contentDir: path.join(FIXTURES, "minimal"),
      outDir,
      mediaBaseUrl: TEST_MEDIA_BASE_URL,
    });
    expect(good.ok).toBe(true);
    const before = readFileSync(path.join(outDir, "snapshot.json"));

    const broken = copyFixture("minimal");
    outDirs.push(broken);
    editFiles(broken, { "spots.csv": (text) => text.replace("21.6650", "123.4") });
    const result = await buildSnapshot({ contentDir: broken, outDir, mediaBaseUrl: TEST_MEDIA_BASE_URL });

    expect(result.ok).toBe(false);
    expect(readFileSync(path.join(outDir, "snapshot.json")).equals(before)).toBe(true);
    const { pieces } = JSON.parse(before.toString("latin1"));
    expect(readdirSync(outDir).sort()).toEqual(["openapi.json", pieces.file, "snapshot.json"].sort());
  });

  const failingLate =
    "a build that fails once its pieces file is written keeps the previous files and leaves no temporary one";
  it(failingLate, async () => {
    const minimal = path.join(FIXTURES, "minimal");
    const scratch = mkdtempSync(path.join(tmpdir(), "surf-failed-write-"));
    const outDir = mkdtempSync(path.join(tmpdir(), "surf-failed-write-"));
    outDirs.push(scratch, outDir);
    // The pieces file the second build will name, learnt from a build elsewhere.
    const second = await buildSnapshot({ contentDir: minimal, outDir: scratch, mediaBaseUrl: "https://o.example" });
    const first = await buildSnapshot({ contentDir: minimal, outDir, mediaBaseUrl: TEST_MEDIA_BASE_URL });
    if (!first.ok || !second.ok) throw new Error("the minimal fixture does not build");
    const before = readFileSync(first.file);
    // A folder where the finished pieces file must go: it cannot be renamed into place.
    mkdirSync(path.join(outDir, second.snapshot.pieces.file, "in-the-way"), { recursive: true });

    await expect(buildSnapshot({ contentDir: minimal, outDir, mediaBaseUrl: "https://o.example" })).rejects.toThrow();
    expect(readFileSync(first.file).equals(before)).toBe(true);
    expect(readdirSync(outDir).sort()).toEqual(
      ["openapi.json", first.snapshot.pieces.file, second.snapshot.pieces.file, "snapshot.json"].sort(),
    );
  });

  it("a build of other content replaces the pieces file: no stale one stays beside the snapshot", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "surf-rebuild-"));
    outDirs.push(outDir);
    expect(
      (await buildSnapshot({ contentDir: path.join(FIXTURES, "minimal"), outDir, mediaBaseUrl: TEST_MEDIA_BASE_URL }))
        .ok,
    ).toBe(true);
    const other = await buildSnapshot({
      contentDir: path.join(FIXTURES, "minimal"),
      outDir,
      mediaBaseUrl: "https://o.example",
    });
    if (!other.ok) throw new Error("the minimal fixture does not build");
    expect(readdirSync(outDir).sort()).toEqual(["openapi.json", other.snapshot.pieces.file, "snapshot.json"].sort());
  });
});
