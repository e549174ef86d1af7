/**
 * The sidecar cache file. Readers never see half a file: every write replaces it
 * atomically (temporary file, fsync, rename). Writers (the refresh script and the
 * server's on-demand refreshes) serialize their read-modify-write with a lock file,
 * which a crashed writer cannot leave stuck: a lock whose process is gone, or that is
 * older than any write could take, is broken.
 *
 * A missing file is an empty cache. A corrupt or unreadable one (not JSON, or not of the
 * cache's shape: schemas.ts) is logged once and read as empty; it is only replaced by a
 * successful refresh, and kept aside as `*.corrupt-*`. What is written passes the redactor.
 *
 * Leases and the shared backoff live in this process's memory: replicas sharing the file
 * each fetch for themselves (the Redis store, SOCIAL_STORE_URL, shares those too).
 */

import { randomUUID } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { noRedaction, type Redactor } from "../redact.ts";
import { cacheText, parseCacheText } from "./cache-text.ts";
import { LocalCoordination } from "./local-coordination.ts";
import type { BackoffState, Lease, SocialStore } from "./store.ts";
import { emptyCache, type SocialCache } from "./types.ts";

export interface CacheStoreOptions {
  file: string;
  /** A lock older than this is from a writer that died (a write takes milliseconds). */
  lockStaleMs?: number;
  /** How long a writer waits for the lock before giving up. */
  lockTimeoutMs?: number;
  log?: (message: string) => void;
  redact?: Redactor;
}

type ReadResult = { cache: SocialCache; state: "ok" | "missing" | "corrupt" };

export class FileSocialStore implements SocialStore {
  readonly file: string;
  private readonly lockFile: string;
  private readonly lockStaleMs: number;
  private readonly lockTimeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly redact: Redactor;
  private memo: { stamp: string; result: ReadResult } | undefined;
  /** Problems already logged; forgotten once the file reads or writes fine again. */
  private readonly reported = new Set<string>();
  private readonly coordination = new LocalCoordination();

  constructor(options: CacheStoreOptions) {
    this.file = options.file;
    this.lockFile = `${options.file}.lock`;
    this.lockStaleMs = options.lockStaleMs ?? 30_000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
    this.log = options.log ?? ((message) => console.error(message));
    this.redact = options.redact ?? noRedaction;
  }

  get location(): string {
    return this.file;
  }

  /** The cache as it is on disk now (parsed again only when the file changed). */
  async read(): Promise<SocialCache> {
    return this.readWithState().cache;
  }

  async lease(name: string, ttlMs: number): Promise<Lease | null> {
    return this.coordination.lease(name, ttlMs);
  }

  async sharedBackoff(): Promise<BackoffState | null> {
    return this.coordination.sharedBackoff();
  }

  async shareBackoff(state: BackoffState | null): Promise<void> {
    this.coordination.shareBackoff(state);
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }

  private readWithState(): ReadResult {
    let stamp: string;
    try {
      const stats = statSync(this.file);
      stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { cache: emptyCache(), state: "missing" };
      return this.unreadable(
        `cannot read the social cache ${this.file} (${(error as NodeJS.ErrnoException).code}); serving it as empty`,
      );
    }
    if (this.memo?.stamp === stamp) return this.memo.result;
    const result = this.parse();
    if (result.state === "ok") this.reported.clear();
    this.memo = { stamp, result };
    return result;
  }

  private parse(): ReadResult {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { cache: emptyCache(), state: "missing" };
      return this.unreadable(
        `cannot read the social cache ${this.file} (${(error as NodeJS.ErrnoException).code}); serving it as empty`,
      );
    }
    const { cache, problem } = parseCacheText(text, this.file);
    return problem ? this.unreadable(problem) : { cache, state: "ok" };
  }

  /** Logged once per distinct problem, so a broken file does not flood the log. */
  private unreadable(message: string): ReadResult {
    this.reportOnce(message);
    return { cache: emptyCache(), state: "corrupt" };
  }

  /** Logs a problem with the file once, however many requests run into it. */
  reportOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.log(message);
  }

  /**
   * Read-modify-write under the lock: `change` gets the current cache and returns the
   * next one. If `change` throws, nothing is written. `lockTimeoutMs` bounds the wait for
   * the lock (default: the store's).
   */
  async update(change: (cache: SocialCache) => SocialCache, lockTimeoutMs = this.lockTimeoutMs): Promise<SocialCache> {
    await this.lock(lockTimeoutMs);
    try {
      this.memo = undefined;
      this.removeLeftovers();
      const { cache, state } = this.readWithState();
      const next = change(cache);
      if (state === "corrupt") this.setAside();
      this.write(next);
      this.reported.clear();
      return next;
    } finally {
      rmSync(this.lockFile, { force: true });
    }
  }

  private write(cache: SocialCache): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    try {
      const fd = openSync(temporary, "w");
      try {
        writeSync(fd, cacheText(cache, this.redact));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  /** Temporary files are only written under the lock: any found now are from a writer that died. */
  private removeLeftovers(): void {
    const folder = path.dirname(this.file);
    const prefix = `${path.basename(this.file)}.`;
    try {
      for (const name of readdirSync(folder))
        if (name.startsWith(prefix) && name.endsWith(".tmp")) rmSync(path.join(folder, name), { force: true });
    } catch {
      // The folder does not exist yet: nothing to clean.
    }
  }

  /** Keeps an unreadable file for a person to look at, instead of overwriting it. */
  private setAside(): void {
    try {
      renameSync(this.file, `${this.file}.corrupt-${Date.now()}`);
    } catch {
      // Nothing to keep (it vanished meanwhile, or it was unreadable because it is missing).
    }
  }

  private async lock(timeoutMs: number): Promise<void> {
    mkdirSync(path.dirname(this.lockFile), { recursive: true });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Written whole first, then linked into place: a link is an exclusive create (on NFS
      // too) that never shows a lock without its holder, as a writer killed between
      // creating and filling the lock file would leave one (not stale for lockStaleMs).
      const filled = `${this.lockFile}.${process.pid}.${randomUUID()}.tmp`;
      writeFileSync(filled, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() }));
      try {
        linkSync(filled, this.lockFile);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // ENOENT: the holder cleaned leftovers (removeLeftovers) between our write and link: it holds the lock.
        if (code !== "EEXIST" && code !== "ENOENT") throw error;
      } finally {
        rmSync(filled, { force: true });
      }
      if (this.lockIsStale()) {
        rmSync(this.lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(
          `the social cache lock ${this.lockFile} is held by another writer; gave up after ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }

  private lockIsStale(): boolean {
    try {
      const holder = JSON.parse(readFileSync(this.lockFile, "utf8")) as { pid?: number; host?: string; at?: number };
      if (Date.now() - (holder.at ?? 0) > this.lockStaleMs) return true;
      if (holder.host === hostname() && typeof holder.pid === "number") return !processIsAlive(holder.pid);
      return false;
    } catch {
      // Unreadable: a writer may be between creating and filling it; judge by age.
      try {
        return Date.now() - statSync(this.lockFile).mtimeMs > this.lockStaleMs;
      } catch {
        return false; // gone already
      }
    }
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
