/**
 * Where spots are, indexed once: the KDBush index over the spots that have coordinates
 * (embedded as base64), and the world map clustered at every zoom.
 *
 * Clustering the world at all 17 zooms is one of the build's longest steps. It depends
 * only on the spots' coordinates in default order, so it is started on a thread of its own
 * as soon as that order is known, while the main thread serializes the entries.
 */
import KDBush from "kdbush";
import { CLUSTERED_ZOOMS, clusterIndex, clusteringAt, clustersJson } from "../../core/clusters.ts";
import { packInt32 } from "../../core/packed.ts";
import type { GeoExport } from "../../core/snapshot-format.ts";
import { onThread } from "../thread.ts";
import type { PiecesWriter } from "./pieces.ts";

interface Located {
  latitude: number | null;
  longitude: number | null;
}

/** Below this many spots with coordinates the world is clustered in place. */
const THREAD_FROM_POINTS = 20_000;

/** The world map's clusters at every zoom, and from which zoom each point (by geo index id) stands alone. */
export interface WorldClustering {
  aloneFrom: Uint8Array;
  /** Each zoom's clusters, as the items of a JSON array. */
  byZoom: string[];
}

/** The spots that have coordinates, as the geo index and the clusters number them: a point's id is its index. */
export interface LocatedSpots {
  /** Each point's position in the collection. */
  positions: number[];
  /** Longitude then latitude of each point: one flat array, copied to a thread at once. */
  coordinates: Float64Array;
}

export function locatedSpots(spots: Located[]): LocatedSpots {
  const positions = spots.flatMap((spot, position) =>
    spot.latitude === null || spot.longitude === null ? [] : [position],
  );
  const coordinates = new Float64Array(positions.length * 2);
  positions.forEach((position, id) => {
    coordinates[2 * id] = spots[position].longitude!;
    coordinates[2 * id + 1] = spots[position].latitude!;
  });
  return { positions, coordinates };
}

/** Clusters the world map of the points (of spots in their default order) on a thread, or in place when few. */
export function clusterWorldInBackground(
  { coordinates }: LocatedSpots,
  threadFrom = THREAD_FROM_POINTS,
): Promise<WorldClustering> {
  if (coordinates.length / 2 < threadFrom) return Promise.resolve(clusterWorld(coordinates));
  return onThread("map clusters", new URL("./clusters-worker.ts", import.meta.url), coordinates);
}

/** Clusters every zoom of the world map; the thread's work. */
export function clusterWorld(coordinates: Float64Array): WorldClustering {
  const points = Array.from({ length: coordinates.length / 2 }, (_, id) => ({
    position: id,
    lng: coordinates[2 * id],
    lat: coordinates[2 * id + 1],
  }));
  const index = clusterIndex(points);
  const aloneFrom = new Uint8Array(points.length).fill(CLUSTERED_ZOOMS);
  const byZoom: string[] = [];
  for (let zoom = 0; zoom < CLUSTERED_ZOOMS; zoom++) {
    const { alone, clusters } = clusteringAt(index, zoom);
    for (const id of alone) aloneFrom[id] = Math.min(aloneFrom[id], zoom);
    byZoom.push(clustersJson(clusters));
  }
  return { aloneFrom, byZoom };
}

export async function compileGeo(
  points: LocatedSpots,
  world: Promise<WorldClustering>,
  pieces: PiecesWriter,
): Promise<GeoExport> {
  const { positions, coordinates } = points;
  const index = new KDBush(Math.max(positions.length, 1));
  for (let id = 0; id < positions.length; id++) index.add(coordinates[2 * id], coordinates[2 * id + 1]);
  // KDBush needs at least one point; an empty catalog indexes a dummy that no position maps to.
  if (positions.length === 0) index.add(0, 0);
  index.finish();
  const { aloneFrom, byZoom } = await world;
  return {
    positions: packInt32(positions),
    kdbush: Buffer.from(index.data).toString("base64"),
    clusters: { aloneFrom: Buffer.from(aloneFrom).toString("base64"), byZoom: pieces.add(byZoom) },
  };
}
