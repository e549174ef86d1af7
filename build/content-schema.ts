/** The columns of every content file (content/README.md documents the same). */

import { WINDOW_TYPES } from "../core/resources.ts";
import {
  country,
  date,
  decimal,
  filterable,
  integer,
  listOf,
  mediaKey,
  monthRange,
  oneOf,
  optional,
  required,
  slug,
  text,
  timestamp,
  timeZone,
  trueFalse,
  url,
  yesNo,
} from "./fields.ts";
import {
  DISCIPLINES,
  ERAS,
  LOCATION_PRECISIONS,
  QA_TIERS,
  QUERY_WORD_PARAMS,
  QUOTE_CATEGORIES,
  RELATIONS,
  SKILL_LEVELS,
  STANCES,
  TIERS,
  TOURS,
  WAVE_TYPES,
} from "./vocabulary.ts";

const id = required(integer(1, 2 ** 31 - 1));
/** Every fact has a source: one or more pages that show it, so the next editor can check it. */
const sources = required(
  listOf(url),
  "give one or more URLs of pages that show this row's facts, separated by ; (content/README.md: Sources)",
);
const year = optional(integer(1800, 2100));

export const spotSchema = {
  id,
  slug: required(slug),
  name: required(text),
  country_code: required(country),
  region: optional(filterable),
  latitude: optional(decimal(-90, 90)),
  longitude: optional(decimal(-180, 180)),
  location_precision: optional(oneOf(LOCATION_PRECISIONS)),
  location_place: optional(text),
  wave_type: optional(oneOf(WAVE_TYPES)),
  skill_level: optional(oneOf(SKILL_LEVELS)),
  best_months: optional(monthRange),
  tier: optional(oneOf(TIERS)),
  summary: optional(text),
  tags: required(listOf(slug)),
  aliases: optional(listOf(text)),
  sources,
  created_at: required(timestamp),
  updated_at: required(timestamp),
};

export const tagSchema = { id, slug: required(slug), name: required(text) };

/** A larger place people search for, and the regions (of one country) and spots that lie in it. */
export const areaSchema = {
  area: required(text),
  aliases: optional(listOf(text)),
  country_code: optional(country),
  regions: optional(listOf(filterable)),
  spots: optional(listOf(slug)),
};

/**
 * A village, island or beach the GeoNames packages lack, which a spot's sources name as where it
 * breaks (places.csv): its coordinates are those a cited page prints for the place.
 */
export const placeSchema = {
  name: required(text),
  country_code: required(country),
  latitude: required(decimal(-90, 90)),
  longitude: required(decimal(-180, 180)),
  source: required(url, "give the URL of a page that prints this place's coordinates"),
};

/** A continent or well-known group of countries a query may name (country_groups.csv). */
export const countryGroupSchema = {
  group: required(text),
  aliases: optional(listOf(text)),
  countries: required(listOf(country)),
};

/** A country's other names and demonyms, beyond the names i18n-iso-countries knows (country_names.csv). */
export const countryNameSchema = { country_code: required(country), names: required(listOf(text)) };

/** Plain words for a value of a closed vocabulary, a season, `near`, or filler (query_words.csv). */
export const queryWordSchema = {
  param: required(oneOf(QUERY_WORD_PARAMS)),
  value: required(text),
  words: required(listOf(text)),
};

const imageColumns = {
  id,
  key: required(mediaKey),
  alt_text: optional(text),
  sort_order: required(integer(0, 1_000_000)),
  credit: optional(text),
  qa_tier: required(oneOf(QA_TIERS)),
};
export const spotImageSchema = { ...imageColumns, spot: required(slug) };
export const surferImageSchema = { ...imageColumns, surfer: required(slug) };

export const surferSchema = {
  id,
  slug: required(slug),
  name: required(text),
  country_code: required(country),
  region: optional(filterable),
  birth_year: year,
  death_year: year,
  stance: optional(oneOf(STANCES)),
  discipline: optional(oneOf(DISCIPLINES)),
  era: optional(oneOf(ERAS)),
  tier: optional(oneOf(TIERS)),
  summary: optional(text),
  aliases: optional(listOf(text)),
  sources,
};

export const spotSurferSchema = { spot: required(slug), surfer: required(slug), relation: optional(oneOf(RELATIONS)) };

export const quoteSchema = {
  id,
  slug: required(slug),
  text: required(text),
  author: optional(text),
  category: optional(oneOf(QUOTE_CATEGORIES)),
  source_url: optional(url),
  credit: optional(text),
  surfer: optional(slug),
  featured: required(yesNo),
  sources,
};

export const clipSchema = {
  slug: required(slug),
  title: required(text),
  key: required(mediaKey),
  upload_date: required(date),
  featured: required(yesNo),
};

export const organizationSchema = {
  slug: required(slug),
  name: required(text),
  url: optional(url),
  social_handle: optional(text),
  sources,
};

/** `called_on` and `results` are nested; they are read by the events reader. */
export const eventSchema = {
  slug: required(slug),
  name: required(text),
  org: required(slug),
  tour: optional(oneOf(TOURS)),
  start_date: required(date),
  end_date: required(date),
  /** The dates follow the organizer's usual slot, not published ones; false when absent. */
  provisional: optional(trueFalse),
  window_type: required(oneOf(WINDOW_TYPES)),
  time_zone: required(timeZone),
  location: required(text),
  country: optional(country),
  spot: optional(slug),
  url: optional(url),
  source_url: optional(url),
  summary: optional(text),
  sources,
};

export const podiumSchema = { place: required(integer(1, 100)), name: required(text), surfer: optional(slug) };

export const socialAccountSchema = { username: required(text), profile_url: required(url) };
