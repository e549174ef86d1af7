/** Work on large bodies takes turns: never more at once than one fewer than the cores, and all of it runs. */
import { availableParallelism } from "node:os";
import { expect, it } from "vitest";
import { inTurn } from "../../runtime/http/large-body-work.ts";

it("runs at most one fewer than the cores at a time, in the order asked, and every one", async () => {
  const allowed = Math.max(1, availableParallelism() - 1);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const works = Array.from({ length: allowed + 3 }, (_, i) =>
    inTurn(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return i;
    }),
  );
  // Release the running ones one at a time, letting each waiting one start.
  while (started.length < works.length || releases.length > 0) {
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBeLessThanOrEqual(allowed);
    releases.shift()?.();
  }
  expect(await Promise.all(works)).toEqual(works.map((_, i) => i));
  expect(most).toBe(allowed);
  expect(started).toEqual(works.map((_, i) => i));
});

it("hands a failed work's turn on", async () => {
  const failing = Array.from({ length: availableParallelism() + 1 }, () =>
    inTurn(() => Promise.reject(new Error("no"))),
  );
  for (const work of failing) await expect(work).rejects.toThrow("no");
  expect(await inTurn(async () => "still runs")).toBe("still runs");
});
