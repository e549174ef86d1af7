/**
 * The worker's side of thread.ts: runs the work on the input the main thread sent, posts
 * its value (or its error, as text), and wakes the main thread waiting for it.
 */
import { workerData } from "node:worker_threads";

/** `work` takes the input and may be async; its value must be one structured clone can copy. */
export async function answerMain(work) {
  const { port, done } = workerData;
  let message;
  try {
    message = { value: await work(takeInput()) };
  } catch (error) {
    message = { error: String(error?.stack ?? error) };
  }
  port.postMessage(message);
  port.close(); // the message stays queued for the main thread; this thread ends, and its heap is freed now
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
}

/** The input, which only `work` holds from then on: it may drop it once used. */
function takeInput() {
  const { input } = workerData;
  workerData.input = null;
  return input;
}
