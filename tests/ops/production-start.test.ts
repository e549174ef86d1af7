/**
 * What the container runs, short of Docker: the Dockerfile's build stage replayed (only
 * the folders it copies, then its build commands), only the dist files the runtime stage
 * copies, in a folder without node_modules (the programs bundle their dependencies),
 * `node dist/server.mjs`, its health endpoint, and a clean stop on SIGTERM.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runNode } from "../helpers/process.ts";

// A space in the path: the main-module check must cope with it.
const dir = mkdtempSync(path.join(tmpdir(), "surf production-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a command to its end; returns what it printed, throws if it failed. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const dockerfile = readFileSync("Dockerfile", "utf8");

/** The build stage: copies the folders it names (nothing else), runs its build commands. */
function replayBuildStage(app: string): void {
  const stage = dockerfile.slice(dockerfile.indexOf(" AS build"), dockerfile.indexOf(" AS runtime"));
  for (const [, source] of stage.matchAll(/^COPY (?!--)(\S+) \.\/\S+$/gm)) {
    cpSync(source, path.join(app, source), { recursive: true });
  }
  for (const file of ["package.json", "package-lock.json", "tsconfig.json"]) copyFileSync(file, path.join(app, file));
  symlinkSync(path.resolve("node_modules"), path.join(app, "node_modules"));
  const commands = /^RUN MEDIA_BASE_URL="\$\{MEDIA_BASE_URL\}" (.+)$/m.exec(stage)![1];
  run("sh", ["-c", commands], { cwd: app, env: { ...process.env, MEDIA_BASE_URL: "" } });
}

/** The runtime stage's `COPY --from=build /app/dist/<pattern>… ./dist/`: the built files it takes. */
function copyRuntimeFiles(builtDist: string, dist: string): string[] {
  const line = /^COPY --from=build (.+) \.\/dist\/$/m.exec(dockerfile)![1];
  const patterns = line.split(" ").map((source) => {
    const name = path.posix.basename(source);
    return new RegExp(`^${name.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}$`);
  });
  const taken = readdirSync(builtDist).filter((file) => patterns.some((pattern) => pattern.test(file)));
  mkdirSync(dist, { recursive: true });
  for (const file of taken) copyFileSync(path.join(builtDist, file), path.join(dist, file));
  return taken.sort();
}

it("runs with plain node and only the dist files, answers /healthz and the API, stops on SIGTERM", async () => {
  copyFileSync("package.json", path.join(dir, "package.json"));
  // Nothing to resolve a dependency from, here or in any folder above.
  for (let folder = dir; folder !== path.dirname(folder); folder = path.dirname(folder)) {
    expect(existsSync(path.join(folder, "node_modules")), folder).toBe(false);
  }

  const app = path.join(dir, "build-stage");
  mkdirSync(app);
  replayBuildStage(app);
  const taken = copyRuntimeFiles(path.join(app, "dist"), path.join(dir, "dist"));
  // Hashed names: the pieces file, and the chunks esbuild splits off (shared code, and the Redis store and
  // listhen's development tools, loaded on demand).
  const hashed = /^(snapshot-[0-9a-f]+\.pieces|[a-z-]+-[0-9A-Z]{8}\.mjs)$/;
  expect(taken.filter((file) => !hashed.test(file))).toEqual([
    "openapi.json",
    "pieces-worker.mjs",
    "refresh-social.mjs",
    "server.mjs",
    "snapshot.json",
    "third-party-licenses.txt",
  ]);
  expect(taken.filter((file) => file.endsWith(".pieces"))).toHaveLength(1);
  expect(taken.some((file) => file.endsWith(".map"))).toBe(false);
  // Every package the bundles hold code from, with its licence: the runtime's own dependencies among them.
  const licenses = readFileSync(path.join(dir, "dist", "third-party-licenses.txt"), "utf8");
  for (const name of ["h3", "listhen", "pino", "flexsearch", "kdbush", "ioredis", "lru-cache"]) {
    expect(licenses).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+\\n\\n\\S`, "m"));
  }
  // The on-demand Redis store loads, its client bundled in.
  const redisChunk = taken.find((file) => file.startsWith("redis-store-"));
  expect(redisChunk).toBeDefined();
  const loaded = run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const m = await import("./dist/${redisChunk}"); console.log(typeof m.RedisSocialStore)`,
    ],
    { cwd: dir },
  );
  expect(loaded.trim()).toBe("function");

  const server = runNode("dist/server.mjs", {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
    },
  });
  try {
    const base = await server.listening();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe("ok");
    const spots = (await (await fetch(`${base}/api/spots?q=nazare`)).json()) as { spots: { slug: string }[] };
    expect(spots.spots[0].slug).toBe("nazare");
    // Log lines leave in batches; with no more traffic, the flush timer sends the request's line within a moment.
    const requestLine = () => server.output().includes('"path":"/api/spots","query":"q=nazare","status":200');
    for (const deadline = Date.now() + 2_000; !requestLine() && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(requestLine()).toBe(true);
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
}, 150_000);
