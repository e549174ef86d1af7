/**
 * Where spots are: boxes and distances over the prebuilt KDBush index of their
 * coordinates. Longitudes past ±180 (a map panned round the world) are wrapped; a box
 * whose west edge is east of its east edge crosses the antimeridian.
 */
import { around } from "geokdbush";
import { ITEM_COUNT_BITS } from "../../core/search-limits.ts";
import {
  distanceKm,
  EARTH_RADIUS_KM,
  kmOfSquaredChord,
  RADIANS,
  squaredChordOf,
  writeUnitVector,
} from "../../core/sphere.ts";
import type { Catalog } from "../snapshot.ts";
import { membership } from "./bits.ts";
import { type Positions, smallestOf, smallestSorted } from "./positions.ts";

export interface BoundingBox {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** A point to measure from, and optionally how far (great-circle km) a spot may be. */
export interface Near {
  lat: number;
  lng: number;
  radiusKm?: number;
}

/** A longitude in [-180, 180). One already there is kept exactly: an edge through a spot keeps that spot inside. */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng < 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * The ids of the index's points inside a box whose longitudes are already in [-180, 180],
 * by KDBush's own `range` (points with minX ≤ x ≤ maxX and minY ≤ y ≤ maxY; x is the longitude).
 */
function idsInBox(spots: Catalog["spots"], box: BoundingBox): number[] {
  const { geo } = spots;
  const { minLat, minLng, maxLat, maxLng } = box;
  if (minLng > maxLng) return geo.range(minLng, minLat, 180, maxLat).concat(geo.range(-180, minLat, maxLng, maxLat));
  const ids = geo.range(minLng, minLat, maxLng, maxLat);
  // Longitude 180 is the meridian -180: a box from -180 holds the spots content places at 180.
  if (minLng === -180 && maxLng < 180) return ids.concat(geo.range(180, minLat, 180, maxLat));
  return ids;
}

/**
 * The positions of the index's points with these ids, sorted. Ids follow positions (the
 * build indexes spots in position order), so sorted ids give sorted positions: a large
 * answer is sorted by marking its ids and reading them back in order, a small one by
 * sorting. (The dummy point of a catalog without coordinates never gets here: every box
 * holds its empty extent, and a circle drops ids past the last spot's.)
 */
function positionsOfIds(spots: Catalog["spots"], ids: number[]): Positions {
  const { geoPositions } = spots;
  const positions = new Int32Array(ids.length);
  if (ids.length * 32 < geoPositions.length) {
    for (let i = 0; i < ids.length; i++) positions[i] = geoPositions[ids[i]];
    return positions.sort();
  }
  const bits = new Uint32Array((geoPositions.length >>> 5) + 1);
  for (const id of ids) bits[id >>> 5] |= 1 << (id & 31);
  let kept = 0;
  for (let word = 0; word < bits.length; word++) {
    const last = (word << 5) + 31;
    // Each set bit, lowest first: isolate it, find its index, clear it.
    for (let rest = bits[word]; rest !== 0; rest &= rest - 1) {
      positions[kept++] = geoPositions[last - Math.clz32(rest & -rest)];
    }
  }
  return positions;
}

/** A box as given (longitudes any finite number) in the index's terms: wrapped, or every longitude. */
export function normalizeBox(box: BoundingBox): BoundingBox {
  if (box.maxLng - box.minLng >= 360) return { ...box, minLng: -180, maxLng: 180 };
  return { ...box, minLng: wrapLongitude(box.minLng), maxLng: wrapLongitude(box.maxLng) };
}

/** Positions of the spots inside the box, sorted. A box around every spot is answered without a search. */
export function positionsInBox(spots: Catalog["spots"], box: BoundingBox): Positions {
  const normalized = normalizeBox(box);
  if (holdsAll(normalized, spots.geoExtent)) return spots.geoSorted;
  return positionsOfIds(spots, idsInBox(spots, normalized));
}

/** Whether a normalized box holds the whole extent of the spots (null: there are none). */
function holdsAll(box: BoundingBox, extent: BoundingBox | null): boolean {
  if (!extent) return true;
  if (box.minLat > extent.minLat || box.maxLat < extent.maxLat) return false;
  if (box.minLng === -180 && box.maxLng === 180) return true;
  return box.minLng <= box.maxLng && box.minLng <= extent.minLng && box.maxLng >= extent.maxLng;
}

/**
 * Positions of the spots within `radiusKm` of the point, sorted. The index is asked for a
 * box that holds the circle (the whole band of latitudes when it reaches a pole, both sides
 * of the antimeridian when it crosses it); each candidate is then measured.
 */
export function positionsWithin(spots: Catalog["spots"], lat: number, lng: number, radiusKm: number): Positions {
  const dLat = radiusKm / (EARTH_RADIUS_KM * RADIANS);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  // The circle is widest in longitude at its edge nearest a pole: asin(sin(r) / cos(that latitude)).
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const ratio = Math.sin(Math.min(Math.PI / 2, radiusKm / EARTH_RADIUS_KM)) / Math.cos(widest * RADIANS);
  const dLng = widest >= 90 || ratio >= 1 ? 180 : Math.asin(ratio) / RADIANS;
  const box =
    dLng >= 180
      ? { minLat, minLng: -180, maxLat, maxLng: 180 }
      : { minLat, minLng: wrapLongitude(lng - dLng), maxLat, maxLng: wrapLongitude(lng + dLng) };
  const { geoPositions, geoCoords } = spots;
  const inside = idsInBox(spots, box).filter(
    (id) => id < geoPositions.length && distanceKm(lat, lng, geoCoords[2 * id + 1], geoCoords[2 * id]) <= radiusKm,
  );
  return positionsOfIds(spots, inside);
}

/** Positions with their distances from a point, in km (NaN for a spot without coordinates). */
export interface Measured {
  positions: Positions;
  distancesKm: Float64Array;
}

/**
 * How much farther than the page's last spot by chord a spot of the page may be: the
 * metre a distance rounded to the metre hides, and 10 cm for the error of the chord and
 * haversine formulas near the antipode (tests/catalog/sphere.test.ts bounds it at 5 cm).
 */
const ROUNDING_MARGIN_KM = 0.0011;

/**
 * A sort key: the distance in whole metres (below 2^25, more than half the Earth's
 * circumference) times RANK_SPACE, plus the position's rank in the usual order. Ranks stay
 * below 2^27 because the search index refuses a larger collection, at build and at load
 * (core/search-limits.ts): 25 + 27 = 52 bits, exact in a Float64.
 */
const RANK_SPACE = 2 ** ITEM_COUNT_BITS;

/**
 * The first `count` of `ordered` (positions in the usual answer order) nearest first, with
 * their distances; equal distances (to the metre) keep the usual order, and spots without
 * coordinates come after all others, in the usual order. Each distance is packed with its
 * rank into one number; only the `count` smallest are sorted (a page needs no more).
 *
 * For a page of a long list, the chords to every spot are measured first (a few
 * multiplications each); only the spots no farther than the page's last by chord, plus the
 * metre a rounded distance may hide, are then measured exactly and ranked.
 */
export function nearestFirst(spots: Catalog["spots"], near: Near, ordered: Positions, count: number): Measured {
  const { geoIdByPosition, geoUnit } = spots;
  const origin = new Float64Array(3);
  writeUnitVector(near.lat, near.lng, origin, 0);
  const squaredChords = new Float64Array(ordered.length);
  const ranks = new Int32Array(ordered.length);
  const unlocated: number[] = [];
  let located = 0;
  for (let rank = 0; rank < ordered.length; rank++) {
    const id = geoIdByPosition[ordered[rank]];
    if (id === -1) {
      unlocated.push(ordered[rank]);
      continue;
    }
    const dx = geoUnit[3 * id] - origin[0];
    const dy = geoUnit[3 * id + 1] - origin[1];
    const dz = geoUnit[3 * id + 2] - origin[2];
    squaredChords[located] = dx * dx + dy * dy + dz * dz;
    ranks[located++] = rank;
  }
  const chords = squaredChords.subarray(0, located);
  // Every spot of the page is within ROUNDING_MARGIN_KM of the count-th nearest by chord.
  let within = Number.POSITIVE_INFINITY;
  if (count < located) {
    const nearest = smallestOf(chords, count);
    within =
      nearest.length === 0 ? 0 : squaredChordOf(kmOfSquaredChord(nearest[nearest.length - 1]) + ROUNDING_MARGIN_KM);
  }
  const keys = new Float64Array(located);
  let measured = 0;
  for (let i = 0; i < located; i++) {
    if (chords[i] > within) continue;
    const id = geoIdByPosition[ordered[ranks[i]]];
    const km = distanceKm(near.lat, near.lng, spots.geoCoords[2 * id + 1], spots.geoCoords[2 * id]);
    keys[measured++] = Math.round(km * 1000) * RANK_SPACE + ranks[i];
  }
  const candidates = smallestSorted(keys.subarray(0, measured), count);
  const sorted = candidates.length;
  const length = Math.min(count, ordered.length);
  const positions = new Int32Array(length);
  const distancesKm = new Float64Array(length).fill(Number.NaN);
  for (let i = 0; i < sorted; i++) {
    positions[i] = ordered[candidates[i] % RANK_SPACE];
    distancesKm[i] = Math.floor(candidates[i] / RANK_SPACE) / 1000;
  }
  for (let i = sorted; i < length; i++) positions[i] = unlocated[i - sorted];
  return { positions, distancesKm };
}

/** geokdbush measures great circles on a sphere of 6,371 km: its kilometres per ours. */
const GEOKDBUSH_KM_PER_KM = 6371 / EARTH_RADIUS_KM;

/** How many times a page's size the spots it is taken from must be for the walk outward to pay. */
const WALK_FROM_SHARE = 32;

/**
 * What nearestFirst answers for `ordered` in position order (a list without q), found by
 * walking the geo index outward from the point (geokdbush) instead of measuring every spot:
 * the page's `count` nearest, then every spot within the metre its distances may hide, and
 * those ranked as nearestFirst ranks them. Null when it cannot pay or cannot answer alone: a
 * page that is a large share of the spots, or that reaches the spots without coordinates.
 */
export function nearestInPositionOrder(
  spots: Catalog["spots"],
  near: Near,
  ordered: Positions,
  count: number,
): Measured | null {
  const { geo, geoPositions, geoCoords } = spots;
  if (geoPositions.length === 0 || ordered.length < WALK_FROM_SHARE * count) return null;
  const allowed = ordered.length === spots.size ? null : membership(ordered, spots.size);
  const allows = allowed ? (id: number) => allowed(geoPositions[id]) : undefined;
  const kmTo = (id: number) => distanceKm(near.lat, near.lng, geoCoords[2 * id + 1], geoCoords[2 * id]);
  const nearest = around(geo, near.lng, near.lat, count, Number.POSITIVE_INFINITY, allows);
  if (nearest.length < count) return null;
  const reachKm = kmTo(nearest[count - 1]) + ROUNDING_MARGIN_KM;
  // Past half the globe every spot is within reach (and geokdbush's bound would wrap round).
  const reach = reachKm >= Math.PI * EARTH_RADIUS_KM ? Number.POSITIVE_INFINITY : reachKm * GEOKDBUSH_KM_PER_KM;
  const within = around(geo, near.lng, near.lat, Number.POSITIVE_INFINITY, reach, allows);
  // In position order, a position sorts as its rank does.
  const keys = Float64Array.from(within, (id) => Math.round(kmTo(id) * 1000) * RANK_SPACE + geoPositions[id]);
  const candidates = smallestSorted(keys, count);
  const positions = new Int32Array(count);
  const distancesKm = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    positions[i] = candidates[i] % RANK_SPACE;
    distancesKm[i] = Math.floor(candidates[i] / RANK_SPACE) / 1000;
  }
  return { positions, distancesKm };
}
