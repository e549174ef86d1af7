/**
 * Scores the intent queries (intents.ts) against a catalog, through the same reading and
 * search as the API's lists: each query's first five results, checked against their own
 * attributes in the catalog.
 */
import { monthsOfRange } from "../../core/months.ts";
import type { Spot, Surfer } from "../../core/resources.ts";
import { distanceKm } from "../../core/sphere.ts";
import { listSpots, spotsAsRead } from "../../runtime/catalog/spots.ts";
import { listSurfers } from "../../runtime/catalog/surfers.ts";
import { answerUnderstood, readerFor, withReading } from "../../runtime/catalog/understand.ts";
import { type Catalog, entryAt } from "../../runtime/snapshot.ts";
import { INTENTS, type IntentCase, type WantedAttributes } from "./intents.ts";

const TOP = 5;

export interface IntentScore {
  case: IntentCase;
  /** The first results, by slug, and whether each has every wanted attribute. */
  got: { slug: string; right: boolean }[];
  precision: number;
}

/** The mean precision of the first five over every intent query, and each query's score. */
export function evaluateIntents(catalog: Catalog): { precision: number; scores: IntentScore[] } {
  const scores = INTENTS.map((intent) => scoreIntent(catalog, intent));
  const precision = scores.reduce((sum, score) => sum + score.precision, 0) / scores.length;
  return { precision, scores };
}

/** The first `limit` results of q as the API's lists answer it: read by understanding, then searched. */
export function understoodPositions(
  catalog: Catalog,
  collection: "spots" | "surfers",
  q: string,
  limit: number,
): ArrayLike<number> {
  const page = { limit, offset: 0 };
  return collection === "spots"
    ? answerUnderstood(
        readerFor(catalog, "spots"),
        { filters: {}, q },
        spotsAsRead,
        (criteria) => listSpots(catalog, criteria, page),
        (answer) => ({ count: answer.total }),
      ).answer.positions
    : answerUnderstood(
        readerFor(catalog, "surfers"),
        { filters: {}, q },
        withReading,
        (criteria) => listSurfers(catalog, criteria, page),
        (answer) => ({ count: answer.total }),
      ).answer.positions;
}

function scoreIntent(catalog: Catalog, intent: IntentCase): IntentScore {
  const positions = understoodPositions(catalog, intent.collection, intent.q, TOP);
  const collection = catalog[intent.collection];
  const got = Array.from(positions, (position) => {
    const entry = entryAt<{ spot?: Spot; surfer?: Surfer; tags?: { slug: string }[] }>(collection, position);
    const item = (entry.spot ?? entry.surfer)!;
    const tags = (entry.tags ?? []).map((tag) => tag.slug);
    return { slug: item.slug, right: hasAll(intent.want, item, tags) };
  });
  const precision = got.length === 0 ? 0 : got.filter((result) => result.right).length / got.length;
  return { case: intent, got, precision };
}

function hasAll(want: WantedAttributes, item: Spot | Surfer, tags: string[]): boolean {
  const fields = item as unknown as Record<string, unknown>;
  for (const field of ["country", "wave_type", "skill_level", "tier", "discipline", "era", "stance"] as const) {
    const values = want[field];
    const own = fields[field === "country" ? "country_code" : field];
    if (values && !values.includes(own as string)) return false;
  }
  if (want.tag && !want.tag.some((tag) => tags.includes(tag))) return false;
  if (want.month && !want.month.some((month) => coversMonth(fields.best_months as string | null, month))) return false;
  if (want.near) {
    const { latitude, longitude } = item as Spot;
    if (latitude === null || longitude === null) return false;
    if (distanceKm(want.near.lat, want.near.lng, latitude, longitude) > want.near.km) return false;
  }
  return true;
}

/** Whether a best_months range such as `Nov-Feb` covers the month (core/months.ts reads ranges as the filter does). */
function coversMonth(bestMonths: string | null, month: string): boolean {
  return bestMonths !== null && (monthsOfRange(bestMonths) ?? []).some((covered) => covered === month);
}
