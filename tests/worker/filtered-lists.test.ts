import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { amenityKey, toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { distanceKm, type LatLng } from "~/lib/map/geo-cell";
import { parseSearchFilters, type SearchFilters } from "~/lib/search/search-filters";
import { upsertBusinesses } from "~/import/commit.server";
import { FILTERED_CANDIDATES, FIND_ROWS_CEILING, NEAR_ROWS_BUDGET, findBusinesses, nearestCandidates, placeOf, type ListScope } from "~/models/finder.server";
import { searchBusinesses } from "~/models/search.server";
import { BASE, directoryRecord, fetchPage } from "./directory-fixtures";
import { measuringDb } from "./support/rows-read";

/** The middle of the seeded city: businesses thin out around it as in a real one. */
const CENTRE: LatLng = { latitude: 41.01, longitude: 28.98 };
const HOURS = [JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]))),
  JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Closed"]))), null];

/** A deterministic spread around CENTRE: most within a few kilometres, some 20–40 km out. */
function place(i: number): LatLng {
  const angle = (i * 2.399963) % (2 * Math.PI);
  const km = i % 10 === 9 ? 20 + (i % 20) : 6 * Math.sqrt(((i * 7919) % 1000) / 1000);
  return { latitude: CENTRE.latitude + (km / 111.2) * Math.sin(angle), longitude: CENTRE.longitude + ((km / 111.2) * Math.cos(angle)) / Math.cos((CENTRE.latitude * Math.PI) / 180) };
}

function amenitiesOf(i: number): string[] {
  return [i % 2 === 0 ? "Free Wi-Fi" : null, i % 5 === 0 ? "Pool" : null, i % 7 === 0 ? "Parking" : null].filter((a): a is string => a !== null);
}

function seededRecord(i: number): BusinessRecord {
  const point = place(i);
  const amenities = amenitiesOf(i);
  return directoryRecord({
    name: `${i % 2 ? "Lokanta" : "Otel"} ${i}`,
    placeId: `near-${i}`,
    type: i % 2 ? "Restaurant" : "Hotel",
    city: "İstanbul",
    country: "Türkiye",
    countryCode: "TR",
    fullAddress: `Sokak ${i}, İstanbul`,
    latitude: point.latitude,
    longitude: point.longitude,
    rating: i % 13 === 0 ? null : 1 + (i % 41) / 10,
    reviews: (i * 37) % 500,
    verified: i % 3 !== 0,
    about: amenities.length ? JSON.stringify({ Amenities: Object.fromEntries(amenities.map((a) => [a, true])), Other: { Bar: false } }) : null,
    priceRange: i % 6 === 5 ? null : "$".repeat(1 + (i % 4)),
    workingHours: HOURS[i % 3]!,
    timeZone: "Europe/Istanbul",
  });
}

/** A list page's question: its scope and filters, no words. */
const readList = (db: D1Database, scope: ListScope, filters: SearchFilters, paging: { page: number; perPage: number }) =>
  findBusinesses(db, { words: "", location: null, scope, filters, at: new Date() }, paging);

async function seed(from: number, to: number) {
  const rows = [];
  for (let i = from; i < to; i++) rows.push(toBusinessRow(seededRecord(i), 1_700_000_000 + i));
  await upsertBusinesses(env.DB, rows);
}

/** What every filter keeps, worked out from the records themselves (open: "Open 24 hours"). */
function bruteForce(count: number, filters: SearchFilters) {
  const kept = [];
  for (let i = 0; i < count; i++) {
    const r = seededRecord(i);
    const distance = filters.near ? distanceKm(filters.near, { latitude: r.latitude!, longitude: r.longitude! }) : null;
    if (filters.near && distance! > filters.radiusKm!) continue;
    if (filters.minRating !== null && (r.rating === null || r.rating < filters.minRating)) continue;
    if (filters.verified && !r.verified) continue;
    if (filters.category && filters.category !== (i % 2 ? "restaurant" : "hotel")) continue;
    if (filters.amenities.some((a) => !amenitiesOf(i).map(amenityKey).includes(amenityKey(a)))) continue;
    if (filters.price && r.priceRange !== filters.price) continue;
    if (filters.openNow && i % 3 !== 0) continue;
    kept.push({ name: r.name, distance });
  }
  return kept;
}

function filtersFrom(query: string, hasQuery = false): SearchFilters {
  const parsed = parseSearchFilters(new URLSearchParams(query), hasQuery);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.filters;
}

const near = `near=${CENTRE.latitude},${CENTRE.longitude}`;

describe("filtered lists on seeded data", () => {
  const COUNT = 600;
  beforeAll(() => seed(0, COUNT));

  it("near a point: every business within the radius, nearest first, none outside it (checked by brute force)", async () => {
    for (const radius of [1, 5, 10, 25]) {
      const filters = filtersFrom(`${near}&radius=${radius}&sort=distance`);
      const expected = bruteForce(COUNT, filters).sort((a, b) => a.distance! - b.distance!);
      const listed: { name: string; distanceKm: number | null }[] = [];
      let page = 1;
      let totalPages = 1;
      do {
        const list = await readList(env.DB, { kind: "all" }, filters, { page, perPage: 20 });
        expect(list.totalCount, `radius ${radius}`).toBe(expected.length);
        expect(list.moreThanCounted).toBe(false);
        listed.push(...list.businesses);
        totalPages = list.totalPages;
        page++;
      } while (page <= totalPages);
      expect(listed.map((b) => b.name), `radius ${radius}`).toEqual(expected.map((b) => b.name));
      for (const business of listed) expect(business.distanceKm!).toBeLessThanOrEqual(radius);
    }
  }, 60_000);

  it("honours each filter, alone and with near, on the lists and with a search's words", async () => {
    const cases = ["minRating=4", "minRating=4.5", "verified=1", "category=restaurant", "amenity=Pool", "amenity=free+wi-fi&amenity=Parking", "price=%24%24", "openNow=1"];
    for (const query of cases) {
      for (const withNear of [false, true]) {
        const filters = filtersFrom(withNear ? `${query}&${near}&radius=5` : query);
        const expected = bruteForce(COUNT, filters).map((b) => b.name).sort();
        const list = await readList(env.DB, { kind: "city", countryCode: "TR", citySlug: "istanbul" }, filters, { page: 1, perPage: 1000 });
        expect(list.businesses.map((b) => b.name).sort(), `${query} near: ${withNear}`).toEqual(expected);
        // The same filters on a search: only its words' matches ("otel": the hotels).
        const found = await searchBusinesses(env.DB, { q: "otel", page: 1, filters });
        expect(found.totalCount, `search ${query}`).toBe(expected.filter((name) => name.startsWith("Otel")).length);
      }
    }
    // openNow: the answer says it of each business.
    const open = await readList(env.DB, { kind: "all" }, filtersFrom("openNow=1"), { page: 1, perPage: 20 });
    expect(open.businesses.length).toBeGreaterThan(0);
    expect(open.businesses.every((b) => b.openNow)).toBe(true);
  }, 60_000);

  it("sorts by rating, reviews and name", async () => {
    const list = async (sort: string) => (await readList(env.DB, { kind: "category", slug: "hotel" }, filtersFrom(`sort=${sort}`), { page: 1, perPage: 300 })).businesses;
    const rated = await list("rating");
    const ratings = rated.map((b) => b.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const reviewed = (await list("reviews")).map((b) => b.reviews);
    expect(reviewed).toEqual([...reviewed].sort((a, b) => b - a));
    const named = (await list("name")).map((b) => b.name.toLowerCase());
    expect(named).toEqual([...named].sort());
  });
});

describe("GET /api/search", () => {
  beforeAll(() => seed(0, 200));

  it("answers the contract: results with their fields, totalCount, page, totalPages; distanceKm only with near", async () => {
    const response = await SELF.fetch(`${BASE}/api/search?q=otel&${near}&radius=5&sort=distance&page=1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: Record<string, unknown>[]; totalCount: number; page: number; totalPages: number };
    expect(Object.keys(body).sort()).toEqual(["page", "results", "totalCount", "totalPages"]);
    expect(body.page).toBe(1);
    expect(body.results.length).toBe(Math.min(20, body.totalCount));
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 20));
    expect(Object.keys(body.results[0]!).sort()).toEqual(
      ["category", "city", "country", "countryCode", "distanceKm", "id", "latitude", "longitude", "name", "openNow", "rating", "reviews", "slug"].sort(),
    );
    const distances = body.results.map((r) => r.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d <= 5)).toBe(true);
    expect(body.results[0]).toMatchObject({ countryCode: "TR", city: "İstanbul", openNow: expect.any(Boolean) });

    const plain = (await (await SELF.fetch(`${BASE}/api/search?q=otel&page=2`)).json()) as { results: Record<string, unknown>[]; page: number };
    expect(plain.page).toBe(2);
    expect(plain.results.length).toBeGreaterThan(0);
    expect(plain.results.every((r) => !("distanceKm" in r))).toBe(true);
  });

  it("answers a bad parameter with 400 { error } naming it", async () => {
    const bad: [string, string][] = [
      ["near=91,0", "near"],
      ["near=abc", "near"],
      ["radius=5", "radius"],
      [`${near}&radius=7`, "radius"],
      ["minRating=9", "minRating"],
      ["openNow=yes", "openNow"],
      ["category=Not A Slug", "category"],
      ["price=cheap", "price"],
      ["sort=distance", "sort"],
      ["sort=relevance", "sort"],
      ["sort=newest&q=otel", "sort"],
      ["page=abc", "page"],
      ["page=0", "page"],
    ];
    for (const [query, parameter] of bad) {
      const response = await SELF.fetch(`${BASE}/api/search?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error.startsWith(parameter), `${query}: ${body.error}`).toBe(true);
    }
  });
});

describe("list pages with filters", () => {
  beforeAll(() => seed(0, 200));

  it("show the filtered businesses, not indexed, with the unfiltered page as canonical", async () => {
    for (const path of ["/categories/hotel", "/cities/tr/istanbul", "/countries/tr", "/businesses", "/search"]) {
      const page = await fetchPage(`${path}?${near}&radius=5&verified=1&sort=distance`);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain('name="robots" content="noindex');
      expect(page.html, path).toMatch(new RegExp(`rel="canonical" href="https?://[^/"]+${path}"`));
      expect(page.html, path).toMatch(/data-testid="distance">\d/);
      expect(page.cache, path).toContain("s-maxage=60");
    }
    // Unfiltered, the same pages stay indexed and kept as long as before.
    const plain = await fetchPage("/categories/hotel");
    expect(plain.html).not.toContain('content="noindex');
    expect(plain.html).not.toContain('data-testid="distance"');
    expect(plain.cache).toContain("s-maxage=7200");
  });

  it("answer a bad filter with a 400 page that says what was wrong", async () => {
    for (const path of ["/categories/hotel", "/cities/tr/istanbul", "/countries/tr", "/businesses", "/search"]) {
      const page = await fetchPage(`${path}?minRating=9`);
      expect(page.status, path).toBe(400);
      expect(page.html, path).toContain("minRating must be a rating from 1 to 5");
    }
    // A city's own ?category= keeps its rule: an unknown one is that page's 404, not a filter error.
    expect((await fetchPage("/cities/tr/istanbul?category=Not%20A%20Slug")).status).toBe(404);
  });
});

describe("rows read with filters", () => {
  it("stay bounded as the directory grows (600 → 6,000 businesses in one dense city)", async () => {
    const measure = async () => {
      const figures: Record<string, number> = {};
      const queries: Record<string, (db: D1Database) => Promise<unknown>> = {
        "near 10 km, sort=distance": (db) => readList(db, { kind: "all" }, filtersFrom(`${near}&radius=10&sort=distance`), { page: 1, perPage: 20 }),
        "near 10 km in a category, rating 4+": (db) => readList(db, { kind: "category", slug: "hotel" }, filtersFrom(`${near}&radius=10&minRating=4`), { page: 1, perPage: 12 }),
        "category, rating 4+, by rating": (db) => readList(db, { kind: "category", slug: "hotel" }, filtersFrom("minRating=4&sort=rating"), { page: 1, perPage: 12 }),
        "search, no filter": (db) => searchBusinesses(db, { q: "otel", page: 1 }),
        "search, rating 4+": (db) => searchBusinesses(db, { q: "otel", page: 1, filters: filtersFrom("minRating=4") }),
        "search, near 5 km, by distance": (db) => searchBusinesses(db, { q: "otel", page: 1, filters: filtersFrom(`${near}&radius=5&sort=distance`, true) }),
        "search, open now, Pool": (db) => searchBusinesses(db, { q: "otel", page: 1, filters: filtersFrom("openNow=1&amenity=Pool") }),
      };
      for (const [name, query] of Object.entries(queries)) {
        const { db, rowsRead } = measuringDb(env.DB);
        await query(db);
        figures[name] = rowsRead();
      }
      return figures;
    };
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await seed(0, 600);
    const small = await measure();
    await seed(600, 6000);
    const large = await measure();
    console.log("rows read with filters at 600 and 6,000 businesses", Object.fromEntries(Object.entries(large).map(([k, v]) => [k, [small[k], v]])));
    // Nearest first: the walk stops at the nearest 1,001, far short of the 5,400 within 10 km.
    expect(large["near 10 km, sort=distance"]).toBeLessThanOrEqual(NEAR_ROWS_BUDGET + 1000);
    expect(large["near 10 km in a category, rating 4+"]).toBeLessThanOrEqual(NEAR_ROWS_BUDGET + 1000);
    // A category of 3,000 is read whole (its answer exact): its index and its rows.
    expect(large["category, rating 4+, by rating"]).toBeLessThanOrEqual(FIND_ROWS_CEILING);
    // Each filter with words reads at most the finder's budget of candidates and their rows.
    for (const name of ["search, rating 4+", "search, near 5 km, by distance", "search, open now, Pool"]) {
      expect(large[name], name).toBeLessThanOrEqual(FIND_ROWS_CEILING + 100);
    }
  }, 60_000);

  it("reads the nearest first: the walk answers the nearest matches with fewer rows than the circle holds", async () => {
    const filters = filtersFrom(`${near}&radius=10&sort=distance`);
    const walk = await nearestCandidates(env.DB, { place: placeOf({ kind: "all" }, null, null), checks: { where: [], params: [] }, filters }, FILTERED_CANDIDATES + 1, new Date());
    const all = bruteForce(6000, filters).sort((a, b) => a.distance! - b.distance!);
    expect(walk.candidates.length).toBeGreaterThanOrEqual(FILTERED_CANDIDATES + 1);
    const nearest = [...walk.candidates].sort((a, b) => a.distanceKm! - b.distanceKm!).slice(0, FILTERED_CANDIDATES);
    expect(nearest.map((c) => c.distanceKm!.toFixed(9))).toEqual(all.slice(0, FILTERED_CANDIDATES).map((b) => b.distance!.toFixed(9)));
    expect(walk.rowsRead).toBeLessThan(all.length);
  });

  it("counts a crowded circle as 1,000+ and pages its nearest, reading a few rows past the count", async () => {
    const filters = filtersFrom(`${near}&radius=10&sort=distance`);
    const all = bruteForce(6000, filters).sort((a, b) => a.distance! - b.distance!);
    expect(all.length).toBeGreaterThan(FILTERED_CANDIDATES);
    for (const page of [1, 3, 6]) {
      const { db, rowsRead, statements } = measuringDb(env.DB);
      const list = await readList(db, { kind: "all" }, filters, { page, perPage: 20 });
      expect([list.totalCount, list.moreThanCounted, list.totalPages]).toEqual([FILTERED_CANDIDATES, true, FILTERED_CANDIDATES / 20]);
      // Seeded positions repeat every thousand businesses: compared by distance (ties go newest first).
      expect(list.businesses.map((b) => b.distanceKm)).toEqual(all.slice((page - 1) * 20, page * 20).map((b) => Math.round(b.distance! * 100) / 100));
      expect(rowsRead()).toBeLessThan(2 * FILTERED_CANDIDATES);
      // The first five pages come with the count, in one statement; deeper ones from the walk.
      // Page 1 comes in one round trip with the count; page 3 walks on from the first circle that
      // round trip read whole (one more circle, then the page); page 6 walks from the start.
      const circlesWalked = statements().filter((statement) => statement.sql.startsWith("SELECT b.id, b.latitude")).length;
      expect([statements().length, circlesWalked], `page ${page}`).toEqual({ 1: [2, 0], 3: [4, 1], 6: [4, 2] }[page]);
    }
  });
});
