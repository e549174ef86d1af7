/**
 * Loading a large snapshot leaves its file's bytes and text behind as garbage, hundreds
 * of MiB at catalog scale, that V8 would return to the system only at some later
 * collection. One full collection right after loading makes the resident memory of a
 * ready server what it really needs.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export function releaseLoadingGarbage(): void {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as (() => void) | undefined;
  collect?.();
}
