/** README's "Where spots are" counts the content's spots by location precision: its figures stay true. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { checkContentDir } from "../../build/pipeline.ts";

it("README gives the number of spots, and how many are located at the break, at a town and nowhere", () => {
  const readme = readFileSync("README.md", "utf8").replace(/\s+/g, " ");
  const sentence =
    /Of the catalog's (\d+) spots, (\d+) have coordinates at the break .*?, (\d+) at the town, .*? and (\d+) have none/;
  const figures = sentence.exec(readme);
  expect(figures, "the sentence under 'Where spots are'").not.toBeNull();
  const spots = checkContentDir("content").content.spots.map(({ record }) => record);
  const count = (precision: string | null) => spots.filter((spot) => spot.location_precision === precision).length;
  expect(figures!.slice(1).map(Number)).toEqual([spots.length, count("break"), count("town"), count(null)]);
});
