/** The world map's clustering thread (see geo.ts): clusters every zoom of the points' coordinates. */
import { clusterWorld, type WorldClustering } from "./geo.ts";

export function run(coordinates: Float64Array): WorldClustering {
  return clusterWorld(coordinates);
}
