/**
 * Structured logs through pino: one JSON line per request and per lifecycle event on
 * stdout, for log collectors; a short readable line instead when stdout is a terminal.
 *
 * stdout is pino's own asynchronous destination (sonic-boom): a line is written at once
 * when no write is under way, and lines logged meanwhile wait and go out together with the
 * next. What waits is bounded: when whoever reads stdout stalls, lines beyond
 * LOG_BUFFER_BYTES are dropped and counted, never piled up in memory, and a warning says
 * how many once the reader has taken the rest. A reader that goes away (EPIPE) ends
 * logging, not the server. At exit, a crash's included, what waits is written at once if
 * stdout takes it within a second.
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
   * takes nothing (what it did not take is then dropped). Lines logged after it are dropped.
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
  /** The server's own id of the request, the one its answer carries. */
  requestId: string;
  /** The caller's `X-Request-Id`, when it sent a sane one: logged, never echoed. */
  clientRequestId?: string;
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
/** How long writing what waits, when closing or at exit, may wait for a stdout that takes nothing. */
const FLUSH_AT_EXIT_MS = 1000;

export function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL '${value}' is not one of ${LOG_LEVELS.join(", ")}`);
  return level as LogLevel;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? (process.stdout.isTTY ? "text" : "json");
  const stdout = options.write ? undefined : openStdout();
  let dropped = 0;
  let reported = 0;
  let open = true;
  // Lines logged once stdout failed, or once closing began, are dropped and counted.
  const write =
    options.write ??
    ((text: string) => {
      if (open) stdout!.write(text);
      else dropped++;
    });
  const log = pino(
    {
      level: options.level ?? "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: options.redact ?? noRedaction },
    },
    { write: (line: string) => write(format === "json" ? line : textLine(line)) },
  );
  const logger: Logger = {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
    request: (line) => log.info(line, "request"),
    closeBeforeExit: () =>
      new Promise<void>((resolve) => {
        if (!stdout || !open) return resolve();
        open = false;
        // A stdout that takes nothing gets a second; what it did not take is then dropped.
        const giveUp = setTimeout(() => {
          stdout.destroy();
          resolve();
        }, FLUSH_AT_EXIT_MS);
        stdout.once("close", () => {
          clearTimeout(giveUp);
          resolve();
        });
        stdout.end();
      }),
    dropped: () => dropped,
  };
  if (stdout) {
    stdout.on("drop", () => {
      dropped++;
    });
    // EPIPE (pino then stops writing to it) or any other failure of stdout; or closed (by pino
    // too, when the event loop empties): a closed destination throws on write.
    stdout.on("error", () => {
      open = false;
    });
    stdout.once("close", () => {
      open = false;
    });
    // Everything that waited is written: the reader is back.
    stdout.on("drain", () => {
      if (dropped === reported) return;
      logger.warn(`dropped ${dropped - reported} log lines: stdout was not read fast enough`, {
        event: "log-dropped",
        total: dropped,
      });
      reported = dropped;
    });
  }
  return logger;
}

type Destination = ReturnType<typeof pino.destination>;

/** The destinations on stdout not yet closed, for the flush at exit. */
const openDestinations = new Set<Destination>();
/** When the flush at exit gives up on a stdout that takes nothing; undefined until the process exits. */
let exitDeadline: number | undefined;

/**
 * At exit, what waits is written synchronously. pino does the same for its destinations,
 * but retries a full pipe without end; this flush, which runs first, stops after
 * FLUSH_AT_EXIT_MS, so that a process whose reader stalled still exits.
 */
process.prependListener("exit", () => {
  exitDeadline = Date.now() + FLUSH_AT_EXIT_MS;
  for (const destination of openDestinations) {
    try {
      destination.flushSync();
    } catch {
      // stdout took nothing for a second: what waits is dropped.
    }
    destination.destroy();
  }
});

/**
 * stdout through pino's destination, asynchronous (sync: false) and bounded (maxLength:
 * a line that would make what waits weigh more is dropped, with a 'drop' event). A full
 * pipe (EAGAIN) is retried, without end while the process runs and until the deadline at exit.
 */
function openStdout(): Destination {
  const destination = pino.destination({
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    retryEAGAIN: () => exitDeadline === undefined || Date.now() < exitDeadline,
  });
  openDestinations.add(destination);
  destination.once("close", () => openDestinations.delete(destination));
  return destination;
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
