/**
 * Field types of the content files. A parser turns a raw cell into a value, or throws
 * `InvalidValue` with a message an editor can act on (it names the field and the value).
 */
import countries from "i18n-iso-countries";
import { monthsOfRange } from "../core/months.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN_SOURCE } from "../core/slug.ts";
import { didYouMean } from "../core/suggest.ts";

export class InvalidValue extends Error {}

export type Parser<T> = (raw: string, name: string) => T;

export interface Field<T = unknown, Required extends boolean = boolean> {
  parse: Parser<T>;
  required: Required;
  /** What to give when the value is missing, told with the problem. */
  hint?: string;
}

export function required<T>(parse: Parser<T>, hint?: string): Field<T, true> {
  return { parse, required: true, hint };
}

export function optional<T>(parse: Parser<T>): Field<T, false> {
  return { parse, required: false };
}

export type Schema = Record<string, Field>;

/** The record a schema describes: optional fields are `null` when empty. */
export type RecordOf<S extends Schema> = {
  [K in keyof S]: S[K] extends Field<infer T, infer R> ? (R extends true ? T : T | null) : never;
};

const fail = (message: string): never => {
  throw new InvalidValue(message);
};

export const text: Parser<string> = (raw) => raw;

/** A month range of three-letter English months, like `Nov-Feb` (it wraps the year), or one month (`Jul`). */
export const monthRange: Parser<string> = (raw, name) =>
  monthsOfRange(raw) ? raw : fail(`${name} '${raw}' is not a month range like Nov-Feb or one month like Jul`);

/** Values that the API filters on: a comma would read as two values. */
export const filterable: Parser<string> = (raw, name) =>
  raw.includes(",")
    ? fail(`${name} '${raw}' contains a comma; filterable values cannot (the API reads a comma as a list of values)`)
    : raw;

const SLUG_PATTERN = new RegExp(`^${SLUG_PATTERN_SOURCE}$`);

export const slug: Parser<string> = (raw, name) => {
  if (!SLUG_PATTERN.test(raw))
    fail(
      `${name} '${raw}' is not a slug: use lowercase letters and digits joined by single hyphens, like 'bells-beach'`,
    );
  if (raw.length > SLUG_MAX_LENGTH)
    fail(`${name} '${raw.slice(0, 20)}...' is longer than ${SLUG_MAX_LENGTH} characters`);
  return raw;
};

export function integer(min: number, max: number): Parser<number> {
  return (raw, name) => {
    if (!/^-?\d+$/.test(raw)) fail(`${name} '${raw}' is not a whole number`);
    const value = Number(raw);
    if (value < min || value > max) fail(`${name} ${raw} is out of range [${min}, ${max}]`);
    return value;
  };
}

export function decimal(min: number, max: number): Parser<number> {
  return (raw, name) => {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) fail(`${name} '${raw}' is not a decimal number like 21.665`);
    const value = Number(raw);
    if (value < min || value > max) fail(`${name} ${raw} is out of range [${min}, ${max}]`);
    return value;
  };
}

export function oneOf<const V extends readonly string[]>(values: V): Parser<V[number]> {
  return (raw, name) =>
    values.includes(raw) ? raw : fail(`${name} '${raw}' is not one of ${values.join(", ")}${didYouMean(raw, values)}`);
}

export const yesNo: Parser<boolean> = (raw, name) =>
  raw === "yes" ? true : raw === "no" ? false : fail(`${name} '${raw}' must be yes or no`);

/** `YYYY-MM-DD`, a real calendar day. */
export const date: Parser<string> = (raw, name) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match || !isCalendarDay(+match[1], +match[2], +match[3])) fail(`${name} '${raw}' is not a date like 2027-04-01`);
  return raw;
};

/** ISO 8601 in UTC with seconds: `2026-03-01T00:00:00Z`. */
export const timestamp: Parser<string> = (raw, name) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/.exec(raw);
  if (!match || !isCalendarDay(+match[1], +match[2], +match[3]))
    fail(`${name} '${raw}' is not a UTC timestamp like 2026-03-01T00:00:00Z`);
  return raw;
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Arithmetic, not a Date: the build checks two timestamps per row, 200k at 100k spots. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

export const url: Parser<string> = (raw, name) => {
  // Most values are lowercase http(s) URLs: URL.canParse checks them without a URL object, 1.6 times as fast.
  if ((raw.startsWith("https://") || raw.startsWith("http://")) && URL.canParse(raw)) return raw;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:"))
    fail(`${name} '${raw}' is not an http(s) URL`);
  return raw;
};

/** An object key in our storage, or a full URL kept as it is. */
export const mediaKey: Parser<string> = (raw, name) => {
  if (/^https?:\/\//.test(raw)) return url(raw, name);
  if (raw.startsWith("/") || raw.includes("..") || /\s/.test(raw))
    fail(`${name} '${raw}' is not an object key like spots/pipeline/1.jpg (no leading slash, spaces or '..')`);
  return raw;
};

export const country: Parser<string> = (raw, name) =>
  /^[A-Z]{2}$/.test(raw) && countries.isValid(raw)
    ? raw
    : fail(`${name} '${raw}' is not an ISO 3166-1 alpha-2 country code (two capital letters, like PT)`);

export const timeZone: Parser<string> = (raw, name) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: raw });
  } catch {
    fail(`${name} '${raw}' is not an IANA time zone like Australia/Melbourne`);
  }
  return raw;
};

/** A `;`-separated list, each item parsed by `item`; empty items are ignored. */
export function listOf<T>(item: Parser<T>): Parser<T[]> {
  return (raw, name) => {
    const items: T[] = [];
    for (const part of raw.split(";")) {
      const trimmed = part.trim();
      if (trimmed !== "") items.push(item(trimmed, name));
    }
    return items;
  };
}
