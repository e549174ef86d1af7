/** Child processes for the benchmark and the attack run: scripts run through tsx (or compiled), their output kept. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs a TypeScript script through tsx, or a compiled `.mjs` with plain node. Its stdout is
 * collected unless `stdout` is "unread": then it is a pipe nobody reads (a stalled log reader).
 */
export function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  stdout: "collect" | "unread" = "collect",
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

export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
