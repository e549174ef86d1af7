/** Spots: joined with their images, tags and surfers, in default order, with their markers and indexes. */
import { compareCodePoints, compareNames } from "../../core/fold.ts";
import { groupBy } from "../../core/group-by.ts";
import { monthsOfRange } from "../../core/months.ts";
import type { Spot, SpotMarker } from "../../core/resources.ts";
import type { SearchExport, SearchSource } from "../../core/search-index.ts";
import type { SpotCollection, SpotEntry } from "../../core/snapshot-format.ts";
import { englishCountryNames } from "../countries.ts";
import type { Content } from "../read-content.ts";
import { areaNamesBySpot } from "./areas.ts";
import { compileCollection } from "./collection.ts";
import { compileFilter } from "./filters.ts";
import { clusterWorldInBackground, compileGeo, locatedSpots } from "./geo.ts";
import { compileImages } from "./media.ts";
import { compareByTierNameSlug } from "./order.ts";
import type { PiecesWriter } from "./pieces.ts";
import { indexInBackground } from "./search-thread.ts";

/** The spots' collection, its full-text index still being made on its thread at 100k. */
export type PendingSpots = Omit<SpotCollection, "search"> & { search: Promise<SearchExport> };

/**
 * The spots' collection, map markers and geo index. `content` is consumed: its spot images
 * are taken out of it. They, and the joined entries, are needed only until the entries are
 * serialized, and at catalog scale they are a large part of what would otherwise stay
 * alive through the build's peak (while the search and map threads work beside the main thread).
 */
export async function compileSpots(
  content: Content,
  mediaBaseUrl: string,
  pieces: PiecesWriter,
): Promise<PendingSpots> {
  const { collection, spots, search, points, world } = serializeSpotEntries(content, mediaBaseUrl, pieces);
  const markers = pieces.add(spots.map(markerJson));
  const geo = await compileGeo(points, world, pieces);
  return { ...collection, search, markers, geo };
}

/** The spots joined with their images, tags and surfers, in default order, serialized; their index started. */
function serializeSpotEntries(content: Content, mediaBaseUrl: string, pieces: PiecesWriter) {
  const tagsBySlug = new Map(content.tags.map(({ record }) => [record.slug, record]));
  const surfersBySlug = new Map(content.surfers.map(({ record }) => [record.slug, record]));
  const linksBySpot = groupBy(
    content.spotSurfers.map(({ record }) => record),
    (link) => link.spot,
  );

  // Images (and the hero image they give) come after the two threads are started.
  const entries: SpotEntry[] = content.spots.map(({ record }) => {
    const surfers = (linksBySpot.get(record.slug) ?? [])
      .map((link) => ({ slug: link.surfer, name: surfersBySlug.get(link.surfer)!.name, relation: link.relation }))
      .sort((a, b) => compareNames(a.name, b.name) || compareCodePoints(a.slug, b.slug));
    return {
      spot: {
        id: record.id,
        slug: record.slug,
        name: record.name,
        country_code: record.country_code,
        region: record.region,
        latitude: record.latitude,
        longitude: record.longitude,
        location_precision: record.location_precision,
        summary: record.summary,
        wave_type: record.wave_type,
        skill_level: record.skill_level,
        best_months: record.best_months,
        tier: record.tier,
        created_at: record.created_at,
        updated_at: record.updated_at,
        hero_image: null,
        hero_qa_tier: null,
      },
      images: [],
      tags: record.tags.map((slug) => ({ id: tagsBySlug.get(slug)!.id, slug, name: tagsBySlug.get(slug)!.name })),
      surfers,
    };
  });
  const tagSlugsById = new Map(content.tags.map(({ record }) => [record.id, record.slug]));
  const items = entries.sort((a, b) => compareByTierNameSlug(a.spot, b.spot));
  // The two threads' work depends only on the order and on what search reads: started as
  // early as that is known, they run beside the rest.
  const points = locatedSpots(items.map(({ spot }) => spot));
  const world = clusterWorldInBackground(points);
  const search = indexInBackground(spotSearchSources(items, tagSlugsById, spotSearchNames(content)));

  attachImages(items, content.spotImages.splice(0), mediaBaseUrl);

  const filters = {
    country: compileFilter(items, ({ spot }) => [spot.country_code]),
    region: compileFilter(items, ({ spot }) => [spot.region]),
    wave_type: compileFilter(items, ({ spot }) => [spot.wave_type]),
    skill_level: compileFilter(items, ({ spot }) => [spot.skill_level]),
    tag: compileFilter(items, ({ tags }) => tags.map((tag) => tagSlugsById.get(tag.id)!)),
    tier: compileFilter(items, ({ spot }) => [spot.tier]),
    // Content is checked: a spot's best_months is a range (build/fields.ts, monthRange) or null.
    month: compileFilter(items, ({ spot }) => (spot.best_months === null ? [] : monthsOfRange(spot.best_months)!)),
  };
  const collection = compileCollection(
    pieces,
    items,
    "spot",
    ["images", "tags", "surfers"],
    ({ spot }) => spot.slug,
    filters,
  );
  return { collection, spots: items.map(({ spot }) => spot), search, points, world };
}

/** Gives each entry its images and the hero image they make; the records are garbage after. */
function attachImages(items: SpotEntry[], records: Content["spotImages"], mediaBaseUrl: string): void {
  const imagesBySpot = groupBy(
    records.map(({ record }) => record),
    (image) => image.spot,
  );
  for (const entry of items) {
    const { images, heroQaTier } = compileImages(imagesBySpot.get(entry.spot.slug) ?? [], mediaBaseUrl);
    entry.images = images;
    entry.spot.hero_image = images[0]?.url ?? null;
    entry.spot.hero_qa_tier = heroQaTier;
  }
}

/** A spot's map marker, or null for a spot without coordinates (it has no place on a map). */
function markerJson(spot: Spot): string | null {
  if (spot.latitude === null || spot.longitude === null || spot.location_precision === null) return null;
  const marker: SpotMarker = {
    slug: spot.slug,
    name: spot.name,
    lat: spot.latitude,
    lng: spot.longitude,
    location_precision: spot.location_precision,
    summary: spot.summary,
    hero_image: spot.hero_image,
    hero_qa_tier: spot.hero_qa_tier,
    wave_type: spot.wave_type,
    tier: spot.tier,
  };
  return JSON.stringify(marker);
}

/** The names search knows a spot by besides its own: its aliases, and the areas it lies in. */
export interface SearchNames {
  aliases: Map<string, string[]>;
  areas: Map<string, string[]>;
}

export function spotSearchNames(content: Content): SearchNames {
  const aliases = new Map(content.spots.map(({ record }) => [record.slug, record.aliases ?? []]));
  return { aliases, areas: areaNamesBySpot(content) };
}

/** What full-text search sees of a spot: its country's English names and its areas count as place. */
export function spotSearchSources(
  items: SpotEntry[],
  tagSlugsById: Map<number, string>,
  names: SearchNames = { aliases: new Map(), areas: new Map() },
): SearchSource[] {
  return items.map(({ spot, tags }, position) => ({
    id: position,
    names: [spot.name, ...(names.aliases.get(spot.slug) ?? [])],
    place: [
      spot.region ?? "",
      ...englishCountryNames(spot.country_code ?? ""),
      ...(names.areas.get(spot.slug) ?? []),
    ].join(" "),
    // Its wave type and skill level read like tags: `beginner point` finds beginners' points.
    tags: [...tags.map((tag) => `${tag.name} ${tagSlugsById.get(tag.id)}`), spot.wave_type, spot.skill_level]
      .filter((word) => word !== null)
      .join(" "),
    summary: spot.summary ?? "",
  }));
}
