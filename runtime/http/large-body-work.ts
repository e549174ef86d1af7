/**
 * Compressing a large body runs on libuv's thread pool. Left alone, a few clients asking for
 * large answers at once would keep every core busy with it and starve the event loop (and
 * /healthz) of CPU, so such work takes turns: at most one fewer than the cores at a time, the
 * others waiting in line.
 */
import { availableParallelism } from "node:os";

/** Above this, work on a body waits for its turn; below it, it goes at once. */
export const LARGE_BODY_BYTES = 256 * 1024;

const AT_ONCE = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a turn is free; a finished turn is handed straight to the next in line. */
export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
