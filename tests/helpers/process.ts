/** Child processes in tests: run a script with node, collect what it prints, find where it listens. */
import { type ChildProcess, spawn } from "node:child_process";

export interface RunningProcess {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  exited: Promise<number | null>;
  /** Waits for the server's start line and returns its base URL (`http://127.0.0.1:PORT`). */
  listening(timeoutMs?: number): Promise<string>;
}

/** `node [--import tsx] script`; a `.mjs` runs with plain node, as in production. */
export function runNode(
  script: string,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; args?: string[] } = {},
): RunningProcess {
  const loader = script.endsWith(".mjs") ? [] : ["--import", "tsx"];
  const child = spawn(process.execPath, [...loader, script, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    child,
    output: () => output,
    exited,
    async listening(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) return match[1];
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no server started:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
