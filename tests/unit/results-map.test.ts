import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/map/geo-cell";
import {
  CLUSTER_ZOOM_STEP,
  FIT_MAX_ZOOM,
  LOCATION_MAP_ZOOM,
  PIN_CLUSTER_RADIUS_PX,
  RESULTS_MAP_MAX_ZOOM,
  answerCount,
  boundsOfPoints,
  businessesShown,
  clusterClickZoom,
  clusterPins,
  fitStep,
  fittingBox,
  initialBox,
  isOfflineBasemap,
  locationMapZoom,
  mapQuery,
  mapQuestion,
  mapStatus,
  pixelPoint,
  radiusBox,
  readMapAnswer,
  readMapFeatures,
  searchArea,
  shouldWiden,
  viewAround,
  viewBox,
  viewQuery,
  widestSpan,
  worldPixel,
  type MapAnswer,
  type MapFeature,
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

describe("the question a list asks its map", () => {
  it("is the list's scope, words, place and filters, whatever its sort or page", () => {
    const question = mapQuestion("?q=hotel&location=Paris&verified=1&sort=rating&page=2", []);
    expect(question).toBe("q=hotel&location=Paris&verified=1");
    expect(mapQuestion("?q=hotel&location=Paris&verified=1&sort=name", [])).toBe(question);
  });

  it("changes with the words, the place, a filter or the scope: the map then fits again", () => {
    const base = mapQuestion("?q=hotel", []);
    expect(mapQuestion("?q=hotel&location=Paris", [])).not.toBe(base);
    expect(mapQuestion("?q=hostel", [])).not.toBe(base);
    expect(mapQuestion("?q=hotel&minRating=4", [])).not.toBe(base);
    expect(mapQuestion("?q=hotel&near=48.85,2.35&radius=5", [])).not.toBe(base);
    expect(mapQuestion("?q=hotel", [["location", "FR"]])).toBe("location=FR&q=hotel");
  });

  it("is asked in a view with its box and whole zoom", () => {
    expect(viewQuery("location=FR", { west: -5, south: 41, east: 9.5, north: 51.1 }, 5.8)).toBe("location=FR&bbox=-5%2C41%2C9.5%2C51.1&zoom=5");
  });
});

describe("an answer's own count", () => {
  const business = { type: "Feature", geometry: { type: "Point", coordinates: [2.35, 48.85] }, properties: { slug: "a", name: "A", rating: null } };

  it("reads matched and complete beside the features", () => {
    const answer = readMapAnswer({ type: "FeatureCollection", features: [business], matched: 12_000, complete: false });
    expect([answer.features.length, answer.matched, answer.complete]).toEqual([1, 12_000, false]);
  });

  it("is complete and counted from its points without them, or with unreadable ones", () => {
    expect(readMapAnswer({ type: "FeatureCollection", features: [business] })).toEqual({ features: readMapFeatures({ features: [business] }), matched: null, complete: true });
    expect(readMapAnswer({ features: [], matched: "many", complete: "no" })).toEqual({ features: [], matched: null, complete: true });
    expect(readMapAnswer(null)).toEqual({ features: [], matched: null, complete: true });
  });

  it("says at least how many match when the server stopped at its bound, never that none does", () => {
    expect(mapStatus({ features: [], matched: 12_345, complete: false })).toBe(
      "At least 12,345 businesses match in this area — zoom in or refine the search to see them all.",
    );
    expect(mapStatus({ features: [{ kind: "cluster", count: 600, longitude: 0, latitude: 0 }], matched: null, complete: false })).toMatch(/^At least 600 businesses match/);
    expect(mapStatus({ features: [], matched: 0, complete: false })).not.toMatch(/No business/);
  });

  it("says the plain count when the answer is complete", () => {
    expect(mapStatus({ features: [], matched: null, complete: true })).toBe("No business in this area matches.");
    expect(mapStatus(readMapAnswer({ features: [business] }))).toBe("1 business in this area.");
    expect(mapStatus({ features: [], matched: 2_981, complete: true })).toBe("2,981 businesses in this area.");
  });
});

const pin = (slug: string, latitude: number, longitude: number): MapFeature => ({ kind: "business", slug, name: slug, rating: null, latitude, longitude });

describe("pins merged into counted bubbles", () => {
  // Three hotels a few hundred metres apart in Paris, one in Lyon.
  const paris = [pin("p1", 48.8566, 2.3522), pin("p2", 48.858, 2.355), pin("p3", 48.855, 2.349)];
  const lyon = pin("lyon", 45.764, 4.8357);

  it("merges pins closer on screen than a bubble into one counting them, at their mean, with their box", () => {
    const drawn = clusterPins([...paris, lyon], 6);
    expect(drawn).toHaveLength(2);
    const cluster = drawn.find((feature) => feature.kind === "cluster")!;
    expect(cluster).toMatchObject({ kind: "cluster", count: 3, box: { west: 2.349, south: 48.855, east: 2.355, north: 48.858 } });
    expect(cluster.latitude).toBeCloseTo(48.8565, 3);
    expect(cluster.longitude).toBeCloseTo(2.3521, 3);
    expect(drawn).toContainEqual(lyon);
  });

  it("splits them as the map zooms in, and counts every business either way", () => {
    const drawn = clusterPins([...paris, lyon], 17);
    expect(drawn.every((feature) => feature.kind === "business")).toBe(true);
    for (const zoom of [2, 6, 10, 14, 17]) expect(businessesShown(clusterPins([...paris, lyon], zoom))).toBe(4);
  });

  it("leaves no two bubbles crowding each other", () => {
    // A line of 190 pins 200 m apart: a solid stripe unmerged.
    const stripe = Array.from({ length: 190 }, (_, i) => pin(`s${i}`, 46, 6 + i * 0.0026));
    for (const zoom of [8, 11, 13]) {
      const drawn = clusterPins(stripe, zoom);
      expect(drawn.length).toBeLessThan(190);
      expect(businessesShown(drawn)).toBe(190);
      const pixels = drawn.map((feature) => worldPixel(feature, zoom));
      for (let i = 0; i < pixels.length; i++) {
        for (let j = i + 1; j < pixels.length; j++) {
          expect(Math.hypot(pixels[i]!.x - pixels[j]!.x, pixels[i]!.y - pixels[j]!.y)).toBeGreaterThan(PIN_CLUSTER_RADIUS_PX);
        }
      }
    }
  });

  it("passes the server's clusters as they are and merges nothing at the deepest zoom", () => {
    const server: MapFeature = { kind: "cluster", count: 1200, latitude: 48.86, longitude: 2.35 };
    expect(clusterPins([server], 4)).toEqual([server]);
    expect(clusterPins([pin("a", 1, 1), pin("b", 1, 1)], RESULTS_MAP_MAX_ZOOM)).toHaveLength(2);
  });

  it("groups the same answer the same way whatever its order", () => {
    expect(clusterPins([lyon, ...paris].reverse(), 6)).toEqual(clusterPins([...paris, lyon], 6));
  });
});

describe("where the map fits a question's answer", () => {
  it("is the box of its points", () => {
    expect(fitStep([pin("a", 48.85, 2.35), pin("b", 45.76, 4.83)], 1)).toEqual({ kind: "fit", box: { west: 2.35, south: 45.76, east: 4.83, north: 48.85 } });
  });

  it("asks again closer around a lone cluster, whose businesses may spread over its tile", () => {
    const lone: MapFeature = { kind: "cluster", count: 900, latitude: 46.8, longitude: 8.2 };
    expect(fitStep([lone], 1)).toEqual({ kind: "closer", center: { latitude: 46.8, longitude: 8.2 }, zoom: 1 + CLUSTER_ZOOM_STEP });
    expect(fitStep([lone], FIT_MAX_ZOOM)).toEqual({ kind: "fit", box: { west: 8.2, south: 46.8, east: 8.2, north: 46.8 } });
  });

  it("leaves the map where it is when nothing matches anywhere", () => {
    expect(fitStep([], 1)).toEqual({ kind: "none" });
  });

  it("is the list's radius when it is near a place, with no request", () => {
    expect(radiusBox("?q=hotel&near=48.85,2.35&radius=5")).not.toBeNull();
    expect(radiusBox("?q=hotel")).toBeNull();
  });

  it("steps out when the fitted view shows fewer than the answer it was fitted to", () => {
    const world: MapAnswer = { features: [{ kind: "cluster", count: 40, latitude: 0, longitude: 0 }], matched: null, complete: true };
    const fewer: MapAnswer = { features: [pin("a", 0, 0)], matched: 38, complete: true };
    const view = { west: -10, south: -20, east: 10, north: 20 };
    expect(answerCount(fewer)).toBe(38);
    expect(shouldWiden(world, fewer, view)).toBe(true);
    expect(shouldWiden(world, { ...fewer, matched: 40 }, view)).toBe(false);
    expect(shouldWiden(null, fewer, view)).toBe(false);
    // A lower bound proves nothing either way.
    expect(shouldWiden(world, { ...fewer, complete: false }, view)).toBe(false);
  });

  it("does not step out of a view that already shows every latitude: the map goes no farther", () => {
    const world: MapAnswer = { features: [], matched: 400, complete: true };
    expect(shouldWiden(world, { features: [], matched: 363, complete: true }, { west: -112, south: -85.05113, east: 131, north: 85.05113 })).toBe(false);
  });

  it("spans at most the longitudes a tall map can show, holding the most businesses", () => {
    // 520 × 772 px: the world fills the height before its width fits.
    expect(widestSpan(520, 772)).toBeCloseTo(242.5, 1);
    expect(widestSpan(1000, 400)).toBe(360);
    expect(widestSpan(0, 0)).toBe(360);
    const worldwide = [pin("la", 34, -118), pin("ny", 40.7, -74), pin("paris", 48.85, 2.35), pin("berlin", 52.5, 13.4), pin("delhi", 28.6, 77.2), pin("tokyo", 35.7, 139.7)];
    // All of them, round the widest gap (the Pacific).
    expect(fittingBox(worldwide)).toEqual({ west: -118, south: 28.6, east: 139.7, north: 52.5 });
    // 150°: Los Angeles to Berlin holds four, as many as Paris to Tokyo and narrower.
    expect(fittingBox(worldwide, 150)).toEqual({ west: -118, south: 34, east: 13.4, north: 52.5 });
    // A cluster of 50 near Osaka weighs its count.
    const clustered: MapFeature[] = [...worldwide, { kind: "cluster", count: 50, latitude: 34.7, longitude: 135.5 }];
    expect(fittingBox(clustered, 150)).toEqual({ west: 2.35, south: 28.6, east: 139.7, north: 52.5 });
  });

  it("crosses the antimeridian when that is the narrower way round", () => {
    // Fiji and Samoa: 7° apart across it, 353° the other way.
    expect(fittingBox([pin("suva", -18.1, 178.4), pin("apia", -13.8, -171.8)])).toEqual({ west: 178.4, south: -18.1, east: -171.8, north: -13.8 });
    expect(fittingBox([pin("only", 1, 2)])).toEqual({ west: 2, south: 1, east: 2, north: 1 });
    expect(fittingBox([])).toBeNull();
  });
});

describe("Web Mercator pixels", () => {
  it("go to a point and back", () => {
    const point = { latitude: 48.8566, longitude: 2.3522 };
    const { x, y } = worldPixel(point, 11);
    const back = pixelPoint(x, y, 11);
    expect(back.latitude).toBeCloseTo(point.latitude, 9);
    expect(back.longitude).toBeCloseTo(point.longitude, 9);
    // maplibre's world is 512 px wide at zoom 0.
    expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 256, y: 256 });
  });

  it("give the box a map of a size shows around a point", () => {
    const box = viewAround({ latitude: 0, longitude: 0 }, 2, 512, 256);
    // 2048 px of world at zoom 2: 512 px are a quarter of its longitudes.
    expect(box.west).toBeCloseTo(-45);
    expect(box.east).toBeCloseTo(45);
    expect(box.north).toBeCloseTo(-box.south);
  });
});

describe("a business's location map", () => {
  it("opens at city level on the offline basemap, which draws no streets", () => {
    for (const style of ["/map-style.json", "https://example.com/map-style.json", "/map-style.json?v=2", ""]) {
      expect(isOfflineBasemap(style)).toBe(true);
      expect(locationMapZoom(style)).toBe(LOCATION_MAP_ZOOM.offline);
    }
    expect(LOCATION_MAP_ZOOM.offline).toBeGreaterThanOrEqual(10);
    expect(LOCATION_MAP_ZOOM.offline).toBeLessThanOrEqual(11);
  });

  it("opens at street level on a street style", () => {
    expect(locationMapZoom("https://tiles.openfreemap.org/styles/liberty")).toBe(LOCATION_MAP_ZOOM.streets);
    expect(isOfflineBasemap("https://demotiles.maplibre.org/style.json")).toBe(false);
  });
});
