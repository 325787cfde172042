import { describe, expect, it } from "vitest";
import { seededRandom } from "../support/seeded-random";
import {
  boxAround,
  boxContains,
  cellRangesWithin,
  CELL_ZOOM,
  cellTile,
  coverBox,
  coverRadius,
  distanceKm,
  geoCell,
  mortonCode,
  mergeRanges,
  mortonDecode,
  subtractRanges,
  tileCellRange,
  tileCorner,
  tileDistanceKm,
  tileOf,
} from "~/lib/map/geo-cell";

const covered = (cell: number, ranges: { lo: number; hi: number }[]) => ranges.some((range) => cell >= range.lo && cell <= range.hi);

describe("geo cells", () => {
  it("round-trips tile coordinates through the Morton code, up to the 40-bit corner", () => {
    const next = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const x = Math.floor(next() * 2 ** CELL_ZOOM);
      const y = Math.floor(next() * 2 ** CELL_ZOOM);
      expect(mortonDecode(mortonCode(x, y))).toEqual({ x, y });
    }
    expect(mortonCode(2 ** 20 - 1, 2 ** 20 - 1)).toBe(2 ** 40 - 1);
    expect(Number.isSafeInteger(mortonCode(2 ** 20 - 1, 2 ** 20 - 1))).toBe(true);
  });

  it("puts a point's cell inside the range of every coarser tile holding it", () => {
    const paris = geoCell(48.8566, 2.3522)!;
    for (let zoom = 0; zoom <= CELL_ZOOM; zoom++) {
      const range = tileCellRange(tileOf({ latitude: 48.8566, longitude: 2.3522 }, zoom));
      expect(paris).toBeGreaterThanOrEqual(range.lo);
      expect(paris).toBeLessThanOrEqual(range.hi);
      expect(cellTile(paris, zoom)).toEqual(tileOf({ latitude: 48.8566, longitude: 2.3522 }, zoom));
    }
  });

  it("has no cell for a business without usable coordinates", () => {
    expect(geoCell(null, 2)).toBeNull();
    expect(geoCell(48, null)).toBeNull();
    expect(geoCell(Number.NaN, 2)).toBeNull();
    expect(geoCell(91, 2)).toBeNull();
    expect(geoCell(0, 181)).toBeNull();
  });

  it("measures great-circle distances", () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceKm(paris, london)).toBeGreaterThan(340);
    expect(distanceKm(paris, london)).toBeLessThan(346);
    expect(distanceKm(paris, paris)).toBe(0);
    // Across the antimeridian the short way round.
    expect(distanceKm({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeLessThan(23);
  });

  it("covers every point within a radius, also across the antimeridian and near a pole", () => {
    const next = seededRandom(11);
    const centers = [
      { latitude: 41.0082, longitude: 28.9784 },
      { latitude: -16.5, longitude: 179.95 },
      { latitude: 84.9, longitude: 10 },
      { latitude: 0, longitude: 0 },
    ];
    for (const center of centers) {
      for (const km of [1, 5, 10, 25, 50]) {
        const ranges = coverRadius(center, km);
        expect(ranges.length).toBeLessThanOrEqual(16);
        for (let i = 0; i < 300; i++) {
          // A point at a random bearing, at most km away.
          const bearing = next() * 2 * Math.PI;
          const d = (next() * km) / 6371.0088;
          const lat1 = (center.latitude * Math.PI) / 180;
          const lng1 = (center.longitude * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
          const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          const point = { latitude: (lat2 * 180) / Math.PI, longitude: ((((lng2 * 180) / Math.PI + 540) % 360) - 180) };
          if (Math.abs(point.latitude) > 85.05) continue;
          expect(boxContains(boxAround(center, km), point)).toBe(true);
          expect(covered(geoCell(point.latitude, point.longitude)!, ranges)).toBe(true);
        }
      }
    }
  });

  it("covers a box with few ranges and reads little outside it", () => {
    const istanbul = { west: 28.9, south: 40.95, east: 29.1, north: 41.1 };
    const ranges = coverBox(istanbul);
    const next = seededRandom(3);
    for (let i = 0; i < 500; i++) {
      const point = { latitude: 40.95 + next() * 0.15, longitude: 28.9 + next() * 0.2 };
      expect(covered(geoCell(point.latitude, point.longitude)!, ranges)).toBe(true);
    }
    // Far away points fall outside the cover.
    expect(covered(geoCell(48.8566, 2.3522)!, ranges)).toBe(false);
    // The whole world is one range.
    expect(coverBox({ west: -180, south: -85, east: 180, north: 85 })).toEqual([{ lo: 0, hi: 2 ** 40 - 1 }]);
  });
});

describe("reading a radius nearest first", () => {
  it("never puts a tile nearer than any point in it (a lower bound), and nearly as near as its nearest", () => {
    const next = seededRandom(11);
    for (let i = 0; i < 300; i++) {
      const center = { latitude: (next() - 0.5) * 150, longitude: (next() - 0.5) * 360 };
      const zoom = 10 + Math.floor(next() * 6);
      const home = tileOf(center, zoom);
      const tile = { zoom, x: Math.min(2 ** zoom - 1, Math.max(0, home.x + Math.floor(next() * 7) - 3)), y: Math.min(2 ** zoom - 1, Math.max(0, home.y + Math.floor(next() * 7) - 3)) };
      const bound = tileDistanceKm(center, tile);
      const northWest = tileCorner(zoom, tile.x, tile.y);
      const southEast = tileCorner(zoom, tile.x + 1, tile.y + 1);
      let nearest = Infinity;
      for (let a = 0; a <= 20; a++) {
        for (let b = 0; b <= 20; b++) {
          const point = { latitude: southEast.latitude + ((northWest.latitude - southEast.latitude) * a) / 20, longitude: northWest.longitude + ((southEast.longitude - northWest.longitude) * b) / 20 };
          nearest = Math.min(nearest, distanceKm(center, point));
        }
      }
      expect(bound, JSON.stringify({ center, tile })).toBeLessThanOrEqual(nearest + 1e-9);
      // Within the sampling's own step (a twentieth of the tile's diagonal) of the nearest sampled point.
      expect(bound, JSON.stringify({ center, tile })).toBeGreaterThanOrEqual(nearest * 0.98 - distanceKm(northWest, southEast) / 20);
    }
    expect(tileDistanceKm({ latitude: 41, longitude: 29 }, tileOf({ latitude: 41, longitude: 29 }, 14))).toBe(0);
  });

  it("covers every point within the radius with ranges no wider than the radius's own tiles", () => {
    const next = seededRandom(5);
    for (let i = 0; i < 40; i++) {
      const center = { latitude: (next() - 0.5) * 140, longitude: (next() - 0.5) * 360 };
      const km = [0.3, 1, 5, 10, 50][i % 5]!;
      const ranges = cellRangesWithin(center, km);
      for (let j = 0; j < 200; j++) {
        const bearing = next() * 2 * Math.PI;
        const reach = km * Math.sqrt(next()) * 0.999;
        const point = {
          latitude: center.latitude + ((reach / 111.19) * Math.cos(bearing)),
          longitude: center.longitude + ((reach / 111.19) * Math.sin(bearing)) / Math.cos((center.latitude * Math.PI) / 180),
        };
        if (distanceKm(center, point) > km || Math.abs(point.longitude) > 180) continue;
        expect(covered(geoCell(point.latitude, point.longitude)!, ranges), JSON.stringify({ center, km, point })).toBe(true);
      }
      // Tighter than the box's cover: never more cells than coverRadius at the same tile count.
      const cells = (list: { lo: number; hi: number }[]) => list.reduce((sum, r) => sum + r.hi - r.lo + 1, 0);
      expect(cells(ranges)).toBeLessThanOrEqual(cells(coverRadius(center, km, 256)));
    }
  });

  it("takes away ranges already read and joins touching ones", () => {
    expect(mergeRanges([{ lo: 5, hi: 9 }, { lo: 0, hi: 4 }, { lo: 20, hi: 30 }, { lo: 25, hi: 26 }])).toEqual([{ lo: 0, hi: 9 }, { lo: 20, hi: 30 }]);
    expect(subtractRanges([{ lo: 0, hi: 100 }], [{ lo: 10, hi: 19 }, { lo: 50, hi: 200 }])).toEqual([{ lo: 0, hi: 9 }, { lo: 20, hi: 49 }]);
    expect(subtractRanges([{ lo: 0, hi: 10 }], [{ lo: 0, hi: 10 }])).toEqual([]);
    expect(subtractRanges([{ lo: 5, hi: 6 }, { lo: 8, hi: 9 }], [])).toEqual([{ lo: 5, hi: 6 }, { lo: 8, hi: 9 }]);
  });
});
