/** The default order of spots and surfers: tier rank, then name, then slug. */
import { compareCodePoints, compareNames } from "../../core/fold.ts";
import { TIERS } from "../vocabulary.ts";

/** iconic 0, regional 1, everything else (local, null) 2: decisions.md ranks only the first two. */
export function tierRank(tier: string | null): number {
  return tier === TIERS[0] ? 0 : tier === TIERS[1] ? 1 : 2;
}

export function compareByTierNameSlug(a: { tier: string | null; name: string; slug: string }, b: typeof a): number {
  return tierRank(a.tier) - tierRank(b.tier) || compareNames(a.name, b.name) || compareCodePoints(a.slug, b.slug);
}
