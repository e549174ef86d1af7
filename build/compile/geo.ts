/** The KDBush index over the spots that have coordinates, embedded as base64. */
import KDBush from "kdbush";
import { packInt32 } from "../../core/packed.ts";
import type { GeoExport } from "../../core/snapshot-format.ts";

export function compileGeo(spots: { latitude: number | null; longitude: number | null }[]): GeoExport {
  const positions = spots.flatMap((spot, position) =>
    spot.latitude === null || spot.longitude === null ? [] : [position],
  );
  const index = new KDBush(Math.max(positions.length, 1));
  for (const position of positions) index.add(spots[position].longitude!, spots[position].latitude!);
  // KDBush needs at least one point; an empty catalog indexes a dummy that no position maps to.
  if (positions.length === 0) index.add(0, 0);
  index.finish();
  return { positions: packInt32(positions), kdbush: Buffer.from(index.data).toString("base64") };
}
