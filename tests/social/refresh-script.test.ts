/** `npm run refresh-social` end to end: the script, the fake Graph API, the cache file, the exit codes. */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSnapshot } from "../../build/compile/snapshot.ts";
import { checkContentDir } from "../../build/pipeline.ts";
import type { SocialCache } from "../../runtime/social/types.ts";
import { FAKE_TOKEN, FAKE_USER_ID, type FakeGraph, startFakeGraph } from "../../scripts/fake-graph.ts";
import { copyFixture, editFiles } from "../helpers/fixtures.ts";

let fake: FakeGraph;
const dir = mkdtempSync(path.join(tmpdir(), "surf-refresh-"));

/** A snapshot whose curated accounts are `handles`. */
async function snapshotScoring(handles: string[]): Promise<string> {
  const content = copyFixture("minimal");
  editFiles(content, {
    "social.yaml": (text) =>
      text.replace('scored_accounts: [wsl, "@another"]', `scored_accounts: [${handles.join(", ")}]`),
  });
  const file = path.join(dir, `snapshot-${handles.join("-")}.json`);
  const noPieces = { write: () => {} }; // the script reads the snapshot's social part only
  const { json } = await compileSnapshot(
    checkContentDir(content).content,
    "https://media.test.example",
    new Date(),
    noPieces,
  );
  writeFileSync(file, json);
  rmSync(content, { recursive: true, force: true });
  return file;
}

function refresh(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/refresh-social.ts"], {
    env: {
      ...process.env,
      SOCIAL_GRAPH_URL: fake.url,
      SOCIAL_USER_ID: FAKE_USER_ID,
      SOCIAL_ACCESS_TOKEN: FAKE_TOKEN,
      SOCIAL_TIMEOUT_MS: "500",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

const readCache = (file: string) => JSON.parse(readFileSync(file, "utf8")) as SocialCache;

beforeAll(async () => {
  fake = await startFakeGraph();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("refresh-social", () => {
  it("refreshes the feed and every account, and exits 0", async () => {
    const cacheFile = path.join(dir, "all-ok", "social.json");
    const { code, output } = await refresh({
      SNAPSHOT_PATH: await snapshotScoring(["wsl", "surfline"]),
      SOCIAL_CACHE_FILE: cacheFile,
    });
    expect(output).toContain("feed @surfcatalog: ok, 12 posts");
    expect(output).toContain("account @wsl: ok");
    expect(output).toContain("account @surfline: ok");
    expect(output).not.toContain(FAKE_TOKEN);
    expect(code).toBe(0);
    const cache = readCache(cacheFile);
    expect(cache.version).toBe(1);
    expect(cache.feed!.posts).toHaveLength(12);
    expect(cache.accounts.wsl).toMatchObject({ ok: true, followers: 4_521_337 });
    expect(cache.accounts.wsl.history).toHaveLength(1);
    expect(readFileSync(cacheFile, "utf8")).not.toContain(FAKE_TOKEN);
  });

  it("exits 2 when some accounts fail; one never read is ok: false, one read before keeps its snapshot", async () => {
    const cacheFile = path.join(dir, "some-fail", "social.json");
    const first = await refresh({
      SNAPSHOT_PATH: await snapshotScoring(["wsl", "notabiz"]),
      SOCIAL_CACHE_FILE: cacheFile,
    });
    expect(first.code).toBe(2);
    expect(first.output).toMatch(/account @notabiz: FAILED \(not-found: .*\); its last good snapshot, if any, is kept/);
    const afterFirst = readCache(cacheFile);
    expect(afterFirst.accounts.notabiz).toMatchObject({ ok: false, followers: null, score: null, active: false });

    // wsl disappears upstream: its snapshot from the first run stays as it was.
    const wsl = fake.accounts.get("wsl")!;
    fake.accounts.delete("wsl");
    try {
      const second = await refresh({
        SNAPSHOT_PATH: await snapshotScoring(["wsl", "notabiz"]),
        SOCIAL_CACHE_FILE: cacheFile,
      });
      expect(second.code).toBe(2); // the feed still refreshed
      expect(readCache(cacheFile).accounts.wsl).toEqual(afterFirst.accounts.wsl);
    } finally {
      fake.accounts.set("wsl", wsl);
    }
  });

  it("adds one history point per UTC day however often it runs", async () => {
    const cacheFile = path.join(dir, "history", "social.json");
    const snapshot = await snapshotScoring(["wsl"]);
    await refresh({ SNAPSHOT_PATH: snapshot, SOCIAL_CACHE_FILE: cacheFile });
    fake.accounts.get("wsl")!.followers += 1000;
    await refresh({ SNAPSHOT_PATH: snapshot, SOCIAL_CACHE_FILE: cacheFile });
    const history = readCache(cacheFile).accounts.wsl.history;
    expect(history).toHaveLength(1);
    expect(history[0].followers).toBe(fake.accounts.get("wsl")!.followers);
  });

  it("exits 1 and keeps the cache when nothing can be done (an expired token)", async () => {
    const cacheFile = path.join(dir, "expired", "social.json");
    await refresh({ SNAPSHOT_PATH: await snapshotScoring(["wsl"]), SOCIAL_CACHE_FILE: cacheFile });
    const before = readFileSync(cacheFile, "utf8");
    const { code, output } = await refresh({
      SNAPSHOT_PATH: await snapshotScoring(["wsl"]),
      SOCIAL_CACHE_FILE: cacheFile,
      SOCIAL_ACCESS_TOKEN: "expired",
    });
    expect(code).toBe(1);
    expect(output).toContain("feed @surfcatalog: FAILED (expired-token: access token rejected");
    expect(output).not.toContain("SOCIAL_ACCESS_TOKEN=");
    expect(readCache(cacheFile).feed).toEqual(JSON.parse(before).feed);
    expect(readCache(cacheFile).accounts.wsl).toEqual(JSON.parse(before).accounts.wsl);
  });

  it.each([
    ["throttled", "throttled", "rate limited"],
    ["a rejected token", "not-the-token-123", "access token rejected"],
  ])("stops at the first call when %s: one call, the rest skipped, nothing written", async (_case, token, why) => {
    const handles = ["wsl", "surfline", "kellyslater", "johnjohnflorence"];
    const cacheFile = path.join(dir, `stops-${token}`, "social.json");
    mkdirSync(path.dirname(cacheFile));
    writeFileSync(cacheFile, "{ corrupt");
    const callsBefore = fake.calls.length;
    const { code, output } = await refresh({
      SNAPSHOT_PATH: await snapshotScoring(handles),
      SOCIAL_CACHE_FILE: cacheFile,
      SOCIAL_ACCESS_TOKEN: token,
    });
    expect(fake.calls.length - callsBefore).toBe(1);
    expect(output).toContain(`feed @surfcatalog: FAILED (`);
    expect(output).toContain(why);
    for (const handle of handles) expect(output).toMatch(new RegExp(`account @${handle}: skipped \\(not asked after`));
    expect(output).toContain("0 refreshed, 1 failed, 4 skipped; nothing written to");
    expect(output).not.toContain(token);
    expect(code).toBe(1);
    expect(readFileSync(cacheFile, "utf8")).toBe("{ corrupt");
  });

  it("exits 1 without credentials", async () => {
    const { code, output } = await refresh({ SNAPSHOT_PATH: await snapshotScoring(["wsl"]), SOCIAL_ACCESS_TOKEN: "" });
    expect(code).toBe(1);
    expect(output).toBe("SOCIAL_USER_ID and SOCIAL_ACCESS_TOKEN are not set: nothing to refresh\n");
  });
});
