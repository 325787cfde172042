import { parseSearchFilters } from "~/lib/search/search-filters";
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { MAP_COUNT_ZOOMS, MAX_MAP_FEATURES, type MapFeatureCollection } from "~/lib/map/map-clusters";
import type { BoundingBox } from "~/lib/map/geo-cell";
import { upsertBusinesses } from "~/import/commit.server";
import { mapFeatures, mapPlaces } from "~/models/map.server";
import { directoryRecord } from "./directory-fixtures";
import { atTwoSizes, measuringDb } from "./support/rows-read";

/** Cities the seeded businesses gather around (Gaussian, about 4 km), Suva beside the antimeridian. */
const CITIES = [
  { city: "Zürich", country: "Switzerland", countryCode: "CH", latitude: 47.37, longitude: 8.54 },
  { city: "Paris", country: "France", countryCode: "FR", latitude: 48.8566, longitude: 2.3522 },
  { city: "Istanbul", country: "Türkiye", countryCode: "TR", latitude: 41.0082, longitude: 28.9784 },
  { city: "Suva", country: "Fiji", countryCode: "FJ", latitude: -18.1248, longitude: 179.9 },
];

/** A fixed sequence of numbers in [0, 1): the same directory on every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function gauss(random: () => number) {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Businesses from..to-1, most around the cities, a few anywhere on Earth. */
async function seed(from: number, to: number) {
  const random = randomFrom(from + 7);
  const rows = [];
  for (let i = from; i < to; i++) {
    const place = CITIES[i % CITIES.length]!;
    const anywhere = i % 25 === 0;
    let longitude = anywhere ? random() * 360 - 180 : place.longitude + gauss(random) * 0.05;
    if (longitude > 180) longitude -= 360;
    const latitude = anywhere ? random() * 160 - 80 : place.latitude + gauss(random) * 0.035;
    rows.push(
      toBusinessRow(
        directoryRecord({
          name: `Business ${i}`, placeId: `map-${i}`, city: place.city, country: place.country, countryCode: place.countryCode,
          latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6, rating: (i % 5) + 1,
        }),
      ),
    );
  }
  await upsertBusinesses(env.DB, rows);
}

/** Approved businesses with a position in the box, counted over the whole table. */
async function bruteForceCount(box: BoundingBox): Promise<number> {
  const longitude = box.west <= box.east ? `longitude BETWEEN ?3 AND ?4` : `(longitude >= ?3 OR longitude <= ?4)`;
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM businesses NOT INDEXED WHERE is_approved = 1 AND geo_cell IS NOT NULL AND latitude BETWEEN ?1 AND ?2 AND ${longitude}`,
  )
    .bind(box.south, box.north, box.west, box.east)
    .first<{ n: number }>();
  return row!.n;
}

function countOf(collection: MapFeatureCollection): number {
  return collection.features.reduce((sum, feature) => sum + ("cluster" in feature.properties ? feature.properties.count : 1), 0);
}

async function getMap(query: string) {
  const response = await SELF.fetch(`https://example.com/api/map?${query}`);
  return { status: response.status, body: (await response.json()) as MapFeatureCollection & { error?: string } };
}

/** Each counted zoom's tiles and each city's sums, as a fresh GROUP BY over the businesses. */
async function countDrift() {
  const tiles = await env.DB.prepare(
    `WITH fresh AS (
       SELECT z.zoom, b.geo_cell >> (40 - 2 * z.zoom) AS tile, count(*) AS n, sum(b.latitude) AS lat, sum(b.longitude) AS lng
       FROM map_count_zooms z, businesses b WHERE b.is_approved = 1 AND b.geo_cell IS NOT NULL GROUP BY z.zoom, tile)
     SELECT 'missing or wrong' AS what, f.zoom, f.tile FROM fresh f LEFT JOIN map_cell_counts m ON m.zoom = f.zoom AND m.tile = f.tile
       WHERE m.business_count IS NOT f.n OR abs(m.latitude_sum - f.lat) > 1e-6 OR abs(m.longitude_sum - f.lng) > 1e-6
     UNION ALL
     SELECT 'stale', m.zoom, m.tile FROM map_cell_counts m LEFT JOIN fresh f ON f.zoom = m.zoom AND f.tile = m.tile WHERE f.n IS NULL`,
  ).all();
  const cities = await env.DB.prepare(
    `WITH fresh AS (
       SELECT country_code, city_slug, count(*) AS n, sum(latitude) AS lat, sum(longitude) AS lng FROM businesses
       WHERE is_approved = 1 AND geo_cell IS NOT NULL AND country_code IS NOT NULL AND city_slug IS NOT NULL GROUP BY country_code, city_slug)
     SELECT f.country_code, f.city_slug FROM fresh f LEFT JOIN city_positions p USING (country_code, city_slug)
       WHERE p.business_count IS NOT f.n OR abs(p.latitude_sum - f.lat) > 1e-6 OR abs(p.longitude_sum - f.lng) > 1e-6
     UNION ALL
     SELECT p.country_code, p.city_slug FROM city_positions p LEFT JOIN fresh f USING (country_code, city_slug) WHERE f.n IS NULL`,
  ).all();
  return { tiles: tiles.results, cities: cities.results };
}

const WORLD: BoundingBox = { west: -180, south: -85, east: 180, north: 85 };
/** Zürich at zoom 13 on a 1366 × 800 screen. */
const ZURICH: BoundingBox = { west: 8.4462, south: 47.3311, east: 8.6338, north: 47.4088 };

describe("map counts", () => {
  it("count every approved business with a cell per tile and per city, as a fresh GROUP BY does", async () => {
    const zooms = await env.DB.prepare(`SELECT zoom FROM map_count_zooms ORDER BY zoom`).all<{ zoom: number }>();
    expect(zooms.results.map((row) => row.zoom)).toEqual([...MAP_COUNT_ZOOMS]);

    // A bulk write (counts applied per tile at the batch's end), then row by row.
    await seed(0, 400);
    await upsertBusinesses(env.DB, [toBusinessRow(directoryRecord({ name: "Lone Hotel", placeId: "lone", latitude: 47.5, longitude: 8.7 }))]);
    expect(await countDrift()).toEqual({ tiles: [], cities: [] });
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM map_cell_counts WHERE zoom = 4`).first<{ n: number }>())!.n).toBeGreaterThan(3);

    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id IN ('map-1', 'map-2', 'map-25')`).run();
    await env.DB.prepare(`UPDATE businesses SET latitude = 46.2, longitude = 6.15, geo_cell = ?1, city = 'Geneva', city_slug = 'geneva' WHERE place_id = 'map-4'`)
      .bind(toBusinessRow(directoryRecord({ name: "x", placeId: "x", latitude: 46.2, longitude: 6.15 })).geo_cell)
      .run();
    await env.DB.prepare(`UPDATE businesses SET geo_cell = NULL, latitude = NULL, longitude = NULL WHERE place_id = 'map-8'`).run();
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id IN ('map-12', 'lone')`).run();
    // A re-import of known businesses moved elsewhere, beside new ones, in one bulk write.
    await upsertBusinesses(env.DB, [
      toBusinessRow(directoryRecord({ name: "Business 16", placeId: "map-16", latitude: 40.0, longitude: -3.7, city: "Madrid", country: "Spain", countryCode: "ES" })),
      toBusinessRow(directoryRecord({ name: "New Hotel", placeId: "map-new", latitude: 40.01, longitude: -3.71, city: "Madrid", country: "Spain", countryCode: "ES" })),
    ]);
    await env.DB.prepare(`UPDATE businesses SET is_approved = 1 WHERE place_id = 'map-25'`).run();
    expect(await countDrift()).toEqual({ tiles: [], cities: [] });

    const madrid = (await mapPlaces(env.DB)).find((place) => place.slug === "madrid");
    expect(madrid).toMatchObject({ countryCode: "ES", businessCount: 2 });
    expect(madrid!.latitude).toBeCloseTo(40.005, 6);
  });
});

describe("GET /api/map", () => {
  it("answers clusters whose counts add up to the businesses in the box, at most 500 features", async () => {
    await seed(400, 3000);
    const boxes: [BoundingBox, number][] = [
      [WORLD, 2],
      [ZURICH, 13],
      // Cutting through the middle of Paris, and across the antimeridian at Suva.
      [{ west: 2.3, south: 48.84, east: 2.5, north: 48.95 }, 12],
      [{ west: 179.8, south: -18.3, east: -179.9, north: -17.9 }, 11],
      [{ west: -30, south: 20, east: 60, north: 60 }, 4],
    ];
    for (const [box, zoom] of boxes) {
      const { status, body } = await getMap(`bbox=${box.west},${box.south},${box.east},${box.north}&zoom=${zoom}`);
      expect(status).toBe(200);
      expect(body.type).toBe("FeatureCollection");
      expect(body.features.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
      const expected = await bruteForceCount(box);
      expect(countOf(body), JSON.stringify(box)).toBe(expected);
      for (const feature of body.features) {
        const [longitude, latitude] = feature.geometry.coordinates;
        expect(latitude).toBeGreaterThanOrEqual(box.south - 1e-6);
        expect(latitude).toBeLessThanOrEqual(box.north + 1e-6);
        const inLongitude = box.west <= box.east ? longitude >= box.west - 1e-6 && longitude <= box.east + 1e-6 : longitude >= box.west - 1e-6 || longitude <= box.east + 1e-6;
        expect(inLongitude, `${longitude} in ${JSON.stringify(box)}`).toBe(true);
      }
      if (expected > MAX_MAP_FEATURES) expect(body.features.every((f) => "cluster" in f.properties)).toBe(true);
    }
    // The world view holds more than 500: clusters, one per busy place, each counted.
    const world = await getMap(`bbox=-180,-85,180,85&zoom=2`);
    expect(world.body.features[0]!.properties).toMatchObject({ cluster: true });
  });

  it("lists the businesses themselves when no more than 500 are in view", async () => {
    const box = { west: 2.34, south: 48.85, east: 2.36, north: 48.86 };
    const { body } = await getMap(`bbox=${box.west},${box.south},${box.east},${box.north}&zoom=16`);
    const expected = await env.DB.prepare(
      `SELECT slug FROM businesses WHERE is_approved = 1 AND latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4 ORDER BY slug`,
    )
      .bind(box.south, box.north, box.west, box.east)
      .all<{ slug: string }>();
    expect(expected.results.length).toBeGreaterThan(0);
    expect(expected.results.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    const slugs = body.features.map((f) => ("slug" in f.properties ? f.properties.slug : "cluster")).sort();
    expect(slugs).toEqual(expected.results.map((row) => row.slug));
    expect(body.features[0]!.properties).toEqual({ slug: expect.any(String), name: expect.stringMatching(/^Business /), rating: expect.any(Number) });
  });

  it("counts only the businesses a filter selects, through the lists' one filter translation", async () => {
    const parsed = parseSearchFilters(new URLSearchParams("minRating=4"), false);
    if (!parsed.ok) throw new Error(parsed.error);
    const narrowing = { q: "", location: null, filters: parsed.filters, at: new Date() };
    for (const [box, zoom] of [[WORLD, 2], [ZURICH, 13], [{ west: 2.34, south: 48.85, east: 2.36, north: 48.86 }, 16]] as const) {
      const answer = await mapFeatures(env.DB, box, zoom, narrowing);
      const expected = await env.DB.prepare(
        `SELECT count(*) AS n FROM businesses WHERE is_approved = 1 AND geo_cell IS NOT NULL AND rating >= 4
           AND latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4`,
      )
        .bind(box.south, box.north, box.west, box.east)
        .first<{ n: number }>();
      expect(countOf(answer), JSON.stringify(box)).toBe(expected!.n);
      expect(answer.features.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
      for (const feature of answer.features) if ("rating" in feature.properties) expect(feature.properties.rating).toBeGreaterThanOrEqual(4);
    }
    // The API answers the same count for the same filter.
    const viaApi = await getMap(`bbox=${WORLD.west},${WORLD.south},${WORLD.east},${WORLD.north}&zoom=2&minRating=4`);
    expect(viaApi.status).toBe(200);
    expect(countOf(viaApi.body)).toBe(countOf(await mapFeatures(env.DB, WORLD, 2, narrowing)));
  });

  it("shows a city's or a country's page its own businesses only, as its list does", async () => {
    const inBox = (box: BoundingBox, where: string) =>
      env.DB.prepare(
        `SELECT count(*) AS n FROM businesses WHERE is_approved = 1 AND geo_cell IS NOT NULL AND ${where}
           AND latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4`,
      )
        .bind(box.south, box.north, box.west, box.east)
        .first<{ n: number }>();
    const widerParis = { west: 1.5, south: 48.3, east: 3.2, north: 49.4 };
    for (const [location, where, box, zoom] of [
      ["Paris, France", "city_slug = 'paris' AND country_code = 'FR'", WORLD, 2],
      ["Paris, France", "city_slug = 'paris' AND country_code = 'FR'", widerParis, 9],
      ["Switzerland", "country_code = 'CH'", WORLD, 2],
    ] as const) {
      const own = (await inBox(box, where))!.n;
      const everyone = (await inBox(box, "1"))!.n;
      expect(own).toBeGreaterThan(0);
      expect(everyone, "the view also holds other places' businesses").toBeGreaterThan(own);
      const { status, body } = await getMap(`bbox=${box.west},${box.south},${box.east},${box.north}&zoom=${zoom}&location=${encodeURIComponent(location)}`);
      expect(status).toBe(200);
      expect(countOf(body), `${location} at zoom ${zoom}`).toBe(own);
      expect(body.features.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    }
  });

  it("counts every match of a wide view, or says 'at least' past its budget with every business shown right", async () => {
    for (const [query, condition] of [
      ["minRating=4", "rating >= 4"],
      ["q=business", "id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH 'business')"],
    ] as const) {
      const params = new URLSearchParams(query);
      const q = params.get("q") ?? "";
      const parsed = parseSearchFilters(params, q !== "");
      if (!parsed.ok) throw new Error(parsed.error);
      const matching = await env.DB.prepare(
        `SELECT slug FROM businesses WHERE is_approved = 1 AND geo_cell IS NOT NULL AND ${condition} AND latitude BETWEEN ?1 AND ?2`,
      )
        .bind(WORLD.south, WORLD.north)
        .all<{ slug: string }>();
      const expected = new Set(matching.results.map((row) => row.slug));
      expect(expected.size, query).toBeGreaterThan(0);
      // More businesses in view than the read limit: the finder reads its plan's source, whole here.
      const whole = await mapFeatures(env.DB, WORLD, 2, { q, location: null, filters: parsed.filters, at: new Date() }, { readLimit: 500 });
      expect([countOf(whole), whole.matched, whole.complete], query).toEqual([expected.size, expected.size, true]);
      // A budget smaller than the matches: some of them, each one right, and "at least" said.
      const cut = await mapFeatures(env.DB, WORLD, 2, { q, location: null, filters: parsed.filters, at: new Date() }, { readLimit: 20, budget: 20 });
      expect(cut.complete, query).toBe(false);
      expect(cut.matched!, query).toBeGreaterThan(0);
      expect(cut.matched!, query).toBeLessThan(expected.size);
      const shown = cut.features.flatMap((feature) => ("slug" in feature.properties ? [feature.properties.slug] : []));
      expect(shown.length, query).toBe(cut.matched);
      for (const slug of shown) expect(expected.has(slug), `${query}: ${slug}`).toBe(true);
    }
  });

  it("refuses a bad view or filter with a 400 naming the parameter", async () => {
    for (const [query, parameter] of [
      ["zoom=3", "bbox"],
      ["bbox=1,2,3&zoom=3", "bbox"],
      ["bbox=a,b,c,d&zoom=3", "bbox"],
      ["bbox=0,50,10,40&zoom=3", "bbox"],
      ["bbox=0,-95,10,40&zoom=3", "bbox"],
      ["bbox=0,40,10,50", "zoom"],
      ["bbox=0,40,10,50&zoom=30", "zoom"],
      ["bbox=0,40,10,50&zoom=3&minRating=9", "minRating"],
      ["bbox=0,40,10,50&zoom=3&sort=distance", "sort"],
      ["bbox=0,40,10,50&zoom=3&radius=5", "radius"],
    ] as const) {
      const { status, body } = await getMap(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toContain(parameter);
    }
  });
});

describe("map rows read", () => {
  it("stay bounded for the world at zoom 2 and a city at zoom 13 as the directory grows tenfold", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    const measure = async () => {
      const figures: Record<string, number> = {};
      for (const [name, box, zoom] of [["world, zoom 2", WORLD, 2], ["Zürich, zoom 13", ZURICH, 13]] as const) {
        const measured = measuringDb(env.DB);
        const answer = await mapFeatures(measured.db, box, zoom, null);
        expect(countOf(answer)).toBe(await bruteForceCount(box));
        figures[name] = measured.rowsRead();
      }
      return figures;
    };
    const { small, large } = await atTwoSizes("map rows read", seed, measure);
    // The world's clusters come from its few hundred zoom-4 tiles, not its 6,000 businesses.
    expect(large["world, zoom 2"]).toBeLessThanOrEqual(600);
    // The city's: its tiles and a strip along the box's edge, a fraction of the 1,500 it holds.
    expect(large["Zürich, zoom 13"]).toBeLessThanOrEqual(1000);
    expect(large["world, zoom 2"]! - small["world, zoom 2"]!).toBeLessThanOrEqual(300);
  });
});
