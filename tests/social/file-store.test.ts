/**
 * The sidecar cache file: the store suite every store passes, and what only a file has:
 * empty when missing, safe when corrupt, atomic and locked across processes when written.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileSocialStore } from "../../runtime/social/file-store.ts";
import { failedAccount } from "../../runtime/social/scoring.ts";
import { emptyCache } from "../../runtime/social/types.ts";
import { redactorFor, storeSuite } from "./store-suite.ts";

const dir = mkdtempSync(path.join(tmpdir(), "surf-cache-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
/** A cache file path in a folder of its own (the folder exists, the file does not). */
function freshFile(): string {
  const folder = path.join(dir, `cache-${++n}`);
  mkdirSync(folder);
  return path.join(folder, "social.json");
}

storeSuite("file", () => ({
  freshPlace: freshFile,
  open: (file, { log, token } = {}) =>
    new FileSocialStore({ file, log: log ?? (() => undefined), redact: redactorFor(token) }),
  writeRaw: async (file, text) => writeFileSync(file, text),
  readRaw: async (file) => readFileSync(file, "utf8"),
}));

function writer(file: string, prefix: string, count: number, padding = 0) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/social/cache-writer.ts", file, prefix, String(count), String(padding)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("reading", () => {
  it("reads a missing file as an empty cache", async () => {
    expect(await new FileSocialStore({ file: freshFile() }).read()).toEqual(emptyCache());
  });

  it("reads a corrupt file as empty, logging it once, and never crashes", async () => {
    const file = freshFile();
    const logs: string[] = [];
    const store = new FileSocialStore({ file, log: (message) => logs.push(message) });
    writeFileSync(file, '{"version": 1, "feed": {');
    expect(await store.read()).toEqual(emptyCache());
    expect(await store.read()).toEqual(emptyCache());
    expect(logs).toEqual([`the social cache ${file} is not valid JSON; serving it as empty until the next refresh`]);
  });

  it("sets a corrupt file aside instead of overwriting it, when a refresh succeeds", async () => {
    const file = freshFile();
    writeFileSync(file, "garbage");
    const store = new FileSocialStore({ file, log: () => undefined });
    await store.update((cache) => ({ ...cache, accounts: { a: failedAccount("a", new Date(0)) } }));
    expect(Object.keys((await store.read()).accounts)).toEqual(["a"]);
    const kept = readdirSync(path.dirname(file)).filter((name) => name.startsWith("social.json.corrupt-"));
    expect(kept).toHaveLength(1);
    expect(readFileSync(path.join(path.dirname(file), kept[0]), "utf8")).toBe("garbage");
  });

  it("a failed update writes nothing", async () => {
    const file = freshFile();
    const store = new FileSocialStore({ file });
    await store.update((cache) => ({ ...cache, accounts: { a: failedAccount("a", new Date(0)) } }));
    const before = readFileSync(file, "utf8");
    await expect(
      store.update(() => {
        throw new Error("the refresh failed");
      }),
    ).rejects.toThrow("the refresh failed");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe("writing", () => {
  it("two writer processes racing lose none of each other's updates", async () => {
    const file = freshFile();
    const [a, b] = [writer(file, "a", 30), writer(file, "b", 30)];
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    const accounts = Object.keys((await new FileSocialStore({ file }).read()).accounts).sort();
    expect(accounts).toHaveLength(60);
    expect(accounts.filter((name) => name.startsWith("a-"))).toHaveLength(30);
  }, 60_000);

  it("a writer killed mid-write leaves a valid file and no lock that blocks the next writer", async () => {
    const file = freshFile();
    for (let round = 0; round < 3; round++) {
      const running = writer(file, `round${round}`, 0, 3_000_000);
      while (!running.output().includes("first write done")) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 40 + round * 17));
      running.child.kill("SIGKILL");
      await running.exited;
      const text = readFileSync(file, "utf8");
      expect(() => JSON.parse(text)).not.toThrow();
      // A lock left by the killed writer would make this give up after 2 s: it must be seen as stale at once.
      const store = new FileSocialStore({ file, lockTimeoutMs: 2_000 });
      await store.update((cache) => ({
        ...cache,
        accounts: { ...cache.accounts, [`after-${round}`]: failedAccount("x", new Date(0)) },
      }));
      expect(Object.keys((await store.read()).accounts)).toContain(`after-${round}`);
      expect(readdirSync(path.dirname(file)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    }
  }, 60_000);
});
