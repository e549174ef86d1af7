/** Bounding-box queries over the prebuilt KDBush index of spot coordinates. */
import type { Catalog } from "../snapshot.ts";
import { type Positions, toPositions } from "./positions.ts";

export interface BoundingBox {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/**
 * Positions of the spots inside the box, sorted. A box whose west edge is east of its
 * east edge crosses the antimeridian (Fiji to Samoa): it is the union of two boxes.
 */
export function positionsInBox(spots: Catalog["spots"], box: BoundingBox): Positions {
  const { minLat, minLng, maxLat, maxLng } = box;
  const ids =
    minLng <= maxLng
      ? spots.geo.range(minLng, minLat, maxLng, maxLat)
      : [...spots.geo.range(minLng, minLat, 180, maxLat), ...spots.geo.range(-180, minLat, maxLng, maxLat)];
  // An empty catalog's index holds one placeholder point that maps to no position.
  const positions: number[] = [];
  for (const id of ids) if (id < spots.geoPositions.length) positions.push(spots.geoPositions[id]);
  return toPositions(positions);
}
