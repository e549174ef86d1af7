/**
 * Distances on the sphere great-circle distances are measured on. A point is also kept as
 * a unit vector: the straight-line (chord) distance between two of them grows with the
 * great-circle distance, and costs a few multiplications where the haversine costs four
 * trigonometric calls, so the nearest of many points can be found by chord first.
 */

/** Mean Earth radius (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;
export const RADIANS = Math.PI / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Writes the unit vector of a point at `out[at]`, `out[at + 1]`, `out[at + 2]`. */
export function writeUnitVector(lat: number, lng: number, out: Float64Array, at: number): void {
  const cosLat = Math.cos(lat * RADIANS);
  out[at] = cosLat * Math.cos(lng * RADIANS);
  out[at + 1] = cosLat * Math.sin(lng * RADIANS);
  out[at + 2] = Math.sin(lat * RADIANS);
}

/** The unit vectors of points given as longitude, latitude pairs (the geo index's coordinates). */
export function unitVectors(lngLat: Float64Array): Float64Array {
  const vectors = new Float64Array((lngLat.length / 2) * 3);
  for (let i = 0; i < lngLat.length / 2; i++) writeUnitVector(lngLat[2 * i + 1], lngLat[2 * i], vectors, 3 * i);
  return vectors;
}

/** The squared chord between unit vectors of points this far apart on the sphere. */
export function squaredChordOf(km: number): number {
  const chord = 2 * Math.sin(Math.min(Math.PI / 2, km / (2 * EARTH_RADIUS_KM)));
  return chord * chord;
}

/** The great-circle distance in km of points whose unit vectors are this squared chord apart. */
export function kmOfSquaredChord(squared: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(squared) / 2));
}
