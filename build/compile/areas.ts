/** The larger places each spot lies in (areas.csv), as search reads them: area names and their other names. */
import { foldKey } from "../../core/fold.ts";
import type { Content } from "../read-content.ts";

/** Spot slug → the names of every area it lies in, by its region (in the area's country) or by name. */
export function areaNamesBySpot(content: Content): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const add = (slug: string, area: { area: string; aliases: string[] | null }) => {
    const list = names.get(slug) ?? [];
    list.push(area.area, ...(area.aliases ?? []));
    names.set(slug, list);
  };
  for (const { record: area } of content.areas) {
    const regions = new Set((area.regions ?? []).map(foldKey));
    const spots = new Set(area.spots ?? []);
    for (const { record: spot } of content.spots) {
      const inRegion =
        spot.region !== null && spot.country_code === area.country_code && regions.has(foldKey(spot.region));
      if (inRegion || spots.has(spot.slug)) add(spot.slug, area);
    }
  }
  return names;
}
