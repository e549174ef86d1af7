/**
 * Map clusters, as mourner's supercluster makes them: markers that a map at a zoom would
 * draw on top of each other become one cluster. The build clusters every spot once, for
 * the world map; the runtime clusters a filtered set the same way, so both answers agree.
 */
import Supercluster, { type ClusterProperties } from "supercluster";

/** supercluster's defaults, spelled out: the answer depends on them. */
const OPTIONS = { radius: 40, extent: 512, minPoints: 2, maxZoom: 16 } as const;

/** The highest zoom a client may ask for; past the clustering's maxZoom every marker stands alone. */
export const MAX_ZOOM = 20;
/** The zooms that have clusters: 0 up to supercluster's maxZoom. */
export const CLUSTERED_ZOOMS = OPTIONS.maxZoom + 1;

export interface Cluster {
  lat: number;
  lng: number;
  count: number;
  /** The zoom at which the cluster splits. */
  expansion_zoom: number;
}

export interface MapPoint {
  /** The spot's position in the collection. */
  position: number;
  lat: number;
  lng: number;
}

export interface Clustering {
  /** Positions of the markers that stand alone, in no particular order. */
  alone: number[];
  /** The clusters, most markers first (then north to south, west to east). */
  clusters: Cluster[];
}

export type ClusterIndex = Supercluster<null, null>;

/** An index of the points, clustered from `minZoom` (only zooms at or above it can be asked). */
export function clusterIndex(points: MapPoint[], minZoom = 0): ClusterIndex {
  const features = points.map(({ position, lat, lng }) => ({
    type: "Feature" as const,
    id: position,
    properties: null,
    geometry: { type: "Point" as const, coordinates: [lng, lat] },
  }));
  return new Supercluster<null, null>({ ...OPTIONS, minZoom }).load(features);
}

/** Cluster coordinates are a weighted mean: six decimals (about 0.1 m) are more than a map can show. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** What a map at this zoom shows of the index's points. */
export function clusteringAt(index: ClusterIndex, zoom: number): Clustering {
  const alone: number[] = [];
  const clusters: Cluster[] = [];
  for (const feature of index.getClusters([-180, -90, 180, 90], zoom)) {
    const [lng, lat] = feature.geometry.coordinates;
    const properties = feature.properties as ClusterProperties | null;
    if (properties?.cluster) {
      clusters.push({
        lat: round6(lat),
        lng: round6(lng),
        count: properties.point_count,
        expansion_zoom: index.getClusterExpansionZoom(properties.cluster_id),
      });
    } else {
      alone.push(feature.id as number);
    }
  }
  clusters.sort((a, b) => b.count - a.count || b.lat - a.lat || a.lng - b.lng);
  return { alone, clusters };
}

/** The clusters as the items of a JSON array, without the brackets. */
export function clustersJson(clusters: Cluster[]): string {
  return clusters.map((cluster) => JSON.stringify(cluster)).join(",");
}
