/**
 * A real redis-server (Debian's package; `npm test` installs it as root) on a free loopback port,
 * with append-only persistence in a folder of its own, for the tests of the Redis store.
 * A missing redis-server fails the tests that need it: it is never skipped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";

const REDIS_SERVER = "/usr/bin/redis-server";

export interface TestRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM: the append-only file is flushed), keeping its data folder. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
  /** What it printed, for a failing test to show. */
  output(): string;
  /** Stops it answering without closing connections (SIGSTOP), or lets it go on (SIGCONT). */
  freeze(frozen: boolean): void;
}

/** Waits until the port accepts connections and answers PING. */
async function answers(port: number, deadline: number, child: ChildProcess, output: () => string): Promise<void> {
  for (;;) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
      socket.on("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.on("error", () => resolve(false));
    });
    if (pong) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install redis-server)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "surf-redis-"));
  let child: ChildProcess | undefined;
  let output = "";
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--dir", dir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    await answers(port, Date.now() + 10_000, child, () => output);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGCONT");
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
    freeze: (frozen) => child?.kill(frozen ? "SIGSTOP" : "SIGCONT"),
  };
}
