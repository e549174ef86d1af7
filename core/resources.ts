/**
 * The resources of the API as `spec/api.md` defines them, field for field. The build
 * produces them and the runtime serves them unchanged.
 */

/** `break`: within about 1 km of the wave, from a page that prints it; `town`: the place its sources name. */
export type LocationPrecision = "break" | "town";

export interface Spot {
  id: number;
  slug: string;
  name: string;
  country_code: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  /** How close the coordinates are to the wave (decisions.md: Location precision); null without coordinates. */
  location_precision: LocationPrecision | null;
  summary: string | null;
  wave_type: string | null;
  skill_level: string | null;
  best_months: string | null;
  tier: string | null;
  created_at: string;
  updated_at: string;
  hero_image: string | null;
  hero_qa_tier: string | null;
}

export interface SpotMarker {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  summary: string | null;
  hero_image: string | null;
  hero_qa_tier: string | null;
  wave_type: string | null;
  tier: string | null;
}

export interface Surfer {
  id: number;
  slug: string;
  name: string;
  country_code: string | null;
  region: string | null;
  birth_year: number | null;
  death_year: number | null;
  stance: string | null;
  discipline: string | null;
  era: string | null;
  summary: string | null;
  tier: string | null;
  hero_image: string | null;
}

export interface Image {
  id: number;
  url: string;
  alt_text: string | null;
  sort_order: number;
  credit: string | null;
}

export interface Tag {
  id: number;
  /** The value of the `tag` filter. */
  slug: string;
  name: string;
}

export interface LinkedSurfer {
  slug: string;
  name: string;
  relation: string | null;
}

export interface LinkedSpot {
  slug: string;
  name: string;
  region: string | null;
  country_code: string | null;
  relation: string | null;
}

export interface FacetCount {
  value: string;
  count: number;
  /** Tags only: the tag's name, for a UI to show (its value is the slug the filter takes). */
  label?: string;
}

export interface Quote {
  slug: string;
  text: string;
  author: string | null;
  category: string | null;
  sourceUrl: string | null;
  credit: string | null;
  surferSlug: string | null;
}

export interface Clip {
  slug: string;
  title: string;
  src: string;
  uploadDate: string;
  featured: boolean;
}

export const EVENT_STATUSES = ["upcoming", "live", "window-open", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const WINDOW_TYPES = ["scheduled", "holding-period"] as const;
export type WindowType = (typeof WINDOW_TYPES)[number];

export interface PodiumPlace {
  place: number;
  name: string;
  surferSlug: string | null;
}

export interface EventResults {
  men: PodiumPlace[];
  women: PodiumPlace[];
}

export interface SurfEvent {
  slug: string;
  name: string;
  org: string;
  orgName: string | null;
  tour: string | null;
  startDate: string;
  endDate: string;
  windowType: WindowType;
  /** The IANA time zone its dates and status are reckoned in. */
  timeZone: string;
  location: string;
  country: string | null;
  spotSlug: string | null;
  url: string | null;
  sourceUrl: string | null;
  summary: string | null;
  status: EventStatus;
  results: EventResults | null;
}
