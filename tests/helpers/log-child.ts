/**
 * A process that logs to stdout as the server does, for the tests of the log destination:
 *
 *   log-child.ts lines N   N request lines over a few turns, close, report (stderr), exit 0
 *   log-child.ts one       one request line, then stay up until killed
 *   log-child.ts crash     one request line, then an uncaught exception
 */
import { createLogger } from "../../runtime/log.ts";

const [mode, count] = process.argv.slice(2);
const logger = createLogger({ format: "json" });
const requestLine = (i: number) => ({
  method: "GET",
  path: "/api/spots",
  query: `offset=${i}`,
  status: 200,
  durationMs: 0.1,
  requestId: `line-${i}`,
});

if (mode === "lines") {
  const lines = Number(count);
  // A few hundred per turn, as a busy server logs them.
  for (let i = 0; i < lines; i++) {
    logger.request(requestLine(i));
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  const unwritten = process.stdout.writableLength;
  await logger.closeBeforeExit();
  process.stderr.write(`${JSON.stringify({ dropped: logger.dropped(), unwritten })}\n`);
  process.exit(0);
} else if (mode === "one") {
  logger.request(requestLine(0));
  setInterval(() => {}, 1000);
} else if (mode === "crash") {
  logger.request(requestLine(0));
  setImmediate(() => {
    throw new Error("crashed on purpose");
  });
}
