/**
 * Structured logs through pino: one JSON line per request and per lifecycle event on
 * stdout, for log collectors; a short readable line instead when stdout is a terminal.
 *
 * The destination is asynchronous and bounded (sonic-boom's maxLength): when whoever
 * reads stdout stalls, lines beyond LOG_BUFFER_BYTES are dropped and counted, never piled
 * up in memory, and a warning says how many once the reader is back. Lines go out in
 * batches of a few kilobytes, or after LOG_FLUSH_MS when fewer come: one write per line
 * was a thread-pool round trip per request.
 *
 * A request's line, the one line per request, is written out here rather than by pino:
 * its fields are known, and pino's general path (key by key, with its hooks) cost more than
 * answering a replayed request. It is the line pino would write, with the same fields.
 *
 * Every line passes the redactor on its way out. Nothing secret is passed in on purpose
 * either: callers log paths, not tokens, and query values whose names look secret are
 * redacted (request-log.ts).
 */
import pino from "pino";
import { noRedaction, type Redactor } from "./redact.ts";

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** The line of an answered request, at info level. */
  request(line: RequestLine): void;
  /**
   * Before exiting: resolves once every line is written, or after one second when stdout
   * takes nothing (what it did not take is then dropped, pino's own flush at exit included).
   */
  closeBeforeExit(): Promise<void>;
  /** Lines dropped so far because the destination could not keep up. */
  dropped(): number;
}

/** What a request's line says, in the order pino writes the fields (serve.ts fills it, with request-log.ts). */
export interface RequestLine {
  method: string;
  path: string;
  query: string | undefined;
  status: number;
  durationMs: number;
  requestId: string;
}

export interface LoggerOptions {
  level?: LogLevel;
  format?: "json" | "text";
  /** Where lines go instead of stdout (tests): called synchronously with each line. */
  write?: (text: string) => void;
  redact?: Redactor;
}

/** How much unwritten log text may wait for a slow stdout before lines are dropped. */
export const LOG_BUFFER_BYTES = 4 * 2 ** 20;
/** Unwritten lines are sent once they weigh this much (sonic-boom's minLength)... */
const LOG_BATCH_BYTES = 4096;
/** ...or after this long, when traffic is light. */
const LOG_FLUSH_MS = 100;
/** How long closing before exit waits for a stdout that takes nothing. */
const FLUSH_AT_EXIT_MS = 1000;
/** How often dropped lines are reported (at most). */
const DROP_REPORT_MS = 10_000;

export function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL '${value}' is not one of ${LOG_LEVELS.join(", ")}`);
  return level as LogLevel;
}

interface Destination {
  write(text: string): void;
  close?(): Promise<void>;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? (process.stdout.isTTY ? "text" : "json");
  const redact = options.redact ?? noRedaction;
  let dropped = 0;
  let reported = 0;
  let destination: Destination;
  if (options.write) {
    destination = { write: options.write };
  } else {
    const boom = pino.destination({
      dest: 1,
      sync: false,
      maxLength: LOG_BUFFER_BYTES,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
    boom.on("drop", () => {
      dropped++;
    });
    let closing = false;
    destination = {
      // Lines logged while closing (a late timer) are dropped: an ended destination throws.
      write: (text) => {
        if (!closing) boom.write(text);
      },
      // end() waits for a write in flight (a synchronous flush would skip it, losing the last
      // lines under load); a stdout that takes nothing gets a second, and pino's flush at
      // process exit is then made a no-op, as pino itself does on EPIPE.
      close: () =>
        new Promise<void>((resolve) => {
          closing = true;
          const giveUp = setTimeout(() => {
            boom.flushSync = () => {};
            resolve();
          }, FLUSH_AT_EXIT_MS);
          boom.once("close", () => {
            clearTimeout(giveUp);
            resolve();
          });
          boom.end();
        }),
    };
  }
  const output: Destination = {
    write: (line) => destination.write(format === "json" ? line : textLine(line)),
  };
  const log = pino(
    {
      level: options.level ?? "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redact },
    },
    output,
  );
  const logger: Logger = {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
    request: (line) => {
      if (log.isLevelEnabled("info")) output.write(redact(requestJson(line)));
    },
    closeBeforeExit: async () => {
      await destination.close?.();
    },
    dropped: () => dropped,
  };
  if (!options.write) {
    setInterval(() => {
      if (dropped === reported) return;
      logger.warn(`dropped ${dropped - reported} log lines: stdout was not read fast enough`, {
        event: "log-dropped",
        total: dropped,
      });
      reported = dropped;
    }, DROP_REPORT_MS).unref();
  }
  return logger;
}

/** The JSON line pino would write for logger.info("request", line). */
export function requestJson({ method, path, query, status, durationMs, requestId }: RequestLine): string {
  const queryField = query === undefined ? "" : `,"query":${JSON.stringify(query)}`;
  return (
    `{"level":"info","time":"${new Date().toISOString()}","method":${JSON.stringify(method)},` +
    `"path":${JSON.stringify(path)}${queryField},"status":${status},"durationMs":${durationMs},` +
    `"requestId":${JSON.stringify(requestId)},"msg":"request"}\n`
  );
}

/** A terminal's line from pino's JSON: time, level, message, then the fields. */
function textLine(json: string): string {
  const { time, level, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const details = Object.entries(fields)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${msg}${details ? `  ${details}` : ""}\n`;
}
