/** Surfers: joined with their images and spots, in default order, with their search index. */

import { compareCodePoints, compareNames } from "../../core/fold.ts";
import { groupBy } from "../../core/group-by.ts";
import type { SearchSource } from "../../core/search-index.ts";
import type { SurferCollection, SurferEntry } from "../../core/snapshot-format.ts";
import { englishCountryNames } from "../countries.ts";
import type { Content } from "../read-content.ts";
import { compileCollection, searchInPieces } from "./collection.ts";
import { compileFilter } from "./filters.ts";
import { compileImages } from "./media.ts";
import { compareByTierNameSlug } from "./order.ts";
import type { PiecesWriter } from "./pieces.ts";
import { indexInBackground } from "./search-thread.ts";

export async function compileSurfers(
  content: Content,
  mediaBaseUrl: string,
  pieces: PiecesWriter,
): Promise<SurferCollection> {
  const imagesBySurfer = groupBy(
    content.surferImages.map(({ record }) => record),
    (image) => image.surfer,
  );
  const spotsBySlug = new Map(content.spots.map(({ record }) => [record.slug, record]));
  const linksBySurfer = groupBy(
    content.spotSurfers.map(({ record }) => record),
    (link) => link.surfer,
  );

  const entries: SurferEntry[] = content.surfers.map(({ record }) => {
    const { images } = compileImages(imagesBySurfer.get(record.slug) ?? [], mediaBaseUrl);
    const spots = (linksBySurfer.get(record.slug) ?? [])
      .map((link) => {
        const spot = spotsBySlug.get(link.spot)!;
        return {
          slug: spot.slug,
          name: spot.name,
          region: spot.region,
          country_code: spot.country_code,
          relation: link.relation,
        };
      })
      .sort((a, b) => compareNames(a.name, b.name) || compareCodePoints(a.slug, b.slug));
    return {
      surfer: {
        id: record.id,
        slug: record.slug,
        name: record.name,
        country_code: record.country_code,
        region: record.region,
        birth_year: record.birth_year,
        death_year: record.death_year,
        stance: record.stance,
        discipline: record.discipline,
        era: record.era,
        summary: record.summary,
        tier: record.tier,
        hero_image: images[0]?.url ?? null,
      },
      images,
      spots,
    };
  });
  const items = entries.sort((a, b) => compareByTierNameSlug(a.surfer, b.surfer));

  const filters = {
    country: compileFilter(items, ({ surfer }) => [surfer.country_code]),
    discipline: compileFilter(items, ({ surfer }) => [surfer.discipline]),
    era: compileFilter(items, ({ surfer }) => [surfer.era]),
    tier: compileFilter(items, ({ surfer }) => [surfer.tier]),
    stance: compileFilter(items, ({ surfer }) => [surfer.stance]),
  };
  const search = indexInBackground(surferSearchSources(items, surferAliases(content)));
  const collection = compileCollection(
    pieces,
    items,
    "surfer",
    ["images", "spots"],
    ({ surfer }) => surfer.slug,
    filters,
  );
  return { ...collection, search: searchInPieces(await search, pieces) };
}

/** The other names search knows each surfer by (by slug). */
export function surferAliases(content: Content): Map<string, string[]> {
  return new Map(content.surfers.map(({ record }) => [record.slug, record.aliases ?? []]));
}

/** What full-text search sees of a surfer: discipline, era and stance play the part of tags. */
export function surferSearchSources(items: SurferEntry[], aliases: Map<string, string[]> = new Map()): SearchSource[] {
  return items.map(({ surfer }, position) => ({
    id: position,
    names: [surfer.name, ...(aliases.get(surfer.slug) ?? [])],
    place: [surfer.region ?? "", ...englishCountryNames(surfer.country_code ?? "")].join(" "),
    tags: [surfer.discipline, surfer.era, surfer.stance].filter((value) => value !== null).join(" "),
    summary: surfer.summary ?? "",
  }));
}
