/**
 * Event status at every boundary, in a time zone ahead of UTC (Melbourne) and one
 * behind it (Honolulu): the instant before and the instant of local midnight at each
 * end of the window, both window types, called-on days, and windows across a new year.
 */
import { describe, expect, it } from "vitest";
import type { EventStatus, WindowType } from "../../core/resources.ts";
import type { EventEntry } from "../../core/snapshot-format.ts";
import { eventStatus, localDay, msUntilStatusChange } from "../../runtime/calendar/event-status.ts";

function entry(
  timeZone: string,
  windowType: WindowType,
  startDate: string,
  endDate: string,
  calledOn: string[] = [],
): EventEntry {
  return {
    timeZone,
    calledOn,
    event: {
      slug: "test-event",
      name: "Test event",
      org: "wsl",
      orgName: null,
      tour: null,
      startDate,
      endDate,
      provisional: false,
      windowType,
      location: "Somewhere",
      country: null,
      spotSlug: null,
      url: null,
      sourceUrl: null,
      summary: null,
      results: null,
    },
  };
}

const MS = 1;
const before = (iso: string) => new Date(Date.parse(iso) - MS);
const at = (iso: string) => new Date(iso);

// Bells Beach, April 2027: Melbourne is on AEST (UTC+10) after DST ends on 4 April.
const bells = entry("Australia/Melbourne", "scheduled", "2027-04-14", "2027-04-24");
// A scheduled event across the new year in Melbourne's summer, AEDT (UTC+11).
const melbourneSummer = entry("Australia/Melbourne", "scheduled", "2026-12-28", "2027-01-03");
// The Eddie: a holding period across the new year in Honolulu (UTC-10, no DST), called on once.
const eddie = entry("Pacific/Honolulu", "holding-period", "2026-12-15", "2027-03-15", ["2027-01-22"]);
// A holding period called on its first and its last day.
const calledAtTheEdges = entry("Pacific/Honolulu", "holding-period", "2027-11-01", "2027-11-30", [
  "2027-11-01",
  "2027-11-30",
]);

const cases: [what: string, event: EventEntry, now: Date, expected: EventStatus][] = [
  ["Bells: the instant before local midnight on the first day", bells, before("2027-04-13T14:00:00Z"), "upcoming"],
  ["Bells: local midnight on the first day", bells, at("2027-04-13T14:00:00Z"), "live"],
  [
    "Bells: the first day is already the 14th in Melbourne while UTC is still on the 13th",
    bells,
    at("2027-04-13T20:00:00Z"),
    "live",
  ],
  ["Bells: the instant before local midnight after the last day", bells, before("2027-04-24T14:00:00Z"), "live"],
  ["Bells: local midnight after the last day", bells, at("2027-04-24T14:00:00Z"), "completed"],
  [
    "Melbourne summer: the instant before the first day (AEDT)",
    melbourneSummer,
    before("2026-12-27T13:00:00Z"),
    "upcoming",
  ],
  ["Melbourne summer: local midnight on the first day (AEDT)", melbourneSummer, at("2026-12-27T13:00:00Z"), "live"],
  ["Melbourne summer: new year's midnight inside the window", melbourneSummer, at("2026-12-31T13:00:00Z"), "live"],
  ["Melbourne summer: the instant before the end", melbourneSummer, before("2027-01-03T13:00:00Z"), "live"],
  ["Melbourne summer: local midnight after the last day", melbourneSummer, at("2027-01-03T13:00:00Z"), "completed"],
  ["Eddie: the instant before local midnight on the first day", eddie, before("2026-12-15T10:00:00Z"), "upcoming"],
  ["Eddie: local midnight on the first day opens the window", eddie, at("2026-12-15T10:00:00Z"), "window-open"],
  ["Eddie: UTC is already on the 15th, Honolulu is not", eddie, at("2026-12-15T05:00:00Z"), "upcoming"],
  ["Eddie: still 31 December in Honolulu after UTC's new year", eddie, at("2027-01-01T05:00:00Z"), "window-open"],
  ["Eddie: Honolulu's new year", eddie, at("2027-01-01T10:00:00Z"), "window-open"],
  ["Eddie: the instant before the called-on day", eddie, before("2027-01-22T10:00:00Z"), "window-open"],
  ["Eddie: local midnight starting the called-on day", eddie, at("2027-01-22T10:00:00Z"), "live"],
  ["Eddie: the instant before the called-on day ends", eddie, before("2027-01-23T10:00:00Z"), "live"],
  ["Eddie: local midnight after the called-on day", eddie, at("2027-01-23T10:00:00Z"), "window-open"],
  ["Eddie: the instant before the window closes", eddie, before("2027-03-16T10:00:00Z"), "window-open"],
  ["Eddie: local midnight after the last day", eddie, at("2027-03-16T10:00:00Z"), "completed"],
  ["called on the first day: live from its first instant", calledAtTheEdges, at("2027-11-01T10:00:00Z"), "live"],
  [
    "called on the first day: upcoming the instant before",
    calledAtTheEdges,
    before("2027-11-01T10:00:00Z"),
    "upcoming",
  ],
  ["called on the last day: live until its last instant", calledAtTheEdges, before("2027-12-01T10:00:00Z"), "live"],
  ["called on the last day: completed after it", calledAtTheEdges, at("2027-12-01T10:00:00Z"), "completed"],
];

describe("event status", () => {
  it.each(cases)("%s", (_what, event, now, expected) => {
    expect(eventStatus(event, now)).toBe(expected);
  });
});

describe("localDay", () => {
  it("is the calendar day at the place, not in UTC", () => {
    const instant = new Date("2027-01-01T05:00:00Z");
    expect(localDay(instant, "Pacific/Honolulu")).toBe("2026-12-31");
    expect(localDay(instant, "Australia/Melbourne")).toBe("2027-01-01");
    expect(localDay(instant, "UTC")).toBe("2027-01-01");
  });
});

describe("msUntilStatusChange", () => {
  const HORIZON = 300_000;
  const until = (event: EventEntry, iso: string) => msUntilStatusChange(event, new Date(iso), HORIZON);
  // Kathmandu is UTC+5:45: its midnights fall at 18:15 UTC.
  const kathmandu = entry("Asia/Kathmandu", "scheduled", "2027-05-01", "2027-05-02");

  it("is the milliseconds to the local midnight that changes the status", () => {
    expect(until(kathmandu, "2027-04-30T18:12:30Z")).toBe(150_000);
    expect(until(kathmandu, "2027-04-30T18:14:59.999Z")).toBe(1);
    expect(until(kathmandu, "2027-05-02T18:10:00.250Z")).toBe(299_750);
    expect(until(eddie, "2027-01-23T09:59:00Z")).toBe(60_000);
    expect(until(melbourneSummer, "2027-01-03T12:59:00Z")).toBe(60_000);
  });

  it("is undefined when the status does not change within the horizon, midnights included", () => {
    expect(until(kathmandu, "2027-04-30T18:09:59.999Z")).toBeUndefined();
    expect(until(kathmandu, "2027-05-01T18:14:00Z")).toBeUndefined();
    expect(until(eddie, "2027-01-01T09:58:00Z")).toBeUndefined();
  });
});
