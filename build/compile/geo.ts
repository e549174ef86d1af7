/**
 * Where spots are, indexed once: the KDBush index over the spots that have coordinates
 * (embedded as base64), and the world map clustered at every zoom.
 */
import KDBush from "kdbush";
import { CLUSTERED_ZOOMS, clusterIndex, clusteringAt, clustersJson } from "../../core/clusters.ts";
import { packInt32 } from "../../core/packed.ts";
import type { GeoExport, WorldClusters } from "../../core/snapshot-format.ts";
import type { PiecesWriter } from "./pieces.ts";

interface Located {
  latitude: number | null;
  longitude: number | null;
}

export function compileGeo(spots: Located[], pieces: PiecesWriter): GeoExport {
  const positions = spots.flatMap((spot, position) =>
    spot.latitude === null || spot.longitude === null ? [] : [position],
  );
  const index = new KDBush(Math.max(positions.length, 1));
  for (const position of positions) index.add(spots[position].longitude!, spots[position].latitude!);
  // KDBush needs at least one point; an empty catalog indexes a dummy that no position maps to.
  if (positions.length === 0) index.add(0, 0);
  index.finish();
  return {
    positions: packInt32(positions),
    kdbush: Buffer.from(index.data).toString("base64"),
    clusters: compileWorldClusters(spots, positions, pieces),
  };
}

/** The clusters of every zoom, and from which zoom each point (by geo index id) stands alone. */
function compileWorldClusters(spots: Located[], positions: number[], pieces: PiecesWriter): WorldClusters {
  // The ids are the geo index's: a point's id is its index in `positions`.
  const points = positions.map((position, id) => ({
    position: id,
    lat: spots[position].latitude!,
    lng: spots[position].longitude!,
  }));
  const index = clusterIndex(points);
  const aloneFrom = new Uint8Array(positions.length).fill(CLUSTERED_ZOOMS);
  const byZoom: string[] = [];
  for (let zoom = 0; zoom < CLUSTERED_ZOOMS; zoom++) {
    const { alone, clusters } = clusteringAt(index, zoom);
    for (const id of alone) aloneFrom[id] = Math.min(aloneFrom[id], zoom);
    byZoom.push(clustersJson(clusters));
  }
  return { aloneFrom: Buffer.from(aloneFrom).toString("base64"), byZoom: pieces.add(byZoom) };
}
