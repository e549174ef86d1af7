/**
 * The closed sets of values editors choose from. content/README.md lists the same
 * values; a typo in content is caught by the build with a did-you-mean.
 */
export const WAVE_TYPES = ["beach", "reef", "point", "river-mouth"] as const;
/**
 * How close a spot's coordinates are to its wave: `break` from a page that prints them (about 1 km),
 * `town` from the gazetteer's entry for the place its sources name (about 10 km).
 */
export const LOCATION_PRECISIONS = ["break", "town"] as const;
export const SKILL_LEVELS = ["beginner", "intermediate", "advanced", "expert"] as const;
/** In ranking order: lists show iconic first, then regional, then the rest. */
export const TIERS = ["iconic", "regional", "local"] as const;
export const QA_TIERS = ["gold", "silver", "bronze"] as const;
export const STANCES = ["regular", "goofy"] as const;
export const DISCIPLINES = ["shortboard", "longboard", "big-wave", "bodyboard"] as const;
export const ERAS = ["pioneer", "longboard", "shortboard", "pro-tour", "modern", "current"] as const;
export const RELATIONS = ["home break", "won here", "pioneered", "big-wave record", "signature wave"] as const;
export const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
/**
 * What a row of query_words.csv names: a query parameter, a season (read as months), the
 * words that introduce a place (`near`), or words that only name what is listed (`filler`).
 */
export const QUERY_WORD_PARAMS = [
  "wave_type",
  "skill_level",
  "tag",
  "tier",
  "discipline",
  "era",
  "stance",
  "month",
  "season",
  "near",
  "filler",
] as const;
export const QUOTE_CATEGORIES = ["philosophy", "ocean", "big-wave", "competition", "craft", "humour"] as const;
export const TOURS = [
  "championship-tour",
  "challenger-series",
  "qualifying-series",
  "longboard-tour",
  "big-wave",
  "olympics",
  "world-games",
] as const;

/** Slugs the routes use: `/api/spots/map`, `/api/spots/meta`, `/api/surfers/meta`. */
export const RESERVED_SPOT_SLUGS = ["map", "meta"] as const;
export const RESERVED_SURFER_SLUGS = ["meta"] as const;
