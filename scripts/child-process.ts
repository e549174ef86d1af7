/** Child processes for the benchmark and the attack run: scripts run through tsx (or compiled), their output kept. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { get } from "node:http";

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** How much of a server's stdout "head" keeps: its start lines, port included. */
const HEAD_BYTES = 64 * 1024;

/**
 * Runs a TypeScript script through tsx, or a compiled `.mjs` with plain node. Its stdout is
 * collected; or, with "head", read as a log collector would and kept only for its first
 * 64 kB (a server's request log, a line per request, would otherwise pile up here: hundreds
 * of MB over one size of the bench); or, with "unread", a pipe nobody reads (a stalled log
 * reader).
 */
export function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  stdout: "collect" | "head" | "unread" = "collect",
): Child {
  const loader = script.endsWith(".mjs") ? [] : ["--import", "tsx"];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  if (stdout === "collect") {
    child.stdout!.on("data", (chunk) => {
      output += chunk;
    });
  } else if (stdout === "head") {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (output.length < HEAD_BYTES) output += chunk.subarray(0, HEAD_BYTES - output.length);
    });
  } else {
    child.stdout!.pause();
  }
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  return { process: child, output: () => output, exited: new Promise((resolve) => child.on("exit", resolve)) };
}

export async function finished(child: Child): Promise<string> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`a step failed (exit ${code}):\n${child.output()}`);
  return child.output();
}

export async function waitForPort(child: Child, pattern: RegExp): Promise<number> {
  for (;;) {
    const match = pattern.exec(child.output());
    if (match) return Number(match[1]);
    if (child.process.exitCode !== null) throw new Error(`the server exited:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Asks a server's /healthz until it answers 200; throws if the server exits, or after 30 s. */
export async function waitForHealthy(port: number, child: Child): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (child.process.exitCode === null && performance.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      }).on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server did not come up:\n${child.output()}`);
}

/** CPU seconds a process has used, user and system, from Linux's /proc (in USER_HZ ticks, 1/100 s). */
export function cpuSeconds(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
