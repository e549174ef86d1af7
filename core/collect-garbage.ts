/**
 * One full garbage collection, now, without running node with --expose-gc. V8 collects
 * when it sees fit, which after a phase that dropped hundreds of MiB can be much later: a
 * process that knows such a moment (the build between two phases, the server once loaded)
 * says so, and what it holds from then on is what it really needs.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export function collectGarbageNow(): void {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as (() => void) | undefined;
  // A tick waits in the queue through the collection, so that the hidden classes of Node's
  // tick objects stay alive. Collected while no tick was queued, they are made anew, and from
  // then on V8 defines each tick object's keys in its runtime, for the rest of the process
  // (seen on Node 20, 22 and 24): 7 to 14 µs more per request, as Node queues several ticks
  // for each one.
  process.nextTick(keepTickMapsAlive);
  collect?.();
}

function keepTickMapsAlive(): void {}
