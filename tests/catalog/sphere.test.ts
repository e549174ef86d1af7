/** Chords between unit vectors against haversine distances (fast-check, fixed seed). */
import fc from "fast-check";
import { expect, it } from "vitest";
import { distanceKm, kmOfSquaredChord, squaredChordOf, unitVectors } from "../../core/sphere.ts";

const point = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

it("the chord between two points' unit vectors gives their great-circle distance", () => {
  fc.assert(
    fc.property(point, point, (a, b) => {
      const [ax, ay, az, bx, by, bz] = unitVectors(Float64Array.of(a.lng, a.lat, b.lng, b.lat));
      const squared = (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2;
      const km = distanceKm(a.lat, a.lng, b.lat, b.lng);
      // Within 5 cm even near the antipode, where both formulas lose precision: nearest first
      // allows a tenth of a metre for it.
      expect(Math.abs(kmOfSquaredChord(squared) - km)).toBeLessThan(5e-5);
      expect(Math.abs(kmOfSquaredChord(squaredChordOf(km)) - km)).toBeLessThan(1e-6);
    }),
    { seed: 20261124, numRuns: 3000 },
  );
});
