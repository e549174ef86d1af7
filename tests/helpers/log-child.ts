/**
 * A process that logs to stdout as the server does, for the tests of the log destination:
 *
 *   log-child.ts lines N   N request lines over a few turns, close, report (stderr), exit 0
 *   log-child.ts stall N   N request lines over a few turns, report (stderr), then stay up until killed
 *   log-child.ts one       one request line, then stay up until killed
 *   log-child.ts crash N   N request lines over a few turns, then an uncaught exception
 *
 * The report is one JSON line on stderr: {"dropped": lines dropped so far}.
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

/** A few hundred lines per turn, as a busy server logs them. */
async function logLines(lines: number): Promise<void> {
  for (let i = 0; i < lines; i++) {
    logger.request(requestLine(i));
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
}

const report = () => process.stderr.write(`${JSON.stringify({ dropped: logger.dropped() })}\n`);

if (mode === "lines") {
  await logLines(Number(count));
  await logger.closeBeforeExit();
  report();
  process.exit(0);
} else if (mode === "stall") {
  await logLines(Number(count));
  report();
  setInterval(() => {}, 1000);
} else if (mode === "one") {
  logger.request(requestLine(0));
  setInterval(() => {}, 1000);
} else if (mode === "crash") {
  await logLines(Number(count));
  setImmediate(() => {
    throw new Error("crashed on purpose");
  });
}
