import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FEATURED_LODGING_SQL, FEATURED_SCORE_SQL, FEATURED_WHERE_SQL } from "~/db/schema";
import { FEATURED_PRIOR_RATING, featuredScore } from "~/lib/directory/featured-filters";
import { isLodgingCategory } from "~/lib/business/lodging";
import { slugify } from "~/lib/business/slug";

describe("featuredScore (Bayesian rating, prior 50 reviews of 4.0)", () => {
  it("ranks 4.7 from 1,200 reviews above 5.0 from 6", () => {
    expect(featuredScore(4.7, 1200)).toBeCloseTo(4.672, 3);
    expect(featuredScore(5, 6)).toBeCloseTo(4.107, 3);
    expect(featuredScore(4.7, 1200)).toBeGreaterThan(featuredScore(5, 6));
  });

  it("orders the issue's home page as a visitor would expect", () => {
    const places = [
      { name: "Nightclub, 5.0 from 6", rating: 5, reviews: 6 },
      { name: "Ice-cream shop, 5.0 from 9", rating: 5, reviews: 9 },
      { name: "Hotel, 4.7 from 1,200", rating: 4.7, reviews: 1200 },
      { name: "Hotel, 4.9 from 300", rating: 4.9, reviews: 300 },
      { name: "Hotel, 4.4 from 5,000", rating: 4.4, reviews: 5000 },
      { name: "Inn, 3.9 from 2,000", rating: 3.9, reviews: 2000 },
    ];
    const ranked = [...places].sort((a, b) => featuredScore(b.rating, b.reviews) - featuredScore(a.rating, a.reviews)).map((p) => p.name);
    expect(ranked).toEqual([
      "Hotel, 4.9 from 300",
      "Hotel, 4.7 from 1,200",
      "Hotel, 4.4 from 5,000",
      "Ice-cream shop, 5.0 from 9",
      "Nightclub, 5.0 from 6",
      "Inn, 3.9 from 2,000",
    ]);
  });

  it("gives a rating without reviews the prior, and moves towards the rating as reviews add up", () => {
    expect(featuredScore(5, 0)).toBe(FEATURED_PRIOR_RATING);
    expect(featuredScore(1, 0)).toBe(FEATURED_PRIOR_RATING);
    expect(featuredScore(4.8, 100)).toBeLessThan(featuredScore(4.8, 1000));
    expect(featuredScore(3.5, 100)).toBeGreaterThan(featuredScore(3.5, 1000));
    expect(featuredScore(4.8, 10_000_000)).toBeCloseTo(4.8, 4);
  });
});

describe("lodging", () => {
  it("knows places to stay by their Google type, and nothing else", () => {
    for (const type of ["Hotel", "Hostel", "Resort hotel", "Inn", "Motel", "Guest house", "Bed & breakfast", "Serviced apartment", "Holiday apartment rental", "Extended stay hotel", "Lodge", "Hôtel"]) {
      expect(isLodgingCategory(slugify(type)), type).toBe(true);
    }
    for (const type of ["Night club", "Ice cream shop", "Wedding venue", "Restaurant", "Apartment building", "Hotel supply store", null]) {
      expect(isLodgingCategory(type === null ? null : slugify(type)), String(type)).toBe(false);
    }
  });
});

describe("the featured index", () => {
  it("is built on the very terms the featured query orders by (else SQLite sorts every rated business)", () => {
    const migration = readFileSync(new URL("../../migrations/0002_inbox_audit_log_and_featured_order.sql", import.meta.url), "utf8");
    const created = /CREATE INDEX `businesses_featured_rank` ON `businesses` \((.*)\) WHERE (.*);/.exec(migration);
    expect(created?.[1]).toBe(`${FEATURED_LODGING_SQL}, ${FEATURED_SCORE_SQL}, \`rating\``);
    expect(created?.[2]).toBe(FEATURED_WHERE_SQL);
  });
});
