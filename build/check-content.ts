/**
 * Rules that span records: unique ids and slugs, reserved slugs, pairs of values that
 * go together, and every cross-reference between files. Field types were checked
 * when the files were read (read-content.ts).
 */

import { foldKey } from "../core/fold.ts";
import { didYouMean } from "../core/suggest.ts";
import { editorPhrases, queryWordValues } from "./compile/understanding.ts";
import type { Problems } from "./problems.ts";
import type { Content, FileKey, Located } from "./read-content.ts";
import { RESERVED_SPOT_SLUGS, RESERVED_SURFER_SLUGS } from "./vocabulary.ts";

export function checkContent(content: Content, problems: Problems): void {
  const { files } = content;
  unique(content.spots, "id", problems);
  unique(content.spots, "slug", problems);
  unique(content.tags, "id", problems);
  unique(content.tags, "slug", problems);
  unique(content.spotImages, "id", problems);
  unique(content.surfers, "id", problems);
  unique(content.surfers, "slug", problems);
  unique(content.surferImages, "id", problems);
  unique(content.quotes, "id", problems);
  unique(content.quotes, "slug", problems);
  unique(content.clips, "slug", problems);
  unique(content.organizations, "slug", problems);
  unique(content.events, "slug", problems);
  reserved(content.spots, RESERVED_SPOT_SLUGS, "/api/spots", problems);
  reserved(content.surfers, RESERVED_SURFER_SLUGS, "/api/surfers", problems);

  checkAreas(content, problems);
  checkQueryWords(content, problems);

  const tagSlugs = rawValues(content, "tags", "slug");
  const spotSlugs = rawValues(content, "spots", "slug");
  const surferSlugs = rawValues(content, "surfers", "slug");
  const orgSlugs = rawValues(content, "organizations", "slug");

  for (const { record, place } of content.spots) {
    if ((record.latitude === null) !== (record.longitude === null))
      problems.add(place, "latitude and longitude go together: give both or neither");
    if ((record.latitude === null) !== (record.location_precision === null))
      problems.add(place, "location_precision goes with coordinates: break or town when they are given, else blank");
    if (record.location_precision === "town" && record.location_place === null)
      problems.add(place, "location_place names the gazetteer place a town-level location comes from");
    if (record.updated_at < record.created_at)
      problems.add(place, `updated_at ${record.updated_at} is before created_at ${record.created_at}`);
    const seen = new Set<string>();
    for (const tag of record.tags) {
      if (seen.has(tag)) problems.add(place, `tag '${tag}' is listed twice`);
      seen.add(tag);
      reference(tag, tagSlugs, "tag", files.tags, place, problems);
    }
    if (record.tags.length === 0) problems.add(place, "tags is required");
  }
  for (const { record, place } of content.surfers) {
    if (record.birth_year !== null && record.death_year !== null && record.death_year < record.birth_year) {
      problems.add(place, `death_year ${record.death_year} is before birth_year ${record.birth_year}`);
    }
  }

  for (const { record, place } of content.spotImages)
    reference(record.spot, spotSlugs, "spot", files.spots, place, problems);
  for (const { record, place } of content.surferImages)
    reference(record.surfer, surferSlugs, "surfer", files.surfers, place, problems);
  everyOwnerHasAnImage(content.spots, rawValues(content, "spotImages", "spot"), "spot", files.spotImages, problems);
  everyOwnerHasAnImage(
    content.surfers,
    rawValues(content, "surferImages", "surfer"),
    "surfer",
    files.surferImages,
    problems,
  );

  const pairs = new Map<string, number>();
  for (const { record, place } of content.spotSurfers) {
    reference(record.spot, spotSlugs, "spot", files.spots, place, problems);
    reference(record.surfer, surferSlugs, "surfer", files.surfers, place, problems);
    const pair = `${record.spot} ${record.surfer}`;
    const first = pairs.get(pair);
    if (first !== undefined)
      problems.add(place, `spot '${record.spot}' and surfer '${record.surfer}' are already linked on line ${first}`);
    else pairs.set(pair, place.line);
  }

  for (const { record, place } of content.quotes) {
    if (record.surfer !== null) reference(record.surfer, surferSlugs, "surfer", files.surfers, place, problems);
  }

  for (const { record, placeOf } of content.events) {
    reference(record.org, orgSlugs, "org", files.organizations, placeOf("org"), problems);
    if (record.spot !== null) reference(record.spot, spotSlugs, "spot", files.spots, placeOf("spot"), problems);
    if (record.end_date < record.start_date)
      problems.add(placeOf("end_date"), `end_date ${record.end_date} is before start_date ${record.start_date}`);
    // decisions.md: a provisional event's summary says so too, and the field is what a front-end reads.
    const summarySaysProvisional = /\bprovisional\b/i.test(record.summary ?? "");
    if (record.provisional === true && !summarySaysProvisional) {
      problems.add(
        placeOf("summary"),
        "a provisional event's summary says so too, like 'Dates provisional, following the 2026 calendar slot.'",
      );
    }
    if (record.provisional !== true && summarySaysProvisional) {
      problems.add(
        placeOf("summary"),
        "the summary calls the dates provisional: add provisional: true (or reword the summary if they are published)",
      );
    }
    if (record.called_on.length > 0 && record.window_type !== "holding-period") {
      problems.add(
        placeOf("called_on"),
        "called_on is only for holding-period events; a scheduled event runs on all its days",
      );
    }
    record.called_on.forEach((day, i) => {
      if (day < record.start_date || day > record.end_date) {
        problems.add(
          placeOf(["called_on", i]),
          `called_on day ${day} is outside the window ${record.start_date} to ${record.end_date}`,
        );
      }
    });
    for (const podium of [...(record.results?.men ?? []), ...(record.results?.women ?? [])]) {
      if (podium.record.surfer !== null)
        reference(podium.record.surfer, surferSlugs, "surfer", files.surfers, podium.placeOf("surfer"), problems);
    }
  }
}

function unique<K extends string>(records: Located<Record<K, unknown>>[], key: K, problems: Problems): void {
  const firstLine = new Map<unknown, number>();
  for (const located of records) {
    const { record } = located;
    const place = located.placeOf(key);
    const first = firstLine.get(record[key]);
    if (first !== undefined) problems.add(place, `${key} '${record[key]}' is already used on line ${first}`);
    else firstLine.set(record[key], place.line);
  }
}

function reserved(
  records: Located<{ slug: string }>[],
  slugs: readonly string[],
  route: string,
  problems: Problems,
): void {
  for (const located of records) {
    const { slug } = located.record;
    if (slugs.includes(slug))
      problems.add(located.placeOf("slug"), `slug '${slug}' is reserved by the route ${route}/${slug}; choose another`);
  }
}

/** Every value of a column in a file, from valid and invalid rows; undefined if the file was unreadable. */
function rawValues(content: Content, file: FileKey, column: string): Set<string> | undefined {
  return content.referable[file]?.[column];
}

function reference(
  value: string,
  known: Set<string> | undefined,
  label: string,
  file: string,
  place: { file: string; line: number },
  problems: Problems,
): void {
  if (known && !known.has(value))
    problems.add(place, `${label} '${value}' is not in ${file}${didYouMean(value, known)}`);
}

function everyOwnerHasAnImage(
  owners: Located<{ slug: string }>[],
  withImages: Set<string> | undefined,
  label: string,
  file: string,
  problems: Problems,
): void {
  for (const { record, place } of owners) {
    if (withImages && !withImages.has(record.slug))
      problems.add(place, `${label} '${record.slug}' has no image; add one to ${file}`);
  }
}

/**
 * An area names regions of one country that some spot has, and spots that exist; at least
 * one of the two. An area across a border (the Basque Country) takes a row per country.
 */
function checkAreas(content: Content, problems: Problems): void {
  const spotSlugs = rawValues(content, "spots", "slug");
  const regionsByCountry = new Map<string, Map<string, string>>();
  for (const { record } of content.spots) {
    if (record.region === null) continue;
    const regions = regionsByCountry.get(record.country_code) ?? new Map<string, string>();
    regions.set(foldKey(record.region), record.region);
    regionsByCountry.set(record.country_code, regions);
  }
  for (const { record, place } of content.areas) {
    const regions = record.regions ?? [];
    if (regions.length === 0 && (record.spots ?? []).length === 0) {
      problems.add(place, `area '${record.area}' names no regions and no spots; give at least one of them`);
    }
    if (regions.length > 0 && record.country_code === null) {
      problems.add(
        place,
        `area '${record.area}' lists regions but no country_code; regions are read within one country`,
      );
    }
    const known = regionsByCountry.get(record.country_code ?? "") ?? new Map<string, string>();
    for (const region of regions) {
      if (record.country_code !== null && !known.has(foldKey(region))) {
        const hint = didYouMean(region, known.values());
        problems.add(
          place,
          `region '${region}' is not the region of any ${record.country_code} spot in spots.csv${hint}`,
        );
      }
    }
    for (const slug of record.spots ?? []) reference(slug, spotSlugs, "spot", content.files.spots, place, problems);
  }
}

/**
 * Each row of query_words.csv names a value its param has (a tag of tags.csv; `-` for near
 * and filler), and no phrase of the understanding files means two things on the same endpoints.
 */
function checkQueryWords(content: Content, problems: Problems): void {
  const tagSlugs = rawValues(content, "tags", "slug");
  const allowed = queryWordValues([...(tagSlugs ?? [])]);
  for (const { record, place } of content.queryWords) {
    // Tags are unchecked when tags.csv could not be read, like every reference to it.
    if (record.param === "tag" && !tagSlugs) continue;
    const values = allowed[record.param];
    if (values.includes(record.value)) continue;
    const hint = didYouMean(record.value, values);
    problems.add(place, `${record.param} has no value '${record.value}'${hint} (it takes ${values.join(", ")})`);
  }
  editorPhrases(content, (place, message) => problems.add(place, message));
}
