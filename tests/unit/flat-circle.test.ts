import { describe, expect, it } from "vitest";
import { distanceKm, flatCircleAround, flatSquareSql, leastKmAtFlat, type FlatCircle, type LatLng } from "~/lib/map/geo-cell";
import { sqliteCli } from "../../scripts/local-database.mjs";
import { seededRandom } from "../support/seeded-random";

/** Each point's squared flat distance from the circle's centre, as SQLite computes flatSquareSql. */
function flatSquares(circle: FlatCircle, points: LatLng[]): number[] {
  const flat = flatSquareSql(
    { latitude: "p.value ->> 0", longitude: "p.value ->> 1" },
    { latitude: String(circle.latitude), longitude: String(circle.longitude), scale: String(circle.longitudeScale) },
  );
  const json = JSON.stringify(points.map((point) => [point.latitude, point.longitude]));
  return sqliteCli(":memory:", `SELECT ${flat} FROM json_each('${json}') AS p ORDER BY p.key;`).trim().split("\n").map(Number);
}

describe("a radius as flat arithmetic on degrees", () => {
  it("never calls a point outside the radius inside, and never leaves one inside out", () => {
    const random = seededRandom(7);
    let decidedFlat = 0;
    for (const latitude of [0, 40.71287, -33.9, 60.17, 78.2, -79.5]) {
      for (const km of [1, 5, 10, 25, 50]) {
        const center = { latitude, longitude: -74 + random() * 100 };
        const circle = flatCircleAround(center, km)!;
        expect(circle, `${latitude} ${km}`).not.toBeNull();
        // Points up to 1.2 × the radius away in every direction, many near the edge.
        const reach = ((km * 1.2) / 6371) * (180 / Math.PI);
        const points = Array.from({ length: 4000 }, () => ({
          latitude: center.latitude + (random() * 2 - 1) * reach,
          longitude: center.longitude + ((random() * 2 - 1) * reach) / Math.cos((center.latitude * Math.PI) / 180),
        }));
        const flats = flatSquares(circle, points);
        for (const [i, point] of points.entries()) {
          const exact = distanceKm(center, point);
          const flat = flats[i]!;
          if (flat <= circle.inner) expect(exact, JSON.stringify({ center, km, point })).toBeLessThanOrEqual(km);
          if (exact <= km) expect(flat, JSON.stringify({ center, km, point })).toBeLessThanOrEqual(circle.outer);
          if (flat <= circle.inner || flat > circle.outer) decidedFlat++;
          // What an order by flat distance promises of the businesses past a point.
          expect(exact, JSON.stringify({ center, km, point })).toBeGreaterThanOrEqual(leastKmAtFlat(circle, flat));
        }
      }
    }
    // Most points are decided without the exact distance.
    expect(decidedFlat / (6 * 5 * 4000)).toBeGreaterThan(0.9);
  }, 20_000);

  it("is not offered near a pole or across the antimeridian", () => {
    expect(flatCircleAround({ latitude: 84.9, longitude: 10 }, 25)).toBeNull();
    expect(flatCircleAround({ latitude: 10, longitude: 179.99 }, 5)).toBeNull();
    expect(flatCircleAround({ latitude: 10, longitude: 179 }, 5)).not.toBeNull();
  });
});
