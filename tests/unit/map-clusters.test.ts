import { describe, expect, it } from "vitest";
import { seededRandom } from "../support/seeded-random";
import { boxContains, CELL_ZOOM, geoCell, type BoundingBox } from "~/lib/map/geo-cell";
import {
  ClusterAssembly,
  clusterZoom,
  clustersOfPoints,
  codeTile,
  MAP_COUNT_ZOOMS,
  mapFeatureCollection,
  MAX_MAP_FEATURES,
  parseMapView,
  tileCode,
  tileInsideBox,
  type CountedTile,
} from "~/lib/map/map-clusters";

interface Point {
  cell: number;
  latitude: number;
  longitude: number;
}

/** Points round a few centres, some anywhere, with their cells as the writer derives them. */
function points(count: number, seed: number): Point[] {
  const next = seededRandom(seed);
  const centres = [[47.37, 8.54], [-18.12, 179.95], [40.71, -74.0], [84.9, 10]] as const;
  return Array.from({ length: count }, (_, i) => {
    const [lat, lng] = centres[i % centres.length]!;
    const anywhere = i % 7 === 0;
    const latitude = anywhere ? next() * 170 - 85 : lat + (next() - 0.5) * 0.3;
    let longitude = anywhere ? next() * 360 - 180 : lng + (next() - 0.5) * 0.4;
    if (longitude > 180) longitude -= 360;
    return { cell: geoCell(latitude, longitude)!, latitude, longitude };
  });
}

/** map_cell_counts as the triggers keep it, and a reader answering the assembly's reads from it. */
function countedDirectory(all: Point[]) {
  const tables = new Map<number, Map<number, CountedTile>>();
  for (const zoom of MAP_COUNT_ZOOMS) {
    const table = new Map<number, CountedTile>();
    for (const point of all) {
      const code = Math.floor(point.cell / 4 ** (CELL_ZOOM - zoom));
      const row = table.get(code) ?? { zoom, code, count: 0, latitudeSum: 0, longitudeSum: 0 };
      row.count++;
      row.latitudeSum += point.latitude;
      row.longitudeSum += point.longitude;
      table.set(code, row);
    }
    tables.set(zoom, table);
  }
  let rowsRead = 0;
  const read = (zoom: number, ranges: { lo: number; hi: number }[]): CountedTile[] => {
    const rows: CountedTile[] = [];
    if (zoom === CELL_ZOOM) {
      for (const point of all) {
        if (ranges.some((r) => point.cell >= r.lo && point.cell <= r.hi)) rows.push({ zoom, code: point.cell, count: 1, latitudeSum: point.latitude, longitudeSum: point.longitude });
      }
    } else {
      for (const row of tables.get(zoom)!.values()) if (ranges.some((r) => row.code >= r.lo && row.code <= r.hi)) rows.push(row);
    }
    rowsRead += rows.length;
    return rows;
  };
  return { read, rowsRead: () => rowsRead };
}

function assemble(all: Point[], box: BoundingBox, viewZoom: number) {
  const directory = countedDirectory(all);
  const assembly = new ClusterAssembly(box, clusterZoom(box, viewZoom));
  let rounds = 0;
  for (let reads = assembly.reads(); reads.length > 0; reads = assembly.reads()) {
    rounds++;
    assembly.take(reads.flatMap((read) => directory.read(read.zoom, read.ranges)));
  }
  return { assembly, rounds, rowsRead: directory.rowsRead() };
}

describe("map view parameters", () => {
  it("reads a box and a zoom, wrapping longitudes a panned map gives and taking a view wider than the world as the world", () => {
    expect(parseMapView(new URLSearchParams("bbox=28.8,40.9,29.2,41.1&zoom=12.5"))).toEqual({ ok: true, box: { west: 28.8, south: 40.9, east: 29.2, north: 41.1 }, zoom: 12.5 });
    expect(parseMapView(new URLSearchParams("bbox=170,-20,190,-10&zoom=5"))).toMatchObject({ box: { west: 170, east: -170 } });
    expect(parseMapView(new URLSearchParams("bbox=-250,-80,200,80&zoom=0"))).toMatchObject({ box: { west: -180, east: 180 } });
  });

  it("refuses a bad box or zoom, naming the parameter", () => {
    for (const query of ["zoom=3", "bbox=&zoom=3", "bbox=1,2,3&zoom=3", "bbox=1,2,3,4,5&zoom=3", "bbox=a,2,3,4&zoom=3", "bbox=1,2,3,Infinity&zoom=3", "bbox=0,50,10,40&zoom=3", "bbox=0,-91,10,40&zoom=3"]) {
      expect(parseMapView(new URLSearchParams(query)), query).toMatchObject({ ok: false, parameter: "bbox" });
    }
    for (const query of ["bbox=0,0,1,1", "bbox=0,0,1,1&zoom=-1", "bbox=0,0,1,1&zoom=23", "bbox=0,0,1,1&zoom=x"]) {
      expect(parseMapView(new URLSearchParams(query)), query).toMatchObject({ ok: false, parameter: "zoom" });
    }
  });
});

describe("cluster zoom", () => {
  it("is two zooms below the view's, as a counted zoom, coarser while the box would hold more than 500 tiles", () => {
    const city = { west: 8.4462, south: 47.3311, east: 8.6338, north: 47.4088 };
    expect(clusterZoom(city, 13)).toBe(14);
    expect(clusterZoom(city, 12)).toBe(14);
    expect(clusterZoom({ west: -180, south: -85, east: 180, north: 85 }, 2)).toBe(4);
    // A whole-world box asked at zoom 18 still gives at most 500 clusters.
    expect(clusterZoom({ west: -180, south: -85, east: 180, north: 85 }, 18)).toBe(4);
    expect(clusterZoom({ west: 8.54, south: 47.37, east: 8.541, north: 47.371 }, 22)).toBe(18);
  });
});

describe("cluster assembly", () => {
  const all = points(4000, 3);
  const boxes: [string, BoundingBox, number][] = [
    ["the world", { west: -180, south: -85, east: 180, north: 85 }, 2],
    ["the whole globe to the poles", { west: -180, south: -90, east: 180, north: 90 }, 1],
    ["a city, cut through", { west: 8.5, south: 47.3, east: 8.6, north: 47.45 }, 12],
    ["across the antimeridian", { west: 179.9, south: -18.2, east: -179.95, north: -18.0 }, 13],
    ["by the pole's edge", { west: 0, south: 84.8, east: 20, north: 85.02 }, 9],
    ["a continent", { west: -20, south: 30, east: 40, north: 70 }, 4],
    ["a street", { west: 8.53, south: 47.365, east: 8.532, north: 47.366 }, 18],
  ];

  for (const [name, box, zoom] of boxes) {
    it(`counts exactly the points in ${name}`, () => {
      const { assembly } = assemble(all, box, zoom);
      const inBox = all.filter((point) => boxContains(box, point));
      expect(assembly.total()).toBe(inBox.length);
      const clusters = assembly.clusters();
      expect(clusters.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
      // Each cluster is its tile's points in the box, at their mean.
      for (const cluster of clusters) {
        const members = inBox.filter((point) => Math.floor(point.cell / 4 ** (CELL_ZOOM - assembly.zoom)) === cluster.code);
        expect(cluster.count).toBe(members.length);
        expect(cluster.latitude).toBeCloseTo(members.reduce((sum, p) => sum + p.latitude, 0) / members.length, 9);
      }
    });
  }

  it("bounds the box's count after every round, so a narrowed map can stop reading once it knows the view is wide or not", () => {
    const directory = countedDirectory(all);
    for (const [name, box, zoom] of boxes) {
      const inBox = all.filter((point) => boxContains(box, point)).length;
      const assembly = new ClusterAssembly(box, clusterZoom(box, zoom));
      expect(assembly.bounds().atMost, name).toBe(Infinity);
      for (let reads = assembly.reads(); reads.length > 0; reads = assembly.reads()) {
        assembly.take(reads.flatMap((read) => directory.read(read.zoom, read.ranges)));
        const { atLeast, atMost } = assembly.bounds();
        expect(atLeast, name).toBeLessThanOrEqual(inBox);
        expect(atMost, name).toBeGreaterThanOrEqual(inBox);
      }
      expect(assembly.bounds(), name).toEqual({ atLeast: inBox, atMost: inBox });
    }
  });

  it("reads tiles along the box's edge, not every point inside it", () => {
    const next = seededRandom(5);
    const dense = Array.from({ length: 6000 }, () => {
      const latitude = 47.37 + (next() - 0.5) * 0.16;
      const longitude = 8.54 + (next() - 0.5) * 0.24;
      return { cell: geoCell(latitude, longitude)!, latitude, longitude };
    });
    const box = { west: 8.45, south: 47.3, east: 8.63, north: 47.44 };
    const { assembly, rowsRead, rounds } = assemble(dense, box, 12);
    const inBox = dense.filter((point) => boxContains(box, point)).length;
    expect(assembly.total()).toBe(inBox);
    expect(inBox).toBeGreaterThan(2000);
    expect(rowsRead).toBeLessThan(inBox / 2);
    // Zoom 14 then 16, then 18 and the businesses: two rounds.
    expect(rounds).toBe(2);
  });

  it("tells a tile wholly inside a box from one its edge cuts, the poles' rows included", () => {
    const box = { west: -10, south: -90, east: 30, north: 90 };
    const top = codeTile(tileCode({ zoom: 4, x: 8, y: 0 }), 4);
    expect(top).toEqual({ zoom: 4, x: 8, y: 0 });
    expect(tileInsideBox(top, box)).toBe(true);
    expect(tileInsideBox(top, { ...box, north: 85 })).toBe(false);
  });
});

describe("map answer", () => {
  it("writes businesses and clusters as GeoJSON points in the contract's shape", () => {
    expect(mapFeatureCollection({ businesses: [{ slug: "a", name: "A", rating: 4.5, latitude: 47.123456789, longitude: 8.1 }] })).toEqual({
      type: "FeatureCollection",
      features: [{ type: "Feature", geometry: { type: "Point", coordinates: [8.1, 47.123457] }, properties: { slug: "a", name: "A", rating: 4.5 } }],
    });
    const clusters = clustersOfPoints(points(100, 9), 4);
    const collection = mapFeatureCollection({ clusters });
    expect(collection.features.every((f) => "cluster" in f.properties && f.properties.cluster === true)).toBe(true);
    expect(collection.features.reduce((sum, f) => sum + ("count" in f.properties ? f.properties.count : 0), 0)).toBe(100);
  });
});
