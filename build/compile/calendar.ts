/** Events (ordered by start date, then name) and the organizations that run them. */

import { compareCodePoints, compareNames } from "../../core/fold.ts";
import type { PodiumPlace } from "../../core/resources.ts";
import type { EventEntry, Organization } from "../../core/snapshot-format.ts";
import type { Content } from "../read-content.ts";

export function compileOrganizations(content: Content): Organization[] {
  return content.organizations
    .map(({ record }) => ({
      slug: record.slug,
      name: record.name,
      url: record.url,
      socialHandle: record.social_handle?.replace(/^@/, "") ?? null,
    }))
    .sort((a, b) => compareCodePoints(a.slug, b.slug));
}

export function compileEvents(content: Content): EventEntry[] {
  const orgNames = new Map(content.organizations.map(({ record }) => [record.slug, record.name]));
  const podium = (places: { record: { place: number; name: string; surfer: string | null } }[]): PodiumPlace[] =>
    places
      .map(({ record }) => ({ place: record.place, name: record.name, surferSlug: record.surfer }))
      .sort((a, b) => a.place - b.place);
  return content.events
    .map(({ record }) => ({
      event: {
        slug: record.slug,
        name: record.name,
        org: record.org,
        orgName: orgNames.get(record.org) ?? null,
        tour: record.tour,
        startDate: record.start_date,
        endDate: record.end_date,
        provisional: record.provisional ?? false,
        windowType: record.window_type,
        location: record.location,
        country: record.country,
        spotSlug: record.spot,
        url: record.url,
        sourceUrl: record.source_url,
        summary: record.summary,
        results: record.results ? { men: podium(record.results.men), women: podium(record.results.women) } : null,
      },
      timeZone: record.time_zone,
      calledOn: [...record.called_on].sort(),
    }))
    .sort(
      (a, b) =>
        compareCodePoints(a.event.startDate, b.event.startDate) ||
        compareNames(a.event.name, b.event.name) ||
        compareCodePoints(a.event.slug, b.event.slug),
    );
}
