/**
 * Structured logs: one JSON line per request and per lifecycle event on stdout, for
 * log collectors; a short readable line instead when stdout is a terminal. Lines are
 * batched per event-loop turn (one write for many requests under load) and flushed
 * before the process exits. Nothing secret is ever passed in: callers log paths, not
 * tokens, and query values whose names look secret are redacted (see request-log.ts).
 */
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Writes what is pending now (before exiting). */
  flush(): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  format?: "json" | "text";
  write?: (text: string) => void;
}

export function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL '${value}' is not one of ${LOG_LEVELS.join(", ")}`);
  return level as LogLevel;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? "info");
  const format = options.format ?? (process.stdout.isTTY ? "text" : "json");
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  let pending: string[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    write(text);
  };

  const log = (level: LogLevel, message: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return;
    pending.push(format === "json" ? jsonLine(level, message, fields) : textLine(level, message, fields));
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  return {
    debug: (message, fields) => log("debug", message, fields),
    info: (message, fields) => log("info", message, fields),
    warn: (message, fields) => log("warn", message, fields),
    error: (message, fields) => log("error", message, fields),
    flush,
  };
}

/** The current time as ISO 8601, made once per millisecond: many lines share one under load. */
let clock = { ms: 0, iso: "" };
function isoNow(): string {
  const ms = Date.now();
  if (ms !== clock.ms) clock = { ms, iso: new Date(ms).toISOString() };
  return clock.iso;
}

function jsonLine(level: LogLevel, message: string, fields?: LogFields): string {
  // Written out by hand: this runs once per request. Field names come from our code
  // (plain identifiers); values are escaped.
  let line = `{"time":"${isoNow()}","level":"${level}","msg":${JSON.stringify(message)}`;
  for (const name in fields) {
    const value = fields[name];
    if (value !== undefined) line += `,"${name}":${typeof value === "string" ? JSON.stringify(value) : value}`;
  }
  return `${line}}\n`;
}

function textLine(level: LogLevel, message: string, fields?: LogFields): string {
  const details = Object.entries(fields ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const time = new Date().toISOString().slice(11, 19);
  return `${time} ${level.toUpperCase().padEnd(5)} ${message}${details ? `  ${details}` : ""}\n`;
}
