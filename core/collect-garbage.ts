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
  collect?.();
}
