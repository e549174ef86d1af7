/**
 * The built description passes the linters a front-end developer's tooling runs, with no
 * error and no warning: Redocly CLI (recommended rules) and Spectral (spectral:oas).
 * Each linter is also shown a description with a known defect, so the check can fail.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openApiPathFor } from "../../runtime/openapi/load.ts";

const built = openApiPathFor(inject("snapshotPath"));
const dir = mkdtempSync(path.join(tmpdir(), "surf-linters-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The built description without its servers and license: both linters must object. */
function defective(): string {
  const document = JSON.parse(readFileSync(built, "utf8"));
  delete document.servers;
  delete document.info.license;
  delete document.info.contact;
  const file = path.join(dir, "defective.json");
  writeFileSync(file, JSON.stringify(document));
  return file;
}

// Offline and quiet: no telemetry, no update check, no colors in what the test reads.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
const bin = (name: string) => path.resolve("node_modules/.bin", name);

interface Linted {
  status: number | null;
  /** The rules that reported a problem, whatever its severity. */
  rules: string[];
}

function redocly(file: string): Linted {
  const args = ["lint", file, "--config", "redocly.yaml", "--format", "json", "--max-problems", "100"];
  const result = spawnSync(bin("redocly"), args, { env, encoding: "utf8", timeout: 60_000 });
  const report = JSON.parse(result.stdout) as { problems: { ruleId: string }[] };
  return { status: result.status, rules: report.problems.map((problem) => problem.ruleId) };
}

function spectral(file: string): Linted {
  const args = ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "hint", "--format", "json"];
  const result = spawnSync(bin("spectral"), args, { env, encoding: "utf8", timeout: 60_000 });
  // The JSON array comes first; a summary sentence may follow it.
  const report = JSON.parse(result.stdout.slice(0, result.stdout.lastIndexOf("]") + 1)) as { code: string }[];
  return { status: result.status, rules: report.map((problem) => problem.code) };
}

describe("the linters a front-end developer runs", () => {
  it("Redocly CLI, recommended rules: no error, no warning", () => {
    expect(redocly(built)).toEqual({ status: 0, rules: [] });
  });

  it("Spectral, spectral:oas: no error, no warning, no hint", () => {
    expect(spectral(built)).toEqual({ status: 0, rules: [] });
  });

  it("both object to a description without servers, license and contact (the checks can fail)", () => {
    const file = defective();
    const fromRedocly = redocly(file);
    expect(fromRedocly.rules).toEqual(expect.arrayContaining(["no-empty-servers", "info-license"]));
    expect(fromRedocly.status).not.toBe(0);
    const fromSpectral = spectral(file);
    expect(fromSpectral.rules).toEqual(expect.arrayContaining(["oas3-api-servers", "info-contact"]));
    expect(fromSpectral.status).not.toBe(0);
  });
});
