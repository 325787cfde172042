import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FEATURED_LODGING_SQL, FEATURED_SCORE_SQL, FEATURED_WHERE_SQL } from "~/db/schema";
import { featuredScore } from "~/lib/directory/featured-filters";
import { isLodgingCategory } from "~/lib/business/lodging";
import { slugify } from "~/lib/business/slug";
import { bumpCacheGeneration } from "~/models/cache.server";
import { getFeaturedBusinesses, getHomepageData } from "~/models/home.server";
import { insert, insertDemo, record } from "./support/public-fixtures";
import { whileBroken, whileTableUnreadable } from "./support/broken-database";

beforeAll(async () => {
  await insertDemo(300);
  await insert(
    record({ name: "Boutique Hotel Zum Storchen", placeId: "home-1", rating: 5, reviews: 10_000_000 }),
    record({ name: "Luxury Palace Zürich", placeId: "home-2", rating: 4.2, reviews: 90000 }),
    record({ name: "Hidden Boutique Inn", placeId: "home-3", rating: 5, reviews: 20_000_000 }),
  );
  await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'home-3'`).run();
});

describe("home data", () => {
  it("answers GET /api/homepage-data with the top categories, cities and countries from the summary tables, cached 2 h", async () => {
    const response = await SELF.fetch("https://example.com/api/homepage-data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=7200");
    const body = (await response.json()) as Awaited<ReturnType<typeof getHomepageData>>;
    expect(body.popularSearches.length).toBe(12);
    expect(body.topCities.length).toBe(12);
    expect(body.popularSearches[0]).toEqual({ category: expect.any(String), slug: expect.any(String), count: expect.any(Number) });
    const counts = body.popularSearches.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Cities carry their own country (the design's fix of the spec's fixed "us").
    const top = await env.DB.prepare(`SELECT country_code, slug, business_count FROM cities ORDER BY business_count DESC LIMIT 1`).first<{ country_code: string; slug: string; business_count: number }>();
    expect(body.topCities[0]).toMatchObject({ slug: top!.slug, countryCode: top!.country_code.toLowerCase(), count: top!.business_count });
    expect(body.topCountries.length).toBeGreaterThan(0);
  });

  it("answers GET /api/featured-businesses with 9 approved businesses, lodging first by their Bayesian rating, in the spec's shape, cached 30 min", async () => {
    const response = await SELF.fetch("https://example.com/api/featured-businesses");
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=1800");
    const list = (await response.json()) as { name: string; type: string | null; category: string | null; rating: number | null; review_count: number }[];
    expect(list.length).toBe(9);
    expect(Object.keys(list[0]!)).toEqual(expect.arrayContaining(["id", "slug", "name", "image_url", "rating", "type", "full_address", "category", "review_count"]));
    expect(list[0]!.name).toBe("Boutique Hotel Zum Storchen");
    expect(list.map((b) => b.name)).not.toContain("Hidden Boutique Inn");
    // Lodging first, each group by the rating that weighs its reviews.
    const lodging = list.map((b) => isLodgingCategory(slugify(b.type ?? b.category ?? "")));
    expect(lodging).toEqual([...lodging].sort((a, b) => Number(b) - Number(a)));
    const scores = list.filter((_, i) => lodging[i]).map((b) => featuredScore(b.rating ?? 0, b.review_count));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("filters featured businesses by the chips: rating bands and words in the name", async () => {
    const fiveStar = await getFeaturedBusinesses(env.DB, "5-star");
    expect(fiveStar.length).toBeGreaterThan(0);
    expect(fiveStar.every((b) => (b.rating ?? 0) >= 4.5)).toBe(true);
    const fourStar = await getFeaturedBusinesses(env.DB, "4-star");
    expect(fourStar.every((b) => (b.rating ?? 0) >= 4 && (b.rating ?? 0) < 4.5)).toBe(true);
    const luxury = await getFeaturedBusinesses(env.DB, "luxury");
    expect(luxury.map((b) => b.name)).toContain("Luxury Palace Zürich");
    expect(luxury.every((b) => /luxury/i.test(`${b.name} ${b.type} ${b.category}`))).toBe(true);
    const boutique = await getFeaturedBusinesses(env.DB, "boutique");
    expect(boutique.map((b) => b.name)).toContain("Boutique Hotel Zum Storchen");
    expect(boutique.map((b) => b.name)).not.toContain("Hidden Boutique Inn");
    expect((await SELF.fetch("https://example.com/api/featured-businesses?filter=nope")).status).toBe(400);
  });

  it("server-renders the home page with real counters, categories, featured cards and city links to their own country", async () => {
    const response = await SELF.fetch("https://example.com/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=1800");
    const html = await response.text();
    const totals = await env.DB.prepare(`SELECT business_count FROM directory_totals WHERE id = 1`).first<{ business_count: number }>();
    expect(html).toContain(`data-counter-target="${totals!.business_count}"`);
    expect(html).toContain(`>${totals!.business_count.toLocaleString("en-US")}<`);
    expect(html).toContain("Browse by Category");
    expect(html).toContain("Boutique Hotel Zum Storchen");
    expect(html).toMatch(/href="\/cities\/(?!us\/)[a-z]{2}\/[a-z0-9-]+"/);
    expect(html).toContain('<link rel="canonical"');
    const filtered = await (await SELF.fetch("https://example.com/?featured=4-star")).text();
    expect(filtered).not.toContain("Boutique Hotel Zum Storchen");
  });

  it("serves the second request from the edge cache and misses again after the cache generation is bumped", async () => {
    const url = "https://example.com/api/homepage-data?probe=cache";
    expect((await SELF.fetch(url)).headers.get("X-Edge-Cache")).toBe("MISS");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await SELF.fetch(url)).headers.get("X-Edge-Cache")).toBe("HIT");
    await bumpCacheGeneration(env.DB);
    expect((await SELF.fetch(url)).headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("serves a page reached by a campaign's tagged link, or by HEAD, from the page's cache entry, links untagged", async () => {
    expect((await SELF.fetch("https://example.com/businesses?page=2&view=list")).headers.get("X-Edge-Cache")).toBe("MISS");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tagged = await SELF.fetch("https://example.com/businesses?utm_source=news&page=2&view=list&fbclid=abc");
    expect(tagged.headers.get("X-Edge-Cache")).toBe("HIT");
    // Rendered first for a tagged visit: the cached page must not carry its tags to everyone else.
    const first = await SELF.fetch("https://example.com/categories?utm_campaign=autumn");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await first.text()).not.toContain("autumn");
    // A HEAD is answered from the same entry, without a body.
    const head = await SELF.fetch("https://example.com/businesses?page=2&view=list", { method: "HEAD" });
    expect([head.status, head.headers.get("X-Edge-Cache"), head.headers.get("Content-Type"), await head.text()]).toEqual([200, "HIT", "text/html; charset=utf-8", ""]);
    // A parameter a page does read still has its own entry.
    expect((await SELF.fetch("https://example.com/businesses?page=3&view=list")).headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("shows sample placeholder cards when the featured businesses cannot be loaded", async () => {
    // Without its index the featured query (INDEXED BY businesses_featured_rank) fails.
    const rebuild = `CREATE INDEX businesses_featured_rank ON businesses (${FEATURED_LODGING_SQL}, ${FEATURED_SCORE_SQL}, rating) WHERE ${FEATURED_WHERE_SQL}`;
    await whileBroken(`DROP INDEX businesses_featured_rank`, rebuild, async () => {
      const response = await SELF.fetch("https://example.com/?featured=5-star");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Sample Grand Hotel");
      expect(html).toContain("Browse by Category");
      // Not kept by the edge: the real cards come back with the next visit.
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Edge-Cache")).not.toBe("HIT");
    });
  });

  it("keeps the home page, its search and featured cards, and the contact form when the figures or the lists cannot be read", async () => {
    await whileTableUnreadable("directory_totals", async () => {
      const home = await SELF.fetch("https://example.com/?featured=5-star");
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('id="hero-search"');
      expect(html).toContain("Browse by Category");
      expect(html).toContain("Boutique Hotel Zum Storchen");
      expect(html).not.toContain("Directory figures");
      // Not kept by the edge: the figures come back with the next visit.
      expect(home.headers.get("Cache-Control")).toBe("private, no-store");

      const contact = await SELF.fetch("https://example.com/contact");
      expect(contact.status).toBe(200);
      const form = await contact.text();
      expect(form).toContain("Send us a Message");
      expect(form).not.toContain("Platform Statistics");
      expect(contact.headers.get("Cache-Control")).toBe("private, no-store");
    });
    await whileTableUnreadable("categories", async () => {
      const home = await SELF.fetch("https://example.com/?featured=5-star");
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("Directory figures");
      expect(html).not.toContain("Browse by Category");
      expect(html).not.toContain("Popular Cities");
      expect(html).toContain("Boutique Hotel Zum Storchen");
      expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    });
  });
});
