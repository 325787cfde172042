import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getFeaturedBusinesses } from "~/models/home.server";
import { insert, record } from "./support/public-fixtures";

// The home page: 5.0 from a handful of reviews opened the list, lodging or not.
beforeAll(async () => {
  await insert(
    record({ name: "Club Nacht", placeId: "f-club", type: "Night club", category: "Night club", rating: 5, reviews: 6 }),
    record({ name: "Gelateria Sole", placeId: "f-ice", type: "Ice cream shop", category: "Ice cream shop", rating: 5, reviews: 9 }),
    record({ name: "Villa Hochzeit", placeId: "f-wedding", type: "Wedding venue", category: "Wedding venue", rating: 5, reviews: 7 }),
    record({ name: "Tiny Inn", placeId: "f-tiny", type: "Inn", category: "Inn", rating: 5, reviews: 6 }),
    record({ name: "Grand Hotel Dolder", placeId: "f-grand", type: "Hotel", category: "Hotel", rating: 4.7, reviews: 1200 }),
    record({ name: "Youth Hostel Lake", placeId: "f-hostel", type: "Hostel", category: "Hostel", rating: 4.4, reviews: 3000 }),
    record({ name: "Seaside Resort", placeId: "f-resort", type: "Resort hotel", category: "Resort hotel", rating: 4.9, reviews: 300 }),
    record({ name: "Rose B&B", placeId: "f-bnb", type: "Bed & breakfast", category: "Bed & breakfast", rating: 4.8, reviews: 40 }),
    record({ name: "Closed Palace", placeId: "f-hidden", type: "Hotel", category: "Hotel", rating: 5, reviews: 90_000 }),
    record({ name: "Unrated Motel", placeId: "f-unrated", type: "Motel", category: "Motel", rating: null, reviews: 0 }),
    record({ name: "Zero Motel", placeId: "f-zero", type: "Motel", category: "Motel", rating: 0, reviews: 0 }),
  );
  await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'f-hidden'`).run();
});

describe("featured hotels", () => {
  it("lists places to stay first, by a rating that weighs its reviews: 4.7 from 1,200 above 5.0 from 6", async () => {
    const names = (await getFeaturedBusinesses(env.DB)).map((b) => b.name);
    expect(names).toEqual([
      "Seaside Resort", // 4.9 / 300 → 4.84
      "Grand Hotel Dolder", // 4.7 / 1,200 → 4.67
      "Youth Hostel Lake", // 4.4 / 3,000 → 4.39
      "Rose B&B", // 4.8 / 40 → 4.36
      "Tiny Inn", // 5.0 / 6 → 4.11
      // Then the rest of the directory, in the same order.
      "Gelateria Sole",
      "Villa Hochzeit",
      "Club Nacht",
    ]);
  });

  it("orders the star chips the same way inside their bands, and the word chips too", async () => {
    expect((await getFeaturedBusinesses(env.DB, "5-star")).map((b) => b.name)).toEqual([
      "Seaside Resort",
      "Grand Hotel Dolder",
      "Rose B&B",
      "Tiny Inn",
      "Gelateria Sole",
      "Villa Hochzeit",
      "Club Nacht",
    ]);
    expect((await getFeaturedBusinesses(env.DB, "4-star")).map((b) => b.name)).toEqual(["Youth Hostel Lake"]);
    await insert(record({ name: "Luxury Lounge Bar", placeId: "f-lux-bar", type: "Bar", category: "Bar", rating: 5, reviews: 5000 }));
    await insert(record({ name: "Luxury Suites", placeId: "f-lux-hotel", type: "Hotel", category: "Hotel", rating: 4.2, reviews: 80 }));
    expect((await getFeaturedBusinesses(env.DB, "luxury")).map((b) => b.name)).toEqual(["Luxury Suites", "Luxury Lounge Bar"]);
  });

  it("finds a word chip's best rated even when thousands of newer businesses hold the word unrated", async () => {
    // Newer than every rated "Business" place: 2,100 unrated ones, more than a chip reads whole.
    await insert(record({ name: "Business Hotel Prime", placeId: "f-biz-best", type: "Hotel", category: "Hotel", rating: 4.6, reviews: 900 }));
    await insert(...Array.from({ length: 2100 }, (_, i) => record({ name: `Business Center ${i}`, placeId: `f-biz-${i}`, type: "Coworking", category: "Coworking", rating: null, reviews: 0 })));
    expect((await getFeaturedBusinesses(env.DB, "business")).map((b) => b.name)).toEqual(["Business Hotel Prime"]);
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id LIKE 'f-biz-%'`).run();
  });

  it("serves the same order at GET /api/featured-businesses and on the home page", async () => {
    const api = (await (await SELF.fetch("https://example.com/api/featured-businesses")).json()) as { name: string }[];
    expect(api.slice(0, 2).map((b) => b.name)).toEqual(["Seaside Resort", "Grand Hotel Dolder"]);
    const html = await (await SELF.fetch("https://example.com/")).text();
    expect(html.indexOf("Grand Hotel Dolder")).toBeGreaterThan(0);
    expect(html.indexOf("Grand Hotel Dolder")).toBeLessThan(html.indexOf("Tiny Inn"));
    expect(html.indexOf("Tiny Inn")).toBeLessThan(html.indexOf("Gelateria Sole"));
  });
});
