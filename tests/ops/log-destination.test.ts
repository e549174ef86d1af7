/**
 * The log's way out, tried on real pipes with a child process that logs as the server
 * does (helpers/log-child.ts): a reader that keeps up, one that stalls, one that goes
 * away, a quiet process, and a crash.
 */
import { describe, expect, it } from "vitest";
import { LOG_BUFFER_BYTES } from "../../runtime/log.ts";
import { type RunningProcess, runNode } from "../helpers/process.ts";

const CHILD = "tests/helpers/log-child.ts";
/** The child's shortest line (request line-0), in bytes. */
const SHORTEST_LINE_BYTES = 172;
/** More than the kernel holds between the child and a reader that stalls (socket buffers of about 200 KiB). */
const KERNEL_BYTES = 2 ** 20;

function logChild(...args: string[]): RunningProcess {
  return runNode(CHILD, { args });
}

function report(output: string): { dropped: number } {
  return JSON.parse(/\{"dropped".*\}/.exec(output)![0]);
}

function requestIds(output: string): string[] {
  return [...output.matchAll(/"requestId":"(line-\d+)"/g)].map((match) => match[1]);
}

/** Waits, polling, until the output holds what `found` looks for (or fails after a generous ceiling). */
async function waitFor<T>(child: RunningProcess, found: (output: string) => T | null | undefined): Promise<T> {
  for (let waited = 0; ; waited += 20) {
    const result = found(child.output());
    if (result) return result;
    expect(waited, `not found after ${waited} ms in:\n${child.output().slice(-2000)}`).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the log on stdout", () => {
  it("gives a reader that keeps up every line, in order, and drops none", async () => {
    const child = logChild("lines", "20000");
    expect(await child.exited).toBe(0);
    expect(requestIds(child.output())).toEqual(Array.from({ length: 20000 }, (_, i) => `line-${i}`));
    expect(report(child.output()).dropped).toBe(0);
  });

  it("drops and counts what a stalled reader cannot take, keeps what waits bounded, and still exits", async () => {
    const lines = 60000;
    const child = logChild("lines", String(lines));
    child.child.stdout!.pause();
    expect(await child.exited).toBe(0);
    const { dropped } = report(child.output());
    // What was not dropped waits in the destination (at most LOG_BUFFER_BYTES) or the kernel.
    expect((lines - dropped) * SHORTEST_LINE_BYTES).toBeLessThanOrEqual(LOG_BUFFER_BYTES + KERNEL_BYTES);
    expect(dropped).toBeLessThan(lines);
  });

  it("says how many lines it dropped once the stalled reader is back", async () => {
    const child = logChild("stall", "60000");
    try {
      child.child.stdout!.pause();
      const { dropped } = await waitFor(child, (output) => (/\{"dropped".*\}/.test(output) ? report(output) : null));
      expect(dropped).toBeGreaterThan(0);
      child.child.stdout!.resume();
      const warning = await waitFor(child, (output) => /\{[^\n]*"event":"log-dropped"[^\n]*\}/.exec(output)?.[0]);
      expect(JSON.parse(warning)).toMatchObject({
        level: "warn",
        msg: `dropped ${dropped} log lines: stdout was not read fast enough`,
        total: dropped,
      });
    } finally {
      child.child.kill();
    }
  });

  it("keeps the process up when the reader goes away (EPIPE)", async () => {
    const child = logChild("lines", "5000");
    child.child.stdout!.destroy();
    expect(await child.exited).toBe(0);
    expect(report(child.output()).dropped).toBeGreaterThan(0);
  });

  it("writes a quiet process's line without waiting for a batch to fill", async () => {
    const child = logChild("one");
    try {
      await waitFor(child, (output) => requestIds(output).length > 0);
      expect(requestIds(child.output())).toEqual(["line-0"]);
    } finally {
      child.child.kill();
    }
  });

  it("writes the line logged just before a crash", async () => {
    const child = logChild("crash", "1");
    expect(await child.exited).not.toBe(0);
    expect(child.output()).toContain("crashed on purpose");
    expect(requestIds(child.output())).toEqual(["line-0"]);
  });

  it("exits after a crash even while the reader stalls", async () => {
    const child = logChild("crash", "60000");
    child.child.stdout!.pause();
    expect(await child.exited).not.toBe(0);
    expect(child.output()).toContain("crashed on purpose");
  });
});
