/**
 * Every validation rule, one broken fixture each: the minimal valid catalog with one
 * edit, and the exact message (with file:line) an editor then reads.
 */
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture, type Edit, editFiles, problemLines } from "../helpers/fixtures.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsAfter(edits: Record<string, Edit>): string[] {
  const dir = copyFixture("minimal");
  dirs.push(dir);
  editFiles(dir, edits);
  return problemLines(dir);
}

/** Replaces one exact substring, so each case reads as "this value becomes that". */
const swap =
  (from: string, to: string): Edit =>
  (text) =>
    text.replace(from, to);

const COMMA_HINT = "(a missing or extra comma, or an unquoted comma in a value?)";

describe("the minimal fixture", () => {
  it("is valid, so each case below shows exactly the problem its edit makes", () => {
    const dir = copyFixture("minimal");
    dirs.push(dir);
    expect(problemLines(dir)).toEqual([]);
  });
});

const cases: [rule: string, edits: Record<string, Edit>, expected: string[]][] = [
  [
    "a query word names a value its param does not have",
    { "query_words.csv": swap("tag,barrel,", "tag,barel,") },
    [
      "content/query_words.csv:2: tag has no value 'barel'; did you mean 'barrel'? " +
        "(it takes barrel, big-wave, reef-break)",
    ],
  ],
  [
    "a query phrase means two things on the same endpoints",
    { "query_words.csv": swap("wave_type,reef,reefs", "wave_type,reef,reefs;tubes") },
    ["content/query_words.csv:3: 'tubes' already means tag barrel on the spots endpoints (content/query_words.csv:2)"],
  ],
  [
    "a country's other name is already a group's",
    { "country_names.csv": swap("PT,Portuguese", "PT,Portuguese;European") },
    [
      "content/country_names.csv:2: 'European' already means country ES,FR,PT on the spots endpoints " +
        "(content/country_groups.csv:2)",
      "content/country_names.csv:2: 'European' already means country ES,FR,PT on the surfers endpoints " +
        "(content/country_groups.csv:2)",
    ],
  ],
  [
    "a group lists a code that is not a country",
    { "country_groups.csv": swap("ES;FR;PT", "ES;FR;PX") },
    [
      "content/country_groups.csv:2: countries 'PX' is not an ISO 3166-1 alpha-2 country code " +
        "(two capital letters, like PT)",
    ],
  ],
  [
    "a required value is missing",
    { "spots.csv": swap("1,pipeline,Banzai Pipeline", "1,pipeline,") },
    ["content/spots.csv:2: name is required"],
  ],
  [
    "a row without sources",
    { "spots.csv": swap("2026-11-01T00:00:00Z,https://sources.test/spots", "2026-11-01T00:00:00Z,") },
    [
      "content/spots.csv:2: sources is required: give one or more URLs of pages that show this row's facts, " +
        "separated by ; (content/README.md: Sources)",
    ],
  ],
  [
    "an event without sources",
    {
      "events.yaml": swap(
        "  called_on: [2027-01-22]\n  sources: https://sources.test/events\n",
        "  called_on: [2027-01-22]\n",
      ),
    },
    [
      "content/events.yaml:1: sources is required: give one or more URLs of pages that show this row's facts, " +
        "separated by ; (content/README.md: Sources)",
    ],
  ],
  [
    "a source that is not a URL",
    { "quotes.csv": swap("https://sources.test/quotes", "the surfer's blog") },
    ["content/quotes.csv:2: sources 'the surfer's blog' is not an http(s) URL"],
  ],
  [
    "an area names a region no spot of its country has, and an unknown spot",
    { "areas.csv": (text) => `${text}Hawaii,,US,Oahuu,\nGold Coast,,,,kira\n` },
    [
      "content/areas.csv:2: region 'Oahuu' is not the region of any US spot in spots.csv; did you mean 'Oahu'?",
      "content/areas.csv:3: spot 'kira' is not in content/spots.csv",
    ],
  ],
  [
    "a number is out of range",
    { "spots.csv": swap("21.6650", "123.4") },
    ["content/spots.csv:2: latitude 123.4 is out of range [-90, 90]"],
  ],
  [
    "a number is not a number",
    { "spots.csv": swap("-158.0530", "west") },
    ["content/spots.csv:2: longitude 'west' is not a decimal number like 21.665"],
  ],
  [
    "an id is not a whole number",
    { "tags.csv": swap("2,big-wave", "2.5,big-wave") },
    ["content/tags.csv:3: id '2.5' is not a whole number"],
  ],
  [
    "a column is unknown, with a suggestion",
    { "spots.csv": swap(",latitude,", ",lattitude,") },
    [
      "content/spots.csv:1: unknown column 'lattitude'; did you mean 'latitude'?",
      "content/spots.csv:1: missing column 'latitude'",
    ],
  ],
  [
    "a column appears twice",
    { "tags.csv": swap("id,slug,name", "id,slug,name,name") },
    ["content/tags.csv:1: column 'name' appears twice"].concat(
      [2, 3, 4].map((line) => `content/tags.csv:${line}: has 3 cells but the header has 4 columns ${COMMA_HINT}`),
    ),
  ],
  [
    "a row has an unquoted comma",
    { "tags.csv": swap("2,big-wave,Big wave", "2,big-wave,Big, wave") },
    [`content/tags.csv:3: has 4 cells but the header has 3 columns ${COMMA_HINT}`],
  ],
  [
    "an id is used twice",
    { "tags.csv": swap("3,reef-break", "2,reef-break") },
    ["content/tags.csv:4: id '2' is already used on line 3"],
  ],
  [
    "a slug is used twice",
    { "quotes.csv": swap("2,second,", "2,first,") },
    ["content/quotes.csv:3: slug 'first' is already used on line 2"],
  ],
  [
    "a spot and a surfer are linked twice",
    { "spot_surfers.csv": (text) => `${text}pipeline,gerry-lopez,won here\n` },
    ["content/spot_surfers.csv:4: spot 'pipeline' and surfer 'gerry-lopez' are already linked on line 2"],
  ],
  [
    "a slug is malformed",
    { "spots.csv": swap("4,no-coordinates,", "4,No Coordinates,") },
    [
      "content/spot_images.csv:6: spot 'no-coordinates' is not in content/spots.csv; did you mean 'No Coordinates'?",
      "content/spots.csv:5: slug 'No Coordinates' is not a slug: " +
        "use lowercase letters and digits joined by single hyphens, like 'bells-beach'",
    ],
  ],
  [
    "a spot slug is reserved by a route",
    { "spots.csv": swap("4,no-coordinates,", "4,map,"), "spot_images.csv": swap("5,no-coordinates,", "5,map,") },
    ["content/spots.csv:5: slug 'map' is reserved by the route /api/spots/map; choose another"],
  ],
  [
    "a surfer slug is reserved by a route",
    {
      "surfers.csv": swap("2,gerry-lopez,", "2,meta,"),
      "surfer_images.csv": swap("2,gerry-lopez,", "2,meta,"),
      "spot_surfers.csv": swap("pipeline,gerry-lopez", "pipeline,meta"),
      "events.yaml": swap("surfer: gerry-lopez", "surfer: meta"),
    },
    ["content/surfers.csv:3: slug 'meta' is reserved by the route /api/surfers/meta; choose another"],
  ],
  [
    "a country code is not ISO 3166-1",
    { "spots.csv": swap(",PT,Leiria,", ",XX,Leiria,") },
    ["content/spots.csv:3: country_code 'XX' is not an ISO 3166-1 alpha-2 country code (two capital letters, like PT)"],
  ],
  [
    "a country code is lowercase",
    { "surfers.csv": swap("Duke Kahanamoku,US", "Duke Kahanamoku,us") },
    [
      "content/surfers.csv:2: country_code 'us' is not an ISO 3166-1 alpha-2 country code " +
        "(two capital letters, like PT)",
    ],
  ],
  [
    "only one coordinate is given",
    { "spots.csv": swap("-17.8870,177.1870", "-17.8870,") },
    ["content/spots.csv:4: latitude and longitude go together: give both or neither"],
  ],
  [
    "coordinates in another country (a dropped minus sign)",
    { "spots.csv": swap("39.6050,-9.0860", "39.6050,9.0860") },
    [
      "content/spots.csv:3: latitude, longitude 39.605, 9.086 lie in IT, not in PT; " +
        "check the coordinates (a swapped sign?) or country_code",
    ],
  ],
  [
    "coordinates at sea, far from the country",
    { "spots.csv": swap("21.6650,-158.0530", "21.6650,-148.0530") },
    [
      "content/spots.csv:2: latitude, longitude 21.665, -148.053 lie at sea outside US: " +
        "no country's waters are within 370 km; check the coordinates or country_code",
    ],
  ],
  [
    "a town-level row names a place its country's gazetteer does not have",
    { "spots.csv": swap("-17.8870,177.1870,break,", "-17.8870,177.1870,town,Atlantis") },
    [
      "content/spots.csv:4: location_place 'Atlantis' is not a gazetteer place in FJ (the gazetteer has it in " +
        'ZA, US); run `npm run locate -- "Atlantis" FJ` to find its name',
    ],
  ],
  [
    "a town-level row's coordinates are not of its place",
    { "spots.csv": swap("-17.8870,177.1870,break,", "-17.8870,177.1870,town,Nadi") },
    [
      "content/spots.csv:4: latitude, longitude -17.887, 177.187 are not within 10 km of 'Nadi' in FJ: " +
        "Nadi (FJ, admin1 05, 42,284 people) at -17.8031, 177.4162 26 km away; " +
        'run `npm run locate -- "Nadi" FJ` and copy its coordinates',
    ],
  ],
  [
    "an editor's place outside its country",
    { "places.csv": swap("-34.1431,18.3230", "34.1431,18.3230") },
    [
      "content/places.csv:2: latitude, longitude 34.1431, 18.323 lie at sea outside ZA: " +
        "the nearest country's waters, about 100 km away, are LY's; check the coordinates or country_code",
    ],
  ],
  [
    "an editor's place that GeoNames already has",
    { "places.csv": swap("Kommetjie,ZA,-34.1431,18.3230", "Simon's Town,ZA,-34.1930,18.4350") },
    [
      "content/places.csv:2: GeoNames already has Simon's Town (ZA, admin1 11) at -34.1934, 18.4358: " +
        "use it in spots.csv and remove this row",
    ],
  ],
  [
    "an event marked provisional whose summary does not say so",
    { "events.yaml": swap("  end_date: 2027-02-08\n", "  end_date: 2027-02-08\n  provisional: true\n") },
    [
      "content/events.yaml:13: a provisional event's summary says so too, " +
        "like 'Dates provisional, following the 2026 calendar slot.'",
    ],
  ],
  [
    "an event whose summary calls its dates provisional, not marked so",
    {
      "events.yaml": swap(
        "  country: US\n  spot: pipeline\n",
        "  country: US\n  spot: pipeline\n  summary: Dates provisional.\n",
      ),
    },
    [
      "content/events.yaml:24: the summary calls the dates provisional: add provisional: true " +
        "(or reword the summary if they are published)",
    ],
  ],
  [
    "provisional is not a boolean",
    { "events.yaml": swap("  end_date: 2027-02-08\n", "  end_date: 2027-02-08\n  provisional: maybe\n") },
    ["content/events.yaml:19: provisional 'maybe' must be true or false"],
  ],
  [
    "a timestamp is malformed",
    { "spots.csv": swap("2026-11-01T00:00:00Z,2026-11-02T00:00:00Z", "2026-11-01,2026-11-02T00:00:00Z") },
    ["content/spots.csv:3: created_at '2026-11-01' is not a UTC timestamp like 2026-03-01T00:00:00Z"],
  ],
  [
    "updated before created",
    { "spots.csv": swap("2026-11-01T00:00:00Z,2026-11-02T00:00:00Z", "2026-11-03T00:00:00Z,2026-11-02T00:00:00Z") },
    ["content/spots.csv:3: updated_at 2026-11-02T00:00:00Z is before created_at 2026-11-03T00:00:00Z"],
  ],
  [
    "a date is not a calendar day",
    { "clips.csv": swap("2025-01-01", "2025-02-30") },
    ["content/clips.csv:2: upload_date '2025-02-30' is not a date like 2027-04-01"],
  ],
  [
    "a URL is not http(s)",
    { "quotes.csv": swap("https://en.wikiquote.org/wiki/Duke_Kahanamoku", "ftp://example.org/duke") },
    ["content/quotes.csv:3: source_url 'ftp://example.org/duke' is not an http(s) URL"],
  ],
  [
    "best months that are not a range of three-letter months",
    { "spots.csv": swap(",reef,expert,Nov-Feb", ",reef,expert,November to February") },
    ["content/spots.csv:2: best_months 'November to February' is not a month range like Nov-Feb or one month like Jul"],
  ],
  [
    "a closed value set, with a suggestion",
    { "spots.csv": swap(",reef,expert,Nov-Feb", ",reeef,expert,Nov-Feb") },
    ["content/spots.csv:2: wave_type 'reeef' is not one of beach, reef, point, river-mouth; did you mean 'reef'?"],
  ],
  [
    "a yes/no value",
    { "clips.csv": swap("featured-clip.mp4,2024-06-01,yes", "featured-clip.mp4,2024-06-01,true") },
    ["content/clips.csv:3: featured 'true' must be yes or no"],
  ],
  [
    "a filterable value holds a comma",
    { "spots.csv": swap(",Oahu,", ',"Oahu, Hawaii",') },
    [
      "content/spots.csv:2: region 'Oahu, Hawaii' contains a comma; " +
        "filterable values cannot (the API reads a comma as a list of values)",
    ],
  ],
  [
    "a media key is a path",
    { "spot_images.csv": swap("spots/nazare/1.jpg", "/spots/nazare/1.jpg") },
    [
      "content/spot_images.csv:4: key '/spots/nazare/1.jpg' is not an object key like spots/pipeline/1.jpg " +
        "(no leading slash, spaces or '..')",
    ],
  ],
  [
    "a spot has no image",
    { "spot_images.csv": swap("5,no-coordinates,spots/no-coordinates/1.jpg,,0,,bronze\n", "") },
    ["content/spots.csv:5: spot 'no-coordinates' has no image; add one to content/spot_images.csv"],
  ],
  [
    "a spot's tag does not exist",
    { "spots.csv": swap("barrel;reef-break", "barel;reef-break") },
    ["content/spots.csv:2: tag 'barel' is not in content/tags.csv; did you mean 'barrel'?"],
  ],
  [
    "an image's spot does not exist",
    { "spot_images.csv": swap("3,nazare,", "3,nazaree,") },
    [
      "content/spot_images.csv:4: spot 'nazaree' is not in content/spots.csv; did you mean 'nazare'?",
      "content/spots.csv:3: spot 'nazare' has no image; add one to content/spot_images.csv",
    ],
  ],
  [
    "a link's surfer does not exist",
    { "spot_surfers.csv": swap("pipeline,gerry-lopez", "pipeline,gerry-lopes") },
    ["content/spot_surfers.csv:2: surfer 'gerry-lopes' is not in content/surfers.csv; did you mean 'gerry-lopez'?"],
  ],
  [
    "a quote's surfer does not exist",
    { "quotes.csv": swap(",duke-kahanamoku,yes", ",duke,yes") },
    ["content/quotes.csv:3: surfer 'duke' is not in content/surfers.csv"],
  ],
  [
    "death before birth",
    { "surfers.csv": swap("1890,1968", "1990,1968") },
    ["content/surfers.csv:2: death_year 1968 is before birth_year 1990"],
  ],
  [
    "an event's organization does not exist",
    { "events.yaml": swap("  org: eddie\n", "  org: edie\n") },
    ["content/events.yaml:3: org 'edie' is not in content/organizations.yaml; did you mean 'eddie'?"],
  ],
  [
    "an event's spot does not exist",
    { "events.yaml": swap("spot: pipeline", "spot: pipe-line") },
    ["content/events.yaml:23: spot 'pipe-line' is not in content/spots.csv; did you mean 'pipeline'?"],
  ],
  [
    "an event ends before it starts",
    { "events.yaml": swap("end_date: 2027-02-08", "end_date: 2027-01-08") },
    ["content/events.yaml:18: end_date 2027-01-08 is before start_date 2027-01-27"],
  ],
  [
    "an unknown time zone",
    {
      "events.yaml": swap(
        "time_zone: Pacific/Honolulu\n  location: Waimea",
        "time_zone: Hawaii/Waimea\n  location: Waimea",
      ),
    },
    ["content/events.yaml:8: time_zone 'Hawaii/Waimea' is not an IANA time zone like Australia/Melbourne"],
  ],
  [
    "a window type outside the closed set",
    { "events.yaml": swap("window_type: scheduled", "window_type: fixed") },
    ["content/events.yaml:19: window_type 'fixed' is not one of scheduled, holding-period"],
  ],
  [
    "a called-on day outside the window",
    { "events.yaml": swap("called_on: [2027-01-22]", "called_on: [2027-04-22]") },
    ["content/events.yaml:11: called_on day 2027-04-22 is outside the window 2026-12-15 to 2027-03-15"],
  ],
  [
    "called-on days on a scheduled event",
    { "events.yaml": swap("  spot: pipeline\n", "  spot: pipeline\n  called_on: [2027-01-28]\n") },
    ["content/events.yaml:24: called_on is only for holding-period events; a scheduled event runs on all its days"],
  ],
  [
    "a podium surfer does not exist",
    { "events.yaml": swap("surfer: gerry-lopez", "surfer: gerry") },
    ["content/events.yaml:27: surfer 'gerry' is not in content/surfers.csv"],
  ],
  [
    "an unknown YAML key, with a suggestion",
    { "organizations.yaml": swap("social_handle: wsl", "socialhandle: wsl") },
    ["content/organizations.yaml:4: unknown key 'socialhandle'; did you mean 'social_handle'?"],
  ],
  [
    "YAML that does not parse",
    { "organizations.yaml": swap("- slug: eddie", "- slug: [eddie") },
    [
      "content/organizations.yaml:7: cannot read the YAML: " +
        "Flow sequence in block collection must be sufficiently indented and end with a ]",
      // The unclosed `[` swallows the next line too, whose URL holds a colon.
      "content/organizations.yaml:7: cannot read the YAML: Nested mappings are not allowed in compact mappings",
      "content/organizations.yaml:7: cannot read the YAML: Implicit keys need to be on a single line",
    ],
  ],
  ["a missing file", { "social.yaml": () => null }, ["content/social.yaml:1: the file is missing"]],
  [
    "a list that is not a list",
    { "social.yaml": swap('scored_accounts: [wsl, "@another"]', "scored_accounts: wsl") },
    ["content/social.yaml:4: scored_accounts must be a list of account handles, like [wsl]"],
  ],
];

describe("each validation rule reports its exact message and file:line", () => {
  it.each(cases)("%s", (_rule, edits, expected) => {
    expect(problemsAfter(edits)).toEqual(expected);
  });
});

describe("where spots are", () => {
  const valid: [where: string, edits: Record<string, Edit>][] = [
    [
      "an offshore bank, outside coastal waters (Cortes Bank, US)",
      {
        "spots.csv": swap("21.6650,-158.0530", "32.4333,-119.1167"),
      },
    ],
    [
      "a territory under its own code and its country's (Rincón, PR)",
      {
        "spots.csv": swap("US,Oahu,21.6650,-158.0530", "PR,Oahu,18.3403,-67.2500"),
      },
    ],
    [
      "a town-level row at an editor's place (places.csv)",
      {
        "spots.csv": swap("FJ,Mamanuca,-17.8870,177.1870,break,", "ZA,Western Cape,-34.1431,18.3230,town,Kommetjie"),
      },
    ],
    [
      "a town-level row at its gazetteer place, its name typed without the accent",
      {
        "spots.csv": swap("39.6050,-9.0860,break,", "39.6029,-9.0684,town,Nazare"),
      },
    ],
  ];
  it.each(valid)("accepts %s", (_where, edits) => {
    expect(problemsAfter(edits)).toEqual([]);
  });
});

describe("files a checkout may carry", () => {
  it("accepts a UTF-8 byte-order mark and CRLF line ends", () => {
    const toWindows: Edit = (text) => `\uFEFF${text.replace(/\n/g, "\r\n")}`;
    expect(problemsAfter({ "spots.csv": toWindows, "events.yaml": toWindows, "tags.csv": toWindows })).toEqual([]);
  });

  it("still gives the right line after a quoted cell that spans two lines", () => {
    const problems = problemsAfter({
      "spots.csv": (text) =>
        text
          .replace(
            '"A shallow left over reef, on the North Shore."',
            '"A shallow left over reef,\non the North Shore."',
          )
          .replace("-9.0860", "-999"),
    });
    expect(problems).toEqual(["content/spots.csv:4: longitude -999 is out of range [-180, 180]"]);
  });
});
