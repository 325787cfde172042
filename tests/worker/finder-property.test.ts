/**
 * The finder against brute force (issue 48): on a skewed directory (one word in 90 % of the names,
 * one city holding half the businesses, opening hours missing on most), a few hundred randomly
 * drawn questions are answered by the finder and worked out over every row. A complete answer
 * equals the brute force's count and first page; one that stopped at its budget says so, and every
 * business it shows is a match. No answer says "none" while there are some.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { amenityKey, toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { nameOrderKey } from "~/lib/business/name-order";
import { distanceKm, type LatLng } from "~/lib/map/geo-cell";
import { orderCandidates, type OrderedCandidate } from "~/lib/search/result-order";
import type { SearchLocation } from "~/lib/search/search-location";
import { NO_FILTERS, type SearchFilters, type SortChoice } from "~/lib/search/search-filters";
import { searchMatch } from "~/lib/search/search-query";
import { rowOpenNow } from "~/models/business-filters.server";
import { upsertBusinesses } from "~/import/commit.server";
import { findBusinesses, FILTERED_CANDIDATES, FIND_ROWS_CEILING, type ListScope } from "~/models/finder.server";
import { mapFeatures } from "~/models/map.server";
import { boxAround } from "~/lib/map/geo-cell";
import { seededRandom } from "../support/seeded-random";
import { directoryRecord } from "./directory-fixtures";
import { measuringDb } from "./support/rows-read";

const COUNT = 8000;
const METROPOLIS: LatLng = { latitude: 40.7128, longitude: -74.006 };
const TOWNS = [
  { city: "Lyon", country: "France", code: "FR", at: { latitude: 45.76, longitude: 4.84 } },
  { city: "Bordeaux", country: "France", code: "FR", at: { latitude: 44.84, longitude: -0.58 } },
  { city: "Boston", country: "United States", code: "US", at: { latitude: 42.36, longitude: -71.06 } },
  { city: "Izmir", country: "Türkiye", code: "TR", at: { latitude: 38.42, longitude: 27.14 } },
  { city: "Osaka", country: "Japan", code: "JP", at: { latitude: 34.69, longitude: 135.5 } },
];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const week = (hours: string) => JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, hours])));
const AMENITIES = ["Free Wi-Fi", "Pool", "Parking"];

function record(i: number, random: () => number): BusinessRecord {
  const metropolis = random() < 0.5;
  const town = TOWNS[Math.floor(random() * TOWNS.length)]!;
  const centre = metropolis ? METROPOLIS : town.at;
  const km = 30 * random() ** 2;
  const angle = random() * 2 * Math.PI;
  const kind = random();
  const type = kind < 0.6 ? "Hotel" : kind < 0.97 ? "Restaurant" : "Spa";
  const words = [random() < 0.9 ? "Hotel" : "House", random() < 0.1 ? "Grand" : "Little", random() < 0.005 ? "Zephyr" : null].filter(Boolean);
  const hours = random();
  const amenities = AMENITIES.filter(() => random() < 0.3);
  return directoryRecord({
    name: `${words.join(" ")} ${i}`,
    placeId: `finder-${i}`,
    type,
    category: type,
    city: metropolis ? "Metropolis" : town.city,
    country: metropolis ? "United States" : town.country,
    countryCode: metropolis ? "US" : town.code,
    fullAddress: `${i} Main Street`,
    latitude: centre.latitude + (km / 111.2) * Math.sin(angle),
    longitude: centre.longitude + ((km / 111.2) * Math.cos(angle)) / Math.cos((centre.latitude * Math.PI) / 180),
    rating: random() < 0.1 ? null : Math.round((1 + random() * 4) * 10) / 10,
    reviews: Math.floor(random() * 300),
    verified: random() < 0.3,
    about: amenities.length ? JSON.stringify({ Amenities: Object.fromEntries(amenities.map((a) => [a, true])) }) : null,
    priceRange: random() < 0.3 ? null : "$".repeat(1 + Math.floor(random() * 4)),
    workingHours: hours < 0.85 ? null : hours < 0.95 ? week("Open 24 hours") : week("Closed"),
    timeZone: metropolis ? "America/New_York" : "Europe/Paris",
  });
}

type Row = Record<string, unknown> & { id: number };
let rows: Row[] = [];
const wordSets = new Map<string, Set<number>>();

async function holding(words: string): Promise<Set<number>> {
  if (!wordSets.has(words)) {
    // The words as the finder matches them (whole words and their forms), over every row of the index.
    const match = searchMatch(words, [], { prefixLast: false })!;
    const { results } = await env.DB.prepare(`SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?1`).bind(match).all<{ id: number }>();
    wordSets.set(words, new Set(results.map((row) => Number(row.id))));
  }
  return wordSets.get(words)!;
}

interface Question {
  words: string;
  location: SearchLocation | null;
  scope: ListScope;
  filters: SearchFilters;
}

/** Every approved business that answers the question, in its order (relevance: newest, compared as a set). */
async function bruteForce({ words, location, scope, filters }: Question, at: Date) {
  const withWords = words ? await holding(words) : null;
  const matches: (OrderedCandidate & { row: Row })[] = [];
  for (const row of rows) {
    if (withWords && !withWords.has(row.id)) continue;
    if (scope.kind === "category" && row.category_slug !== scope.slug) continue;
    if (scope.kind === "country" && row.country_code !== scope.code) continue;
    if (scope.kind === "city" && (row.country_code !== scope.countryCode || row.city_slug !== scope.citySlug)) continue;
    if (filters.category && row.category_slug !== filters.category) continue;
    if (location?.kind === "city" && row.city_slug !== location.slug) continue;
    if (location?.kind === "country" && row.country_code !== location.code) continue;
    const distance = filters.near ? distanceKm(filters.near, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) : null;
    if (filters.near && distance! > filters.radiusKm!) continue;
    if (filters.minRating !== null && (row.rating === null || Number(row.rating) < filters.minRating)) continue;
    if (filters.verified && Number(row.verified) !== 1) continue;
    if (filters.amenities.some((a) => !String(row.amenity_names ?? "").includes(`|${amenityKey(a)}|`))) continue;
    if (filters.price && row.price_range !== filters.price) continue;
    if (filters.openNow && !rowOpenNow(row, at)) continue;
    matches.push({
      id: row.id,
      rating: row.rating === null ? null : Number(row.rating),
      reviews: Number(row.reviews ?? 0),
      nameKey: nameOrderKey(String(row.name), (row.name_sort as string | null) ?? null),
      distanceKm: distance,
      row,
    });
  }
  const newest = matches.sort((a, b) => b.id - a.id);
  const sort: SortChoice | null = filters.sort ?? (words ? "relevance" : filters.near ? "distance" : null);
  return { matches: orderCandidates(newest, sort), sort };
}

function drawQuestion(random: () => number): Question {
  const pick = <T,>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)]!;
  const words = pick(["", "", "hotel", "hotel", "grand", "zephyr", "hotel grand", "house"]);
  const scope = pick<ListScope>([
    { kind: "all" },
    { kind: "all" },
    { kind: "category", slug: "hotel" },
    { kind: "category", slug: "spa" },
    { kind: "country", code: "US" },
    { kind: "city", countryCode: "US", citySlug: "metropolis" },
    { kind: "city", countryCode: "FR", citySlug: "lyon" },
  ]);
  // A search's place: a city typed without its country (no index walks it), or a country.
  const location = pick<SearchLocation | null>([null, null, null, { kind: "city", slug: "metropolis", name: "Metropolis" }, { kind: "country", code: "FR", name: "France" }]);
  const near = random() < 0.35 ? pick([METROPOLIS, TOWNS[0]!.at, { latitude: 0, longitude: 0 }]) : null;
  const filters: SearchFilters = {
    ...NO_FILTERS,
    near,
    radiusKm: near ? pick([1, 5, 10, 25]) : null,
    minRating: random() < 0.3 ? pick([3, 4, 4.5]) : null,
    openNow: random() < 0.25,
    category: random() < 0.15 ? pick(["hotel", "restaurant", "spa"]) : null,
    verified: random() < 0.25,
    amenities: random() < 0.2 ? [pick(AMENITIES)] : [],
    price: random() < 0.15 ? pick(["$", "$$", "$$$", "$$$$"] as const) : null,
    sort: null,
  };
  filters.sort = pick<SortChoice | null>([null, null, "rating", "reviews", "name", ...(near ? (["distance"] as const) : []), ...(words ? (["relevance"] as const) : [])]);
  return { words, location, scope, filters };
}

describe("the finder against brute force on a skewed directory", () => {
  beforeAll(async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    const random = seededRandom(48);
    const batch = [];
    for (let i = 0; i < COUNT; i++) batch.push(toBusinessRow(record(i, random), 1_700_000_000 + i));
    await upsertBusinesses(env.DB, batch);
    rows = (await env.DB.prepare(`SELECT * FROM businesses WHERE is_approved = 1`).all<Row>()).results.map((row) => ({ ...row, id: Number(row.id) }));
  }, 60_000);

  it("answers 240 drawn questions exactly, or says 'at least' with every business shown a match", async () => {
    const random = seededRandom(2026);
    const at = new Date("2026-12-02T12:00:00Z");
    const outcomes = { exact: 0, atLeast: 0, none: 0 };
    for (let n = 0; n < 240; n++) {
      const question = drawQuestion(random);
      const label = JSON.stringify(question);
      const { matches, sort } = await bruteForce(question, at);
      const { db, rowsRead } = measuringDb(env.DB);
      const answer = await findBusinesses(db, { words: question.words, location: question.location, scope: question.scope, filters: question.filters, at }, { page: 1, perPage: 20 });
      expect(rowsRead(), label).toBeLessThanOrEqual(FIND_ROWS_CEILING + 200);
      const expectedIds = new Set(matches.map((m) => m.id));
      for (const business of answer.businesses) expect(expectedIds.has(business.id), `${label}: ${business.name} is no match`).toBe(true);
      // Never "none" while some match.
      if (matches.length > 0) expect(answer.totalCount > 0 || answer.moreThanCounted, label).toBe(true);
      if (answer.moreThanCounted) {
        outcomes.atLeast++;
        expect(answer.totalCount, label).toBeLessThanOrEqual(Math.min(matches.length, FILTERED_CANDIDATES));
        // The walk's own order (nearest, newest) is exact as far as it read: its first page is the true one.
        if ((sort === "distance" || sort === null) && answer.businesses.length === 20) {
          expect(answer.businesses.map((b) => b.id), label).toEqual(matches.slice(0, 20).map((m) => m.id));
        }
        continue;
      }
      matches.length === 0 ? outcomes.none++ : outcomes.exact++;
      expect(answer.totalCount, label).toBe(matches.length);
      const shown = answer.businesses.map((b) => b.id);
      if (sort === "relevance") {
        if (matches.length <= 20) expect(new Set(shown), label).toEqual(expectedIds);
      } else {
        expect(shown, label).toEqual(matches.slice(0, 20).map((m) => m.id));
      }
    }
    console.log("finder against brute force", outcomes);
    // The draw covers each kind of answer.
    expect(Math.min(outcomes.exact, outcomes.atLeast, outcomes.none)).toBeGreaterThan(5);
  }, 240_000);

  it("reads at most its ceiling for the densest map box and the biggest category with each filter, and counts the box right", async () => {
    const at = new Date("2026-12-02T12:00:00Z");
    const box = boxAround(METROPOLIS, 8);
    const inside = (row: Row) =>
      Number(row.latitude) >= box.south && Number(row.latitude) <= box.north && Number(row.longitude) >= box.west && Number(row.longitude) <= box.east;
    const eachFilter: [string, Partial<SearchFilters>][] = [
      ["rating 4+", { minRating: 4 }],
      ["open now", { openNow: true }],
      ["verified", { verified: true }],
      ["Pool", { amenities: ["Pool"] }],
      ["$$", { price: "$$" }],
      ["category hotel", { category: "hotel" }],
    ];
    for (const words of ["", "hotel"]) {
      for (const [name, filter] of eachFilter) {
        const filters = { ...NO_FILTERS, ...filter };
        const label = `${words || "no words"}, ${name}`;
        const { matches } = await bruteForce({ words, location: null, scope: { kind: "all" }, filters }, at);
        const expected = matches.filter((m) => inside(m.row)).length;
        const { db, rowsRead } = measuringDb(env.DB);
        const answer = await mapFeatures(db, box, 12, { q: words, location: null, filters, at });
        expect(rowsRead(), label).toBeLessThanOrEqual(FIND_ROWS_CEILING + 1000);
        if (answer.complete) expect(answer.matched, label).toBe(expected);
        else expect(answer.matched!, label).toBeLessThanOrEqual(expected);
        // The biggest category's list with the same filter keeps to the same ceiling.
        const measured = measuringDb(env.DB);
        await findBusinesses(measured.db, { words, location: null, scope: { kind: "category", slug: "hotel" }, filters, at }, { page: 1, perPage: 20 });
        expect(measured.rowsRead(), `category hotel: ${label}`).toBeLessThanOrEqual(FIND_ROWS_CEILING + 200);
      }
    }
  }, 120_000);
});
