/** An editor gets every problem in one run, not one per run. */
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { copyFixture, editFiles, problemLines } from "../helpers/fixtures.ts";

const dir = copyFixture("minimal");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("reports all the problems of many files at once, in file and line order", () => {
  editFiles(dir, {
    "spots.csv": (text) =>
      text
        .replace("21.6650", "123.4")
        .replace(",PT,Leiria,", ",XX,Leiria,")
        .replace("A left on an offshore reef.,barrel", "A left on an offshore reef.,barel"),
    "tags.csv": (text) => text.replace("3,reef-break", "2,reef-break"),
    "surfers.csv": (text) => text.replace("1890,1968", "1990,1968"),
    "clips.csv": (text) => text.replace("2025-01-01", "2025-02-30"),
    "events.yaml": (text) =>
      text.replace("window_type: scheduled", "window_type: fixed").replace("  org: eddie\n", "  org: edie\n"),
  });
  expect(problemLines(dir)).toEqual([
    "content/clips.csv:2: upload_date '2025-02-30' is not a date like 2027-04-01",
    "content/events.yaml:3: org 'edie' is not in content/organizations.yaml; did you mean 'eddie'?",
    "content/events.yaml:19: window_type 'fixed' is not one of scheduled, holding-period",
    "content/spots.csv:2: latitude 123.4 is out of range [-90, 90]",
    "content/spots.csv:3: country_code 'XX' is not an ISO 3166-1 alpha-2 country code (two capital letters, like PT)",
    "content/spots.csv:4: tag 'barel' is not in content/tags.csv; did you mean 'barrel'?",
    "content/surfers.csv:2: death_year 1968 is before birth_year 1990",
    "content/tags.csv:4: id '2' is already used on line 3",
  ]);
});
