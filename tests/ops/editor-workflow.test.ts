/** The editor's tools: `npm run dev` rebuilds and swaps on save, and `npm run check` speaks CI. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, editFiles } from "../helpers/fixtures.ts";
import { runNode } from "../helpers/process.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("npm run dev", () => {
  it("rebuilds on every save and serves it; a broken save lists its problems and keeps the last good one", async () => {
    const content = copyFixture("minimal");
    const out = mkdtempSync(path.join(tmpdir(), "surf-dev-out-"));
    dirs.push(content, out);
    const dev = runNode("scripts/dev.ts", {
      env: {
        ...process.env,
        CONTENT_DIR: content,
        SNAPSHOT_PATH: path.join(out, "snapshot.json"),
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      },
    });
    try {
      const base = await dev.listening();
      const nameOf = async () =>
        ((await (await fetch(`${base}/api/spots/pipeline`)).json()) as { spot: { name: string } }).spot.name;
      expect(await nameOf()).toBe("Banzai Pipeline");
      // A local front-end on any port may call it; other origins may not.
      for (const [origin, allowed] of [
        ["http://localhost:5173", "http://localhost:5173"],
        ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
        ["https://elsewhere.example", null],
      ] as const) {
        const response = await fetch(`${base}/api/spots?limit=1`, { headers: { origin } });
        expect(response.headers.get("access-control-allow-origin")).toBe(allowed);
      }

      editFiles(content, {
        "spots.csv": (text) => text.replace("1,pipeline,Banzai Pipeline", "1,pipeline,Banzai Pipeline (edited)"),
      });
      await until(
        async () => ((await nameOf()) === "Banzai Pipeline (edited)" ? true : undefined),
        "the edit to be served",
      );

      const before = dev.output().length;
      editFiles(content, { "spots.csv": (text) => text.replace("21.6650", "123.4") });
      await until(
        () => (dev.output().slice(before).includes("still serving the last good snapshot") ? true : undefined),
        "the problems to be printed",
      );
      expect(dev.output().slice(before)).toContain("spots.csv:2: latitude 123.4 is out of range [-90, 90]");
      expect(await nameOf()).toBe("Banzai Pipeline (edited)");
      dev.child.kill("SIGHUP"); // the terminal closed
      expect(await dev.exited).toBe(0);
      await expect(fetch(`${base}/api/spots?limit=1`)).rejects.toThrow();
    } finally {
      dev.child.kill("SIGKILL");
    }
  }, 60_000);
});

describe("npm run check", () => {
  it("prints problems as file:line for people and, in GitHub Actions, as annotations", { timeout: 30_000 }, () => {
    const content = copyFixture("minimal");
    dirs.push(content);
    writeFileSync(
      path.join(content, "tags.csv"),
      readFileSync(path.join(content, "tags.csv"), "utf8").replace("3,reef-break", "2,reef-break"),
    );
    const result = spawnSync(process.execPath, ["--import", "tsx", "build/cli.ts", "check", "--content", content], {
      encoding: "utf8",
      env: { ...process.env, GITHUB_ACTIONS: "true" },
    });
    expect(result.status).toBe(1);
    const shown = path.relative(process.cwd(), content);
    expect(result.stderr).toContain(`${shown}/tags.csv:4: id '2' is already used on line 3`);
    expect(result.stdout).toContain(`::error file=${shown}/tags.csv,line=4::id '2' is already used on line 3`);
    editFiles(content, { "tags.csv": (text) => text.replace("2,reef-break", "3,reef-break") });
    const clean = spawnSync(process.execPath, ["--import", "tsx", "build/cli.ts", "check", "--content", content], {
      encoding: "utf8",
    });
    expect(clean.status).toBe(0);
  });
});
