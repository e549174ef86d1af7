/**
 * Structured logs through pino: one JSON line per request and per lifecycle event on
 * stdout, for log collectors; a short readable line instead when stdout is a terminal.
 *
 * The destination is asynchronous and bounded: when whoever reads stdout stalls, lines
 * beyond LOG_BUFFER_BYTES are dropped and counted, never piled up in memory, and a warning
 * says how many once the reader is back. Lines go out in batches of a few kilobytes, or
 * after LOG_FLUSH_MS when fewer come: a write per line cost more than the line.
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
/** Unwritten lines are sent once they weigh this much... */
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
  const destination: Destination = options.write
    ? { write: options.write }
    : stdoutDestination((lines) => {
        dropped += lines;
      });
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

/** Hand-overs of destinations whose lines wait for their batch: a crash's exit runs them. */
const waitingToWrite = new Set<() => void>();
let stdoutBroken = false;
let stdoutWatched = false;

/** Once per process, however many loggers write to stdout. */
function watchStdout(): void {
  if (stdoutWatched) return;
  stdoutWatched = true;
  // A reader that went away (EPIPE), or any other failure of stdout, ends logging, not the server.
  process.stdout.on("error", () => {
    stdoutBroken = true;
  });
  // A crash's last lines: the write is tried at once, and a pipe with room takes them.
  process.once("exit", () => {
    for (const handOver of waitingToWrite) handOver();
  });
}

/**
 * stdout, written by Node's own stream and bounded: while what stdout has not yet taken
 * weighs LOG_BUFFER_BYTES, further lines are dropped and counted. Lines go out together,
 * once they weigh a batch or after LOG_FLUSH_MS. (Not sonic-boom: it measures the text it
 * appends to on every write, and hands each write to a pool thread, which on two busy cores
 * cost the event loop about 70 µs per batch; a pipe's write from the loop costs about 20.)
 */
function stdoutDestination(onDropped: (lines: number) => void): Destination {
  watchStdout();
  const stdout = process.stdout;
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    waitingToWrite.delete(handOver);
    if (pending === "") return;
    const text = pending;
    pending = "";
    // As bytes: a write a full pipe cannot take yet is queued as it is, where a string's
    // would be copied for the queue while the string stayed alive (the stalled-reader attack
    // grew 46 MiB with strings, 24 MiB with bytes).
    const bytes = Buffer.from(text);
    if (stdoutBroken || stdout.writableLength + bytes.length > LOG_BUFFER_BYTES) onDropped(linesIn(text));
    else stdout.write(bytes);
  };
  let closing = false;
  return {
    // Lines logged while closing (a late timer) are dropped.
    write: (text) => {
      if (closing) return;
      if (pending === "") {
        waitingToWrite.add(handOver);
        timer = setTimeout(handOver, LOG_FLUSH_MS).unref();
      }
      pending += text;
      if (pending.length >= LOG_BATCH_BYTES) handOver();
    },
    // A stdout that takes nothing gets a second; what it did not take is then dropped.
    close: () =>
      new Promise<void>((resolve) => {
        handOver();
        closing = true;
        if (stdoutBroken || stdout.writableLength === 0) return resolve();
        const giveUp = setTimeout(resolve, FLUSH_AT_EXIT_MS);
        stdout.once("drain", () => {
          clearTimeout(giveUp);
          resolve();
        });
      }),
  };
}

function linesIn(text: string): number {
  let lines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/** The JSON line pino would write for logger.info("request", line). */
export function requestJson({ method, path, query, status, durationMs, requestId }: RequestLine): string {
  const queryField = query === undefined ? "" : `,"query":${JSON.stringify(query)}`;
  return (
    `{"level":"info","time":"${isoTimeNow()}","method":${JSON.stringify(method)},` +
    `"path":${JSON.stringify(path)}${queryField},"status":${status},"durationMs":${durationMs},` +
    `"requestId":${JSON.stringify(requestId)},"msg":"request"}\n`
  );
}

/** The time as pino's isoTime writes it, made again only when the millisecond changes (it costs about 1 µs). */
let lastMs = Number.NaN;
let lastIso = "";
function isoTimeNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
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
