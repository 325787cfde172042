import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/map/geo-cell";
import {
  CLUSTER_ZOOM_STEP,
  RESULTS_MAP_MAX_ZOOM,
  boundsOfPoints,
  businessesShown,
  clusterClickZoom,
  initialBox,
  mapQuery,
  readMapFeatures,
  searchArea,
  viewBox,
} from "~/lib/map/results-map";

describe("a cluster click", () => {
  it("zooms in two whole levels from where the map is", () => {
    expect(clusterClickZoom(3)).toBe(3 + CLUSTER_ZOOM_STEP);
    expect(clusterClickZoom(7.6)).toBe(9);
  });

  it("stops at the deepest zoom the map offers", () => {
    expect(clusterClickZoom(RESULTS_MAP_MAX_ZOOM - 1)).toBe(RESULTS_MAP_MAX_ZOOM);
    expect(clusterClickZoom(RESULTS_MAP_MAX_ZOOM)).toBe(RESULTS_MAP_MAX_ZOOM);
  });
});

describe("Search this area", () => {
  const istanbul = { latitude: 41.0082, longitude: 28.9784 };
  // A view about 8 km wide and 6 km high around the centre.
  const cityView = { west: 28.93, south: 40.981, east: 29.026, north: 41.035 };

  it("searches around the view's centre with the smallest radius reaching its nearer edges", () => {
    const area = searchArea(cityView, istanbul);
    expect(area.near).toEqual(istanbul);
    const halfHeight = distanceKm(istanbul, { latitude: cityView.north, longitude: istanbul.longitude });
    expect(halfHeight).toBeGreaterThan(1);
    expect(halfHeight).toBeLessThan(5);
    expect(area.radiusKm).toBe(5);
  });

  it("gives a street-sized view 1 km and a country-sized view the largest radius", () => {
    expect(searchArea({ west: 28.975, south: 41.0065, east: 28.982, north: 41.01 }, istanbul).radiusKm).toBe(1);
    expect(searchArea({ west: 26, south: 36, east: 45, north: 42 }, { latitude: 39, longitude: 35 }).radiusKm).toBe(50);
  });

  it("writes the centre to five decimals, as a shared link carries it", () => {
    expect(searchArea(cityView, { latitude: 41.008234567, longitude: 28.978412345 }).near).toEqual({ latitude: 41.00823, longitude: 28.97841 });
  });
});

describe("the map's view as a box", () => {
  it("keeps an ordinary view as it is", () => {
    expect(viewBox(2.2, 48.8, 2.4, 48.9)).toEqual({ west: 2.2, south: 48.8, east: 2.4, north: 48.9 });
  });

  it("is the whole world when the view shows the world more than once", () => {
    expect(viewBox(-300, -80, 300, 80)).toEqual({ west: -180, south: -80, east: 180, north: 80 });
  });

  it("keeps west > east across the antimeridian", () => {
    const box = viewBox(170, -20, 190, -10);
    expect(box.west).toBe(170);
    expect(box.east).toBeCloseTo(-170);
  });
});

describe("the /api/map query of a view", () => {
  const box = { west: 28.9, south: 40.9, east: 29.1, north: 41.1 };

  it("carries the list's search text, location and filters, not its sort or page", () => {
    const query = new URLSearchParams(mapQuery("?q=hotel&location=Istanbul&minRating=4&amenity=Pool&sort=rating&page=3&view=list", [], box, 11.7));
    expect([...query.entries()]).toEqual([
      ["q", "hotel"],
      ["location", "Istanbul"],
      ["minRating", "4"],
      ["amenity", "Pool"],
      ["bbox", "28.9,40.9,29.1,41.1"],
      ["zoom", "11"],
    ]);
  });

  it("puts the page's own scope first and lets nothing in the address override it", () => {
    const query = new URLSearchParams(mapQuery("?category=bar&verified=1", [["category", "hotel"]], box, 5));
    expect(query.getAll("category")).toEqual(["hotel"]);
    expect(query.get("verified")).toBe("1");
  });
});

describe("an /api/map answer", () => {
  const answer = {
    type: "FeatureCollection",
    features: [
      { type: "Feature", geometry: { type: "Point", coordinates: [28.97, 41.0] }, properties: { cluster: true, count: 120 } },
      { type: "Feature", geometry: { type: "Point", coordinates: [29.01, 41.02] }, properties: { slug: "hotel-sahil", name: "Hotel Sahil", rating: 4.5 } },
      { type: "Feature", geometry: { type: "Point", coordinates: [29.02, 41.03] }, properties: { slug: "no-rating", name: "No Rating", rating: null } },
      { type: "Feature", geometry: { type: "LineString", coordinates: [[0, 0], [1, 1]] }, properties: { slug: "line" } },
      { type: "Feature", geometry: { type: "Point", coordinates: ["x", 1] }, properties: { slug: "bad" } },
    ],
  };

  it("reads clusters and businesses and leaves out what is not a point", () => {
    expect(readMapFeatures(answer)).toEqual([
      { kind: "cluster", count: 120, longitude: 28.97, latitude: 41.0 },
      { kind: "business", slug: "hotel-sahil", name: "Hotel Sahil", rating: 4.5, longitude: 29.01, latitude: 41.02 },
      { kind: "business", slug: "no-rating", name: "No Rating", rating: null, longitude: 29.02, latitude: 41.03 },
    ]);
    expect(readMapFeatures({ error: "bbox must be WEST,SOUTH,EAST,NORTH" })).toEqual([]);
  });

  it("counts every business a cluster stands for", () => {
    expect(businessesShown(readMapFeatures(answer))).toBe(122);
  });
});

describe("the view the map opens on", () => {
  it("is the list's radius when it is near a place", () => {
    const box = initialBox("?near=41.0082,28.9784&radius=5", [])!;
    expect(distanceKm({ latitude: 41.0082, longitude: 28.9784 }, { latitude: box.north, longitude: 28.9784 })).toBeCloseTo(5, 1);
  });

  it("is the listed businesses' box otherwise, and nothing (the world) without coordinates", () => {
    expect(initialBox("?q=hotel", [{ latitude: 41, longitude: 29 }, { latitude: 40, longitude: 32.8 }, { latitude: null, longitude: null }, {}])).toEqual({
      west: 29,
      south: 40,
      east: 32.8,
      north: 41,
    });
    expect(initialBox("", [{}])).toBeNull();
    expect(boundsOfPoints([{ latitude: 91, longitude: 0 }])).toBeNull();
  });
});
