/**
 * Waiting on an event a test can only poll for (a log line, a socket closed, a count moved).
 * The ceiling is generous, far above what any machine needs: it turns a hang into a
 * failure that says what never happened, and it is never the thing a test asserts.
 */
export const GENEROUS_MS = 15_000;

export async function waitUntil(
  what: string,
  happened: () => boolean | Promise<boolean>,
  ceilingMs = GENEROUS_MS,
): Promise<void> {
  const deadline = Date.now() + ceilingMs;
  while (!(await happened())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ceilingMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
