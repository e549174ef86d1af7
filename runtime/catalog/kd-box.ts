/**
 * The points of a KDBush index inside a box, written to an array the caller owns: the
 * points KDBush's own `range` finds, without a new array for each box (a continent's box
 * holds thousands of points, and that array was most of a cold query's time and garbage).
 */
import type KDBush from "kdbush";

/**
 * The nodes a walk has still to visit. Each visit takes one node off and puts at most its
 * two halves on, so the stack holds at most one node per depth and two of the deepest:
 * fewer than 34 for the 2^32 points an index can hold.
 */
const STACK = new Float64Array(7 * 34);

/** Puts a node on the stack above `top`; returns the new top. */
function push(
  top: number,
  left: number,
  right: number,
  axis: number,
  west: number,
  south: number,
  east: number,
  north: number,
): number {
  STACK[top] = left;
  STACK[top + 1] = right;
  STACK[top + 2] = axis;
  STACK[top + 3] = west;
  STACK[top + 4] = south;
  STACK[top + 5] = east;
  STACK[top + 6] = north;
  return top + 7;
}

/**
 * Writes the ids of the index's points with minLng ≤ longitude ≤ maxLng and minLat ≤
 * latitude ≤ maxLat to `out` from `count` on, and returns the new count. Each node splits
 * its points at the middle one, by longitude at even depths and by latitude at odd ones,
 * so the splits above a node bound its points: a node inside the box is copied without a
 * test, and a run of `nodeSize` points or fewer is tested point by point.
 */
export function writeIdsInBox(
  index: KDBush,
  minLng: number,
  minLat: number,
  maxLng: number,
  maxLat: number,
  out: Int32Array,
  count: number,
): number {
  const { ids, coords, nodeSize } = index;
  // The root: every point, split by longitude first, with no bounds yet.
  let top = push(0, 0, ids.length - 1, 0, -Infinity, -Infinity, Infinity, Infinity);
  while (top > 0) {
    top -= 7;
    const left = STACK[top];
    const right = STACK[top + 1];
    const axis = STACK[top + 2];
    const west = STACK[top + 3];
    const south = STACK[top + 4];
    const east = STACK[top + 5];
    const north = STACK[top + 6];
    if (west >= minLng && east <= maxLng && south >= minLat && north <= maxLat) {
      // Copied by the engine: before the JIT has compiled this walk, a loop here would run interpreted.
      out.set(ids.subarray(left, right + 1), count);
      count += right - left + 1;
      continue;
    }
    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) {
        const lng = coords[2 * i];
        const lat = coords[2 * i + 1];
        if (lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat) out[count++] = ids[i];
      }
      continue;
    }
    const middle = (left + right) >> 1;
    const lng = coords[2 * middle];
    const lat = coords[2 * middle + 1];
    if (lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat) out[count++] = ids[middle];
    if (axis === 0) {
      if (minLng <= lng) top = push(top, left, middle - 1, 1, west, south, lng, north);
      if (maxLng >= lng) top = push(top, middle + 1, right, 1, lng, south, east, north);
    } else {
      if (minLat <= lat) top = push(top, left, middle - 1, 0, west, south, east, lat);
      if (maxLat >= lat) top = push(top, middle + 1, right, 0, west, lat, east, north);
    }
  }
  return count;
}
