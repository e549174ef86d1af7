/**
 * What the container runs, short of Docker: a production-only install (no dev
 * dependencies, so no tsx), the server compiled ahead of time, `node dist/server.mjs`,
 * its health endpoint, and a clean stop on SIGTERM.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runNode } from "../helpers/process.ts";
import { copySnapshot } from "../helpers/targets.ts";

// A space in the path: the main-module check must cope with it.
const dir = mkdtempSync(path.join(tmpdir(), "surf production-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

it("runs from a production-only install with plain node, answers /healthz and the API, stops on SIGTERM", async () => {
  copyFileSync("package.json", path.join(dir, "package.json"));
  copyFileSync("package-lock.json", path.join(dir, "package-lock.json"));
  run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  expect(existsSync(path.join(dir, "node_modules", "h3"))).toBe(true);
  expect(existsSync(path.join(dir, "node_modules", "tsx"))).toBe(false);
  expect(existsSync(path.join(dir, "node_modules", "vitest"))).toBe(false);

  const dist = path.join(dir, "dist");
  run(process.execPath, ["--import", "tsx", "scripts/build-server.ts"], { env: { ...process.env, DIST_DIR: dist } });
  mkdirSync(dist, { recursive: true });
  copySnapshot(dist);

  const server = runNode("dist/server.mjs", {
    cwd: dir,
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1" },
  });
  try {
    const base = await server.listening();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe("ok");
    const spots = (await (await fetch(`${base}/api/spots?q=nazare`)).json()) as { spots: { slug: string }[] };
    expect(spots.spots[0].slug).toBe("nazare");
  } finally {
    server.child.kill("SIGTERM");
  }
  expect(await server.exited).toBe(0);
  const events = server
    .output()
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line).event);
  expect(events).toContain("start");
  expect(events.at(-1)).toBe("stopped");
}, 90_000);
