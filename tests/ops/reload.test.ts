/**
 * Reloading the snapshot (SIGUSR2, the dev watcher): the old one answers while the new one
 * loads, a good file swaps in, a bad one changes nothing.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSnapshot } from "../../build/pipeline.ts";
import { OPENAPI_FILE, type Snapshot } from "../../core/snapshot-format.ts";
import { createLogger } from "../../runtime/log.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { hydrate } from "../../runtime/snapshot.ts";
import { FIXTURES } from "../helpers/fixtures.ts";
import { startTestServer } from "../helpers/server.ts";
import { copySnapshot } from "../helpers/targets.ts";

const dir = mkdtempSync(path.join(tmpdir(), "surf-reload-"));
const snapshot = path.join(dir, "snapshot.json");
const lines: string[] = [];
let server: RunningServer;
let base: string;

beforeAll(async () => {
  copySnapshot(dir);
  const logger = createLogger({ format: "json", write: (text) => lines.push(...text.trim().split("\n")) });
  server = await startTestServer({ snapshotPath: snapshot }, logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const total = async () => ((await (await fetch(`${base}/api/spots?limit=1`)).json()) as { total: number }).total;
const health = async () =>
  (await (await fetch(`${base}/healthz`)).json()) as { status: string; version: string; builtAt: string };

/** The snapshot tag of a list's purge tags. */
const snapshotTag = async () => (await fetch(`${base}/api/spots?limit=1`)).headers.get("surrogate-key")?.split(" ")[0];

describe("reload", () => {
  it("answers from the old snapshot while the new one loads, then swaps it in (caches too) and logs it", async () => {
    const before = await health();
    expect(await total()).toBeGreaterThan(100);
    await total(); // now in the fast path too
    // The purge tag names the version /healthz reports, on replayed answers too.
    for (let i = 0; i < 3; i++) expect(await snapshotTag()).toBe(`snapshot-${before.version}`);

    const staging = mkdtempSync(path.join(dir, "staging-"));
    const built = await buildSnapshot({
      contentDir: path.join(FIXTURES, "minimal"),
      outDir: staging,
      mediaBaseUrl: "https://media.test.example",
    });
    expect(built.ok).toBe(true);
    const piecesFile = (JSON.parse(readFileSync(path.join(staging, "snapshot.json"), "latin1")) as Snapshot).pieces
      .file;
    // The new snapshot's pieces file is a named pipe: the reload's read of it waits until the bytes are written in.
    const pipe = path.join(dir, piecesFile);
    expect(spawnSync("mkfifo", [pipe]).status).toBe(0);
    copyFileSync(path.join(staging, OPENAPI_FILE), path.join(dir, OPENAPI_FILE));
    copyFileSync(path.join(staging, "snapshot.json"), snapshot);

    const reloading = server.reload();
    expect(await health()).toMatchObject({ status: "ok", version: before.version });
    expect(await total()).toBeGreaterThan(100);
    expect(server.version()).toBe(before.version);
    expect(lines.map((line) => JSON.parse(line).event)).not.toContain("reload");

    await writeFile(pipe, readFileSync(path.join(staging, piecesFile)));
    expect(await reloading).toBe(true);
    rmSync(pipe);
    copyFileSync(path.join(staging, piecesFile), pipe);

    expect(await total()).toBe(4);
    const after = await health();
    expect(after.version).not.toBe(before.version);
    expect(after.version).toBe(server.version());
    for (let i = 0; i < 3; i++) expect(await snapshotTag()).toBe(`snapshot-${after.version}`);
    expect(Date.parse(after.builtAt)).toBeGreaterThanOrEqual(Date.parse(before.builtAt));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: "info", event: "reload", version: after.version, previous: before.version }),
    );
  });

  it("keeps serving the old snapshot when the new file is corrupt, and logs why", async () => {
    const serving = server.version();
    writeFileSync(snapshot, '{"format": 1, "spots": [');
    expect(await server.reload()).toBe(false);
    expect(server.version()).toBe(serving);
    expect((await health()).version).toBe(serving);
    expect(await total()).toBe(4);
    await new Promise((resolve) => setImmediate(resolve));
    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.event === "reload-failed");
    expect(failure).toMatchObject({ level: "error", version: serving });
    expect(failure.msg).toMatch(/^snapshot reload failed, still serving \w+: snapshot .* is not valid JSON/);
  });

  it("refuses a snapshot whose body does not match its version, or whose items do not match its counts", async () => {
    const serving = server.version();
    await buildSnapshot({ contentDir: "content", outDir: dir, mediaBaseUrl: "https://media.test.example" });
    const good = readFileSync(snapshot, "latin1");
    const edited = good.replace(/"mediaBaseUrl":"[^"]*"/, '"mediaBaseUrl":"https://evil.example"');
    const miscounted = good.replace(/"counts":\{"spots":\d+/, '"counts":{"spots":3');
    for (const [text, reason] of [
      [edited, /does not match its version/],
      [miscounted, /does not match its version/],
    ] as const) {
      writeFileSync(snapshot, text, "latin1");
      expect(await server.reload()).toBe(false);
      expect(server.version()).toBe(serving);
      await new Promise((resolve) => setImmediate(resolve));
      const failures = lines.map((line) => JSON.parse(line)).filter((line) => line.event === "reload-failed");
      expect(failures.at(-1).msg).toMatch(reason);
    }
    // Counts that disagree with the items are refused even when the version was recomputed to match.
    const parsed = JSON.parse(good);
    parsed.counts.quotes += 1;
    expect(() => hydrate(parsed, () => readFileSync(path.join(dir, parsed.pieces.file)))).toThrow(
      /is damaged \(it holds \d+ quotes but counts \d+\)/,
    );
    // So are search postings whose words and lists disagree.
    const torn = JSON.parse(good);
    torn.spots.search.fields.place.words.pop();
    expect(() => hydrate(torn, () => readFileSync(path.join(dir, torn.pieces.file)))).toThrow(
      /is damaged \(the search postings of place do not add up\)/,
    );
    // And facet columns that do not cover every item.
    const short = JSON.parse(good);
    short.spots.columns.country.starts.count -= 1;
    expect(() => hydrate(short, () => readFileSync(path.join(dir, short.pieces.file)))).toThrow(
      /is damaged \(the columns of country do not add up\)/,
    );
    expect(await total()).toBe(4);
  });

  it("a snapshot replaced on disk changes nothing until a reload", async () => {
    const serving = server.version();
    await buildSnapshot({ contentDir: "content", outDir: dir, mediaBaseUrl: "https://media.test.example" });
    expect((await health()).version).toBe(serving);
    expect(await total()).toBe(4);
  });
});
