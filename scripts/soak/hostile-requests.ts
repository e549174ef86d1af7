/**
 * Generators of hostile requests for the property tests (and the soak script's larger
 * run): every endpoint, every method, malformed and adversarial query strings and slugs.
 */
import fc from "fast-check";

export const ENDPOINTS = [
  "/api/spots",
  "/api/spots/map",
  "/api/spots/meta",
  "/api/spots/pipeline",
  "/api/surfers",
  "/api/surfers/meta",
  "/api/surfers/kelly-slater",
  "/api/quotes",
  "/api/quotes/random",
  "/api/clips",
  "/api/events",
  "/api/events/live-media",
  "/api/social/feed",
  "/api/social/accounts",
  "/api/openapi.json",
  "/api/docs",
];

const DECLARED = [
  "limit",
  "offset",
  "q",
  "country",
  "region",
  "wave_type",
  "skill_level",
  "tag",
  "tier",
  "bbox",
  "discipline",
  "era",
  "category",
  "surfer",
  "org",
  "tour",
  "year",
  "status",
];
const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
  "valueOf",
  "[]",
  "a[b]",
  "",
  "%",
  "%zz",
  "%00",
];

const hostileValue = fc.oneof(
  fc.constantFrom(
    "1e309",
    "-1e309",
    "99999999999999999999",
    "-1",
    "0",
    "0.5",
    "1e2",
    "0x10",
    "NaN",
    "Infinity",
    "-Infinity",
    "+5",
    " 5",
    "5 ",
    "PT,ES",
    "PT,,ES",
    ",",
    ",,,",
    "pt",
    "XX",
    "Portugal",
    "🏄",
    "Nazaré",
    "teahupo'o",
    "\u0000",
    "\u0007",
    "\u202e",
    "\ud800",
    "%",
    "%zz",
    "%E0%A4%A",
    "%00",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "-25,170,-10,-170",
    "1,2,3,4,5",
    "iconic",
    "reef",
    "2027",
    "upcoming",
    "window-open",
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant("x".repeat(10_000)),
);

/** Percent-encoding, or the raw text when it cannot be encoded (a lone surrogate). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A raw query string: pairs, sometimes percent-encoded, sometimes raw (and malformed). */
export const hostileQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...DECLARED), fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })),
      hostileValue,
      fc.boolean(),
    ),
    { maxLength: 5 },
  )
  .map((pairs) =>
    pairs.map(([key, value, encoded]) => (encoded ? `${encode(key)}=${encode(value)}` : `${key}=${value}`)).join("&"),
  );

export const hostileSlug = fc.oneof(
  fc.constantFrom(
    "pipeline",
    "kelly-slater",
    "..",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e",
    "a%00b",
    "a--b",
    "-a",
    "a-",
    "A",
    "x".repeat(101),
    "map",
    "meta",
    "%",
    "%zz",
    "💥",
  ),
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  fc.string({ maxLength: 40 }).map(encode),
);

export const method = fc.oneof(
  { weight: 6, arbitrary: fc.constant("GET") },
  { weight: 1, arbitrary: fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS") },
);

/** A path and query: a known endpoint with a hostile query, a detail route with a hostile slug, or junk. */
export const hostilePath = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom(...ENDPOINTS), hostileQuery)
      .map(([path, query]) => (query ? `${path}?${query}` : path)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("/api/spots/", "/api/surfers/"), hostileSlug)
      .map(([prefix, slug]) => prefix + slug),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((junk) => `/api/${encode(junk)}`) },
);

/** What an error body may never reveal: stacks, file paths, library names. */
export const LEAKS =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\/root\/|runtime\/|\.ts\b|\bh3\b|Boom|(Type|Reference|Syntax)Error|stack/i;
