/**
 * Work the build hands to a worker thread while its main thread goes on with something
 * else: on two cores, two parts of a large build cost the time of the longer one.
 *
 * The build stays synchronous (tests and the watch mode call it as a plain function): the
 * main thread takes the result with Atomics.wait, bounded, when it needs it. The worker
 * answers through answer-main.mjs, which wakes it.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";

/** How long the main thread waits for a worker before giving up (the longest, the search index at 100k, takes 5 s). */
const WORKER_WAIT_MS = 10 * 60_000;

export interface Pending<T> {
  /** The worker's result; waits for it if it is not there yet, throws if the worker failed. */
  result(): T;
}

/** A result that needs no thread, for work too small to be worth one. */
export function settled<T>(value: T): Pending<T> {
  return { result: () => value };
}

/**
 * Starts `worker` (a plain JavaScript module: a worker does not take tsx's hooks from the
 * thread that starts it) with `input`, which is copied to it. `what` names the work in
 * the error that fails the build when the worker fails.
 */
export function onThread<T>(what: string, worker: URL, input: unknown): Pending<T> {
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(worker, {
    workerData: { input, port: port2, done },
    transferList: [port2],
    // The young generation's default lets each worker hold tens of MiB of short-lived garbage; while two run
    // beside the main thread (at 100k spots), that is where the build's peak is.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  let taken: { value: T } | undefined;
  return {
    result() {
      if (taken) return taken.value;
      const reported = Atomics.wait(done, 0, 0, WORKER_WAIT_MS) !== "timed-out";
      const message = reported ? receiveMessageOnPort(port1)?.message : undefined;
      port1.close();
      void thread.terminate();
      if (message && "value" in message) {
        taken = { value: message.value as T };
        return taken.value;
      }
      const why = message?.error ?? (reported ? "it reported nothing" : `no answer in ${WORKER_WAIT_MS / 1000} s`);
      throw new Error(`the ${what} thread failed: ${why}`);
    },
  };
}
