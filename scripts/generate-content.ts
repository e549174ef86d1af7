/**
 * Synthetic catalog content at any size, in the ordinary content/ format, so the
 * normal build and server run on it unchanged (for benchmarks and load tests):
 *
 *   tsx scripts/generate-content.ts --spots 100000 --out /tmp/content-100k [--surfers N] [--seed 1]
 *
 * Spots and surfers are invented (names from syllables, coordinates along real
 * coastlines' latitudes and inside their country, as the build checks, real country codes,
 * the real tag vocabulary); tags, quotes,
 * clips, events, organizations and social configuration are copied from content/.
 * The same arguments always write the same files.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { iso1A2Codes } from "@rapideditor/country-coder";
import { isMainModule } from "../runtime/main-module.ts";

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Countries with a weight roughly proportional to how many surf spots they have. */
const COUNTRIES: [code: string, weight: number, regions: string[], lat: [number, number], lng: [number, number]][] = [
  ["US", 20, ["California", "Oahu", "Maui", "Florida", "Oregon", "New Jersey"], [19, 47], [-160, -70]],
  ["AU", 14, ["New South Wales", "Queensland", "Victoria", "Western Australia", "Tasmania"], [-43, -12], [113, 153]],
  ["PT", 6, ["Leiria", "Lisbon", "Faro", "Porto", "Azores"], [37, 42], [-25, -8]],
  ["ES", 5, ["Bizkaia", "Gipuzkoa", "Cantabria", "Lanzarote", "Asturias"], [28, 44], [-16, -1]],
  ["FR", 5, ["Landes", "Pyrénées-Atlantiques", "Gironde", "Bretagne"], [43, 49], [-5, -1]],
  ["ID", 10, ["Bali", "Lombok", "Sumbawa", "Mentawai", "Java"], [-9, 1], [95, 120]],
  ["BR", 8, ["Rio de Janeiro", "Santa Catarina", "São Paulo", "Pernambuco"], [-30, -5], [-50, -34]],
  ["MX", 5, ["Oaxaca", "Baja California Sur", "Nayarit", "Guerrero"], [15, 32], [-117, -95]],
  ["PE", 3, ["La Libertad", "Piura", "Lima"], [-14, -4], [-81, -76]],
  ["ZA", 4, ["Eastern Cape", "Western Cape", "KwaZulu-Natal"], [-35, -28], [18, 32]],
  ["JP", 4, ["Chiba", "Miyazaki", "Shizuoka", "Kochi"], [31, 36], [130, 141]],
  ["NZ", 3, ["Waikato", "Auckland", "Otago", "Taranaki"], [-46, -35], [168, 178]],
  ["MA", 2, ["Souss-Massa", "Rabat-Salé-Kénitra"], [29, 35], [-10, -6]],
  ["CR", 3, ["Guanacaste", "Puntarenas", "Limón"], [8, 11], [-86, -82]],
  ["FJ", 0.5, ["Mamanuca", "Viti Levu"], [-19, -16], [177, 180]],
  ["WS", 0.3, ["Upolu", "Savai'i"], [-14.5, -13.4], [-172.8, -171.3]],
  ["IE", 2, ["Sligo", "Clare", "Donegal"], [51, 55], [-10, -8]],
  ["GB", 3, ["Cornwall", "Devon", "Highland"], [50, 59], [-6, -2]],
  ["LK", 1, ["Eastern Province", "Southern Province"], [5.9, 7.5], [79.8, 81.9]],
  ["CL", 2, ["Maule", "O'Higgins", "Arica y Parinacota"], [-38, -18], [-74, -70]],
];
const TOTAL_WEIGHT = COUNTRIES.reduce((sum, [, weight]) => sum + weight, 0);
const SYLLABLES = [
  "ka",
  "lo",
  "ma",
  "na",
  "pu",
  "ri",
  "ta",
  "wai",
  "mea",
  "ho",
  "lu",
  "sa",
  "ba",
  "co",
  "de",
  "el",
  "gra",
  "vi",
  "ere",
  "zul",
  "mon",
  "ta",
  "ña",
  "pé",
  "rou",
  "ko",
  "ah",
  "ini",
];
const SPOT_WORDS = [
  "Point",
  "Reef",
  "Beach",
  "Bay",
  "Rocks",
  "Bowl",
  "Pass",
  "Left",
  "Rights",
  "Cove",
  "Lighthouse",
  "Bar",
];
const WAVE_TYPES = ["beach", "reef", "point", "river-mouth"];
const SKILLS = ["beginner", "intermediate", "advanced", "expert"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const FIRST_NAMES = [
  "Kai",
  "Leilani",
  "João",
  "Mia",
  "Tomás",
  "Aroha",
  "Jack",
  "Sofía",
  "Kanoa",
  "Maëlle",
  "Ethan",
  "Nalu",
  "Inês",
  "Yago",
  "Sally",
];
const SUMMARY_PARTS = [
  "A consistent wave that works on most tides",
  "breaks over a shallow reef and barrels on bigger swells",
  "a sand-bottom peak with lefts and rights",
  "best on a long-period groundswell with offshore winds",
  "popular with locals at dawn",
  "reached by a short walk along the cliffs",
  "holds size when the rest of the coast closes out",
];

function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const row = (values: (string | number | null)[]) => values.map(csvCell).join(",");

export function generateContent(spotCount: number, surferCount: number, outDir: string, seed = 1): void {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const pickCountry = () => {
    let left = next() * TOTAL_WEIGHT;
    for (const country of COUNTRIES) {
      left -= country[1];
      if (left < 0) return country;
    }
    return COUNTRIES[0];
  };
  const word = (syllables: number) => {
    const text = Array.from({ length: syllables }, () => pick(SYLLABLES)).join("");
    return text[0].toUpperCase() + text.slice(1);
  };
  /** A point of the box that lies in the country (its land or coastal waters), as latitude and longitude text. */
  const pointIn = (country: string, lat: [number, number], lng: [number, number]): [string, string] => {
    for (;;) {
      const latitude = (lat[0] + next() * (lat[1] - lat[0])).toFixed(4);
      const longitude = (lng[0] + next() * (lng[1] - lng[0])).toFixed(4);
      if (iso1A2Codes([Number(longitude), Number(latitude)]).includes(country)) return [latitude, longitude];
    }
  };
  const sentence = () => `${pick(SUMMARY_PARTS)}, ${pick(SUMMARY_PARTS)}.`;
  mkdirSync(outDir, { recursive: true });

  const tagSlugs = [
    "barrel",
    "big-wave",
    "left",
    "right",
    "a-frame",
    "reef-break",
    "point-break",
    "beach-break",
    "river-mouth",
    "slab",
    "tow-in",
    "longboard-friendly",
    "beginner-friendly",
    "competition-venue",
    "crowded",
    "remote",
    "cold-water",
    "boat-access",
    "surf-town",
    "history",
  ];
  const spots: string[] = [
    "id,slug,name,country_code,region,latitude,longitude,location_precision,location_place,wave_type,skill_level," +
      "best_months,tier,summary,tags,aliases,sources,created_at,updated_at",
  ];
  const images: string[] = ["id,spot,key,alt_text,sort_order,credit,qa_tier"];
  const spotSlugs: string[] = [];
  const spotRegions = new Set<string>(); // "US Oahu": areas may only name regions some spot has
  let imageId = 1;
  for (let id = 1; id <= spotCount; id++) {
    const [country, , regions, lat, lng] = pickCountry();
    const region = pick(regions);
    spotRegions.add(`${country} ${region}`);
    const name = `${word(2 + Math.floor(next() * 2))} ${pick(SPOT_WORDS)}`;
    const slug = `${name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}-${id}`;
    spotSlugs.push(slug);
    const coordinates = next() > 0.02 ? pointIn(country, lat, lng) : null;
    const tier = next() < 0.05 ? "iconic" : next() < 0.4 ? "regional" : next() < 0.9 ? "local" : null;
    const tags = [...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(tagSlugs)))].join(";");
    const start = Math.floor(next() * 12);
    spots.push(
      row([
        id,
        slug,
        name,
        country,
        region,
        coordinates?.[0] ?? null,
        coordinates?.[1] ?? null,
        coordinates ? "break" : null,
        null,
        pick(WAVE_TYPES),
        pick(SKILLS),
        `${MONTHS[start]}-${MONTHS[(start + 3 + Math.floor(next() * 4)) % 12]}`,
        tier,
        sentence(),
        tags,
        next() < 0.1 ? `${name.split(" ")[0]}s` : null, // a nickname, as locals shorten names
        `https://synthetic.example/spots/${slug}`,
        "2026-11-01T00:00:00Z",
        "2026-11-01T00:00:00Z",
      ]),
    );
    const imageCount = 1 + Math.floor(next() * 3);
    for (let i = 0; i < imageCount; i++) {
      images.push(
        row([
          imageId++,
          slug,
          `spots/${slug}/${i + 1}.jpg`,
          `Waves at ${name}`,
          i,
          "Surf Catalog archive",
          pick(["gold", "silver", "bronze"]),
        ]),
      );
    }
  }

  const surfers: string[] = [
    "id,slug,name,country_code,region,birth_year,death_year,stance,discipline,era,tier,summary,aliases,sources",
  ];
  const surferImages: string[] = ["id,surfer,key,alt_text,sort_order,credit,qa_tier"];
  const links: string[] = ["spot,surfer,relation"];
  const eras = ["pioneer", "longboard", "shortboard", "pro-tour", "modern", "current"];
  for (let id = 1; id <= surferCount; id++) {
    const [country, , regions] = pickCountry();
    const name = `${pick(FIRST_NAMES)} ${word(3)}`;
    const slug = `${name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}-${id}`;
    const born = 1900 + Math.floor(next() * 105);
    surfers.push(
      row([
        id,
        slug,
        name,
        country,
        pick(regions),
        born,
        born < 1940 && next() < 0.7 ? born + 50 + Math.floor(next() * 40) : null,
        pick(["regular", "goofy", null]),
        pick(["shortboard", "longboard", "big-wave", "bodyboard"]),
        eras[Math.min(5, Math.floor((born - 1900) / 18))],
        next() < 0.1 ? "iconic" : next() < 0.5 ? "regional" : "local",
        `Surfer from ${pick(regions)}; ${sentence()}`,
        null,
        `https://synthetic.example/surfers/${slug}`,
      ]),
    );
    surferImages.push(
      row([id, slug, `surfers/${slug}/1.jpg`, `Portrait of ${name}`, 0, "Surf Catalog archive", "silver"]),
    );
    const linked = new Set<string>();
    for (let i = 0; i < 1 + Math.floor(next() * 3); i++) linked.add(pick(spotSlugs));
    for (const spot of linked)
      links.push(row([spot, slug, pick(["home break", "won here", "pioneered", "signature wave", null])]));
  }

  const write = (name: string, lines: string[]) => writeFileSync(path.join(outDir, name), `${lines.join("\n")}\n`);
  write("spots.csv", spots);
  // Larger places over the generated regions, as areas.csv maps the real ones (a small
  // catalog may have no spot in some of them: those regions, or the area, are left out).
  const areas: [area: string, aliases: string, country: string, regions: string[]][] = [
    ["Hawaii", "Hawaiian Islands", "US", ["Oahu", "Maui"]],
    ["Canary Islands", "Canaries", "ES", ["Lanzarote"]],
    ["Basque Country", "Euskadi", "ES", ["Bizkaia", "Gipuzkoa"]],
    ["East Coast", "", "US", ["Florida", "New Jersey"]],
  ];
  const areaRows = areas.flatMap(([area, aliases, country, regions]) => {
    const present = regions.filter((region) => spotRegions.has(`${country} ${region}`));
    return present.length > 0 ? [`${area},${aliases},${country},${present.join(";")},`] : [];
  });
  write("areas.csv", ["area,aliases,country_code,regions,spots", ...areaRows]);
  write("spot_images.csv", images);
  write("surfers.csv", surfers);
  write("surfer_images.csv", surferImages);
  write("spot_surfers.csv", links);
  // The rest is small and does not grow with the catalog: the real files, but for
  // references to real spots and surfers, which the synthetic catalog does not have.
  const understanding = ["country_groups.csv", "country_names.csv", "query_words.csv"];
  const small = ["tags.csv", "clips.csv", "organizations.yaml", "social.yaml", "places.csv", ...understanding];
  for (const name of small) copyFileSync(path.join("content", name), path.join(outDir, name));
  write("quotes.csv", [
    "id,slug,text,author,category,source_url,credit,surfer,featured,sources",
    "1,sample,A sample quote for load tests.,Surf Catalog,ocean,,,,yes,https://synthetic.example/quotes/sample",
  ]);
  writeFileSync(
    path.join(outDir, "events.yaml"),
    [
      "- slug: sample-event",
      "  name: Sample Event",
      "  org: wsl",
      "  start_date: 2027-04-01",
      "  end_date: 2027-04-10",
      "  window_type: scheduled",
      "  time_zone: Australia/Melbourne",
      "  location: Somewhere",
      "  sources: https://synthetic.example/events/sample-event",
      "",
    ].join("\n"),
  );
}

if (isMainModule(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      spots: { type: "string" },
      surfers: { type: "string" },
      out: { type: "string" },
      seed: { type: "string" },
    },
  });
  if (!values.spots || !values.out) {
    console.error("usage: tsx scripts/generate-content.ts --spots N --out DIR [--surfers N] [--seed N]");
    process.exit(2);
  }
  const spotCount = Number(values.spots);
  const surferCount = values.surfers ? Number(values.surfers) : Math.max(10, Math.round(spotCount / 10));
  generateContent(spotCount, surferCount, values.out, values.seed ? Number(values.seed) : 1);
  console.log(`Wrote ${spotCount} spots and ${surferCount} surfers to ${values.out}/`);
}
