/**
 * The log's way out, tried on real pipes with a child process that logs as the server
 * does (helpers/log-child.ts): a reader that keeps up, one that stalls, one that goes
 * away, a quiet process, and a crash.
 */
import { describe, expect, it } from "vitest";
import { LOG_BUFFER_BYTES } from "../../runtime/log.ts";
import { type RunningProcess, runNode } from "../helpers/process.ts";

const CHILD = "tests/helpers/log-child.ts";

function logChild(...args: string[]): RunningProcess {
  return runNode(CHILD, { args });
}

function report(output: string): { dropped: number; unwritten: number } {
  return JSON.parse(/\{"dropped".*\}/.exec(output)![0]);
}

function requestIds(output: string): string[] {
  return [...output.matchAll(/"requestId":"(line-\d+)"/g)].map((match) => match[1]);
}

describe("the log on stdout", () => {
  it("gives a reader that keeps up every line, in order, and drops none", async () => {
    const child = logChild("lines", "20000");
    expect(await child.exited).toBe(0);
    expect(requestIds(child.output())).toEqual(Array.from({ length: 20000 }, (_, i) => `line-${i}`));
    expect(report(child.output()).dropped).toBe(0);
  });

  it("drops and counts what a stalled reader cannot take, keeps what waits bounded, and still exits", async () => {
    const child = logChild("lines", "60000");
    child.child.stdout!.pause();
    expect(await child.exited).toBe(0);
    const { dropped, unwritten } = report(child.output());
    expect(unwritten).toBeLessThanOrEqual(LOG_BUFFER_BYTES);
    // About 150 bytes a line: the pipe and the bound hold well under 40,000 of the 60,000.
    expect(dropped).toBeGreaterThan(20000);
    expect(dropped).toBeLessThan(60000);
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
      for (let waited = 0; requestIds(child.output()).length === 0; waited += 20) {
        expect(waited, `no line after ${waited} ms`).toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(requestIds(child.output())).toEqual(["line-0"]);
    } finally {
      child.child.kill();
    }
  });

  it("writes the line logged just before a crash", async () => {
    const child = logChild("crash");
    expect(await child.exited).not.toBe(0);
    expect(child.output()).toContain("crashed on purpose");
    expect(requestIds(child.output())).toEqual(["line-0"]);
  });
});
