/**
 * Work the build hands to a worker thread while its main thread goes on with something
 * else: on two cores, two parts of a large build cost the time of the longer one, and the
 * worker's memory stays out of the main thread's heap (freed whole when the worker ends).
 *
 * The work is a TypeScript module exporting `run(input)`, started through worker-entry.mjs.
 * Its result comes back as the worker's one message; its failure as the worker's error.
 */
import { Worker } from "node:worker_threads";

const ENTRY = new URL("./worker-entry.mjs", import.meta.url);

/**
 * Runs the `run` export of the module at `module` on a worker thread, on `input` (copied
 * to it), and gives what it returns. `what` names the work in the error that fails the
 * build when the worker fails.
 */
export function onThread<T>(what: string, module: URL, input: unknown): Promise<T> {
  const thread = new Worker(ENTRY, {
    workerData: { module: module.href, input },
    // The young generation's default lets each worker hold tens of MiB of short-lived garbage; while two run
    // beside the main thread (at 100k spots), that is where the build's peak is.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const result = new Promise<T>((resolve, reject) => {
    thread.once("message", resolve);
    thread.once("error", (error) => reject(new Error(`the ${what} thread failed: ${error.stack}`, { cause: error })));
    // After a message or an error this changes nothing: a promise settles once.
    thread.once("exit", (code) => reject(new Error(`the ${what} thread ended (exit code ${code}) without a result`)));
  });
  // The build awaits the result only after work of its own: a failure before then must
  // fail the build there, not end the process as an unhandled rejection.
  result.catch(() => {});
  return result;
}
