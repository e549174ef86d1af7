/**
 * The field parsers' shortcuts against what they replaced: calendar days by arithmetic
 * against Date's own calendar, and http(s) URLs checked without a URL object against the
 * URL parser's verdict.
 */
import { describe, expect, it } from "vitest";
import { date, InvalidValue, listOf, slug, timestamp, url } from "../../build/fields.ts";

const verdict = <T>(parse: (raw: string, name: string) => T, raw: string): T | "invalid" => {
  try {
    return parse(raw, "field");
  } catch (error) {
    if (error instanceof InvalidValue) return "invalid";
    throw error;
  }
};

/** Date's answer: a day is real when it comes back unchanged from the calendar. */
function isRealDay(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

describe("calendar days", () => {
  it("agree with Date on every month and day number of leap and common years, centuries included", () => {
    const pad = (value: number, width: number) => String(value).padStart(width, "0");
    let checked = 0;
    for (const year of [1900, 1999, 2000, 2023, 2024, 2026, 2100, 2400]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const real = isRealDay(year, month, day);
          expect(verdict(date, text), text).toBe(real ? text : "invalid");
          expect(verdict(timestamp, `${text}T23:59:59Z`), text).toBe(real ? `${text}T23:59:59Z` : "invalid");
          checked++;
        }
      }
    }
    expect(checked).toBe(8 * 14 * 33);
  });

  it("still refuse what is not shaped like a day or a UTC time", () => {
    for (const raw of ["2024-2-29", "2024-02-29 ", "2024-02-29T24:00:00Z", "2024-02-29T10:00:00+01:00"]) {
      expect(verdict(raw.includes("T") ? timestamp : date, raw), raw).toBe("invalid");
    }
  });
});

describe("URLs", () => {
  /** The check before the shortcut: the URL parser, and its protocol. */
  const parsedAsHttp = (raw: string) => {
    try {
      const { protocol } = new URL(raw);
      return protocol === "https:" || protocol === "http:";
    } catch {
      return false;
    }
  };

  it("are taken or refused as the URL parser would", () => {
    const samples = [
      "https://en.wikipedia.org/wiki/Teahupo%27o",
      "http://example.com",
      "HTTPS://EXAMPLE.COM/x",
      "https://",
      "http://exa mple.com",
      "https://[::1]/",
      "https://[::1/",
      "https://example.com:99999/",
      "ftp://example.com",
      "https:example.com",
      "mailto:editor@example.com",
      "example.com",
      "https://xn--nazar-hsa.pt/",
      "https://nazaré.pt/onda",
    ];
    for (const raw of samples) expect(verdict(url, raw), raw).toBe(parsedAsHttp(raw) ? raw : "invalid");
  });
});

describe("lists", () => {
  it("skip empty items and trim the others", () => {
    expect(verdict(listOf(slug), " a ;; b-c ;")).toEqual(["a", "b-c"]);
    expect(verdict(listOf(slug), ";")).toEqual([]);
    expect(verdict(listOf(slug), "a;B")).toBe("invalid");
  });
});
