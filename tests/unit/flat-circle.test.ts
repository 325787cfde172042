import { describe, expect, it } from "vitest";
import { distanceKm, flatCircleAround, flatSquare } from "~/lib/map/geo-cell";

/** A reproducible generator (mulberry32). */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("a radius as flat arithmetic on degrees", () => {
  it("never calls a point outside the radius inside, and never leaves one inside out", () => {
    const random = generator(7);
    let decidedFlat = 0;
    for (const latitude of [0, 40.71287, -33.9, 60.17, 78.2, -79.5]) {
      for (const km of [1, 5, 10, 25, 50]) {
        const center = { latitude, longitude: -74 + random() * 100 };
        const circle = flatCircleAround(center, km)!;
        expect(circle, `${latitude} ${km}`).not.toBeNull();
        for (let i = 0; i < 4000; i++) {
          // Points up to 1.2 × the radius away in every direction, many near the edge.
          const reach = ((km * 1.2) / 6371) * (180 / Math.PI);
          const point = {
            latitude: center.latitude + (random() * 2 - 1) * reach,
            longitude: center.longitude + ((random() * 2 - 1) * reach) / Math.cos((center.latitude * Math.PI) / 180),
          };
          const exact = distanceKm(center, point);
          const flat = flatSquare(circle, point);
          if (flat <= circle.inner) expect(exact, JSON.stringify({ center, km, point })).toBeLessThanOrEqual(km);
          if (exact <= km) expect(flat, JSON.stringify({ center, km, point })).toBeLessThanOrEqual(circle.outer);
          if (flat <= circle.inner || flat > circle.outer) decidedFlat++;
        }
      }
    }
    // Most points are decided without the exact distance.
    expect(decidedFlat / (6 * 5 * 4000)).toBeGreaterThan(0.9);
  });

  it("is not offered near a pole or across the antimeridian", () => {
    expect(flatCircleAround({ latitude: 84.9, longitude: 10 }, 25)).toBeNull();
    expect(flatCircleAround({ latitude: 10, longitude: 179.99 }, 5)).toBeNull();
    expect(flatCircleAround({ latitude: 10, longitude: 179 }, 5)).not.toBeNull();
  });
});
