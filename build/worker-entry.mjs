/**
 * Where every worker thread of the build starts. The work itself is a TypeScript module
 * that exports `run(input)` (compile/search-worker.ts, compile/clusters-worker.ts), but
 * Node 20 does not give a worker thread the module hooks of the thread that starts it
 * (nodejs/node#47747; Node 22.2 and later do), so a worker cannot start on a .ts file.
 * This file, plain JavaScript, imports the module through tsx's documented API, runs it on
 * the thread's input and posts what it returns (thread.ts awaits it). A failure ends the
 * thread with its error.
 */
import { parentPort, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { run } = await tsImport(workerData.module, import.meta.url);
parentPort.postMessage(await run(takeInput()));

/** The input, which only `run` holds from then on: it may drop it once used. */
function takeInput() {
  const { input } = workerData;
  workerData.input = null;
  return input;
}
