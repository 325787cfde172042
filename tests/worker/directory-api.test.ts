import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertBusinesses } from "~/import/commit.server";
import { BASE, directoryRows, fetchPage } from "./directory-fixtures";

/** A missing entry answers plain text, so a client's error reads "404: Category not found" (spec §8). */
async function getNotFound(path: string) {
  const response = await SELF.fetch(`${BASE}${path}`);
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

async function getJson(path: string) {
  const response = await SELF.fetch(`${BASE}${path}`);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return { status: response.status, cache: response.headers.get("Cache-Control"), body: (await response.json()) as any };
}

/** Each path answers `status` with its Location. */
async function expectRedirects(status: number, cases: readonly [path: string, location: string][]) {
  for (const [path, location] of cases) {
    const answer = await fetchPage(path);
    expect(answer.status, path).toBe(status);
    expect(answer.location, path).toBe(location);
  }
}

beforeAll(async () => {
  await upsertBusinesses(env.DB, directoryRows());
});

describe("GET /api/categories", () => {
  it("lists categories most popular first, 12 a page, with totals from the summary tables", async () => {
    const { status, cache, body } = await getJson("/api/categories?page=1");
    expect(status).toBe(200);
    expect(cache).toContain("s-maxage=7200");
    expect(body).toMatchObject({ totalCount: 32, totalBusinesses: 50, currentPage: 1, totalPages: 3, letter: null, q: "" });
    expect(body.categories).toHaveLength(12);
    expect(body.categories[0]).toEqual({ category: "Hotel", slug: "hotel", count: 18, countryCount: 2 });
    expect(body.categories[1]).toEqual({ category: "Hostel", slug: "hostel", count: 2, countryCount: 1 });
    const last = await getJson("/api/categories?page=3");
    expect(last.body.categories).toHaveLength(8);
  });

  it("filters by first letter (alphabetically) and by a substring of the name", async () => {
    const k = (await getJson("/api/categories?letter=K&page=3")).body;
    expect(k).toMatchObject({ letter: "K", totalCount: 30, totalBusinesses: 30, totalPages: 3 });
    // Alphabetical by slug: kiosk-1, kiosk-10 .. kiosk-19, kiosk-2, kiosk-20 .. ; page 3 holds the last 6.
    expect(k.categories.map((c: { slug: string }) => c.slug)).toEqual(["kiosk-4", "kiosk-5", "kiosk-6", "kiosk-7", "kiosk-8", "kiosk-9"]);
    expect((await getJson("/api/categories?letter=h&page=1")).body.categories.map((c: { slug: string }) => c.slug)).toEqual(["hostel", "hotel"]);
    expect((await getJson("/api/categories?q=OST&page=1")).body.categories.map((c: { slug: string }) => c.slug)).toEqual(["hostel"]);
    expect((await getJson("/api/categories?q=%25&page=1")).body).toMatchObject({ totalCount: 0, categories: [] });
  });
});

describe("the spec's list calls without a page", () => {
  it("answer bare lists: categories {category, count}, country summaries and city summaries", async () => {
    const categories = await SELF.fetch(`${BASE}/api/categories`);
    expect(categories.headers.get("X-Total-Count")).toBe("32");
    const categoryList = (await categories.json()) as { category: string; count: number }[];
    expect(categoryList).toHaveLength(32);
    expect(categoryList[0]).toMatchObject({ category: "Hotel", count: 18 });
    expect(((await getJson("/api/categories?letter=h")).body as { category: string }[]).map((c) => c.category)).toEqual(["Hostel", "Hotel"]);

    const countries = (await getJson("/api/countries")).body as Record<string, unknown>[];
    expect(countries).toEqual([
      { country: "Switzerland", countryCode: "CH", businessCount: 45, cityCount: 31, categoryCount: 31 },
      expect.objectContaining({ country: "France", countryCode: "FR" }),
    ]);

    const cities = await SELF.fetch(`${BASE}/api/cities?letter=t`);
    expect(cities.headers.get("Cache-Control")).toContain("s-maxage=7200");
    const cityList = (await cities.json()) as { city: string; countryCode: string; businessCount: number; categoryCount: number }[];
    expect(cityList).toHaveLength(30);
    expect(cityList[0]).toMatchObject({ countryCode: "CH", businessCount: 1, categoryCount: 1 });
  });
});

describe("GET /api/categories/{slug}", () => {
  it("answers the category page data with top countries and 12 cards a page", async () => {
    const { status, body } = await getJson("/api/categories/hotel?page=1&limit=12");
    expect(status).toBe(200);
    expect(body).toMatchObject({ category: "Hotel", slug: "hotel", businessCount: 18, countryCount: 2, currentPage: 1, totalPages: 2 });
    expect(body.topCountries).toEqual([
      { country: "Switzerland", countryCode: "CH", count: 15 },
      { country: "France", countryCode: "FR", count: 3 },
    ]);
    expect(body.businesses).toHaveLength(12);
    expect(Object.keys(body.businesses[0]).sort()).toEqual(
      ["category", "createdAt", "fullAddress", "id", "name", "phone", "photo", "rating", "reviews", "slug", "type", "verified"].sort(),
    );
    expect((await getJson("/api/categories/hotel?page=2")).body.businesses).toHaveLength(6);
    const small = (await getJson("/api/categories/hotel?limit=5&page=4")).body;
    expect(small).toMatchObject({ totalPages: 4, limit: 5 });
    expect(small.businesses).toHaveLength(3);
  });

  it("hands out cursors for the neighbouring pages that find the same businesses as the page numbers", async () => {
    let cursors = (await getJson("/api/categories/hotel?page=1&limit=4")).body.cursors;
    expect(Object.keys(cursors)).toEqual(["2", "3", "4", "5"]);
    for (const page of [2, 3, 4]) {
      const byNumber = (await getJson(`/api/categories/hotel?page=${page}&limit=4`)).body;
      const byCursor = (await getJson(`/api/categories/hotel?page=${page}&limit=4&before=${cursors[page]}`)).body;
      expect(byCursor.businesses.map((b: { id: number }) => b.id)).toEqual(byNumber.businesses.map((b: { id: number }) => b.id));
      expect(byCursor.cursors).toEqual(byNumber.cursors);
      cursors = byCursor.cursors;
    }
    // Page 4 of 5 links pages 2, 3 and 5; page 1 needs no cursor.
    expect(Object.keys(cursors)).toEqual(["2", "3", "5"]);
    const last = (await getJson(`/api/categories/hotel?page=5&limit=4&before=${cursors[5]}`)).body;
    expect(last.businesses).toHaveLength(2);
    expect(Object.keys(last.cursors)).toEqual(["2", "3", "4"]);
  });

  it("answers 404 for an unknown category", async () => {
    expect(await getNotFound("/api/categories/no-such-thing")).toEqual({ status: 404, type: "text/plain; charset=utf-8", text: "Category not found" });
  });
});

describe("GET /api/countries and /api/countries/{slug}", () => {
  it("lists countries biggest first and searches their English names case-insensitively", async () => {
    const { body } = await getJson("/api/countries?page=1");
    expect(body).toMatchObject({ totalCount: 2, totalBusinesses: 50, totalCities: 32, totalPages: 1 });
    expect(body.countries[0]).toEqual({ country: "Switzerland", countryCode: "CH", businessCount: 45, cityCount: 31, categoryCount: 31 });
    expect((await getJson("/api/countries?q=FRAN&page=1")).body.countries.map((c: { countryCode: string }) => c.countryCode)).toEqual(["FR"]);
    expect((await getJson("/api/countries?q=atlantis&page=1")).body).toMatchObject({ totalCount: 0, countries: [] });
  });

  it("answers a country's page data: 20 top cities and 20 popular categories a page", async () => {
    const { body } = await getJson("/api/countries/ch");
    expect(body).toMatchObject({ country: "Switzerland", countryCode: "CH", businessCount: 45, cityCount: 31, categoryCount: 31 });
    expect(body.topCities).toHaveLength(20);
    expect(body.topCities[0]).toEqual({ city: "Zürich", slug: "zurich", count: 15 });
    expect(body.topCategories).toHaveLength(20);
    expect(body.topCategories[0]).toEqual({ category: "Hotel", slug: "hotel", count: 15 });
    expect(body.categoriesTotalPages).toBe(2);
    expect((await getJson("/api/countries/ch?page=2")).body.topCategories).toHaveLength(11);
  });

  it("redirects a country-name slug to the code and answers 404 for an unknown country", async () => {
    const redirect = await SELF.fetch(`${BASE}/api/countries/switzerland`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/api/countries/ch");
    expect(await getNotFound("/api/countries/xx")).toEqual({ status: 404, type: "text/plain; charset=utf-8", text: "Country not found" });
  });
});

describe("GET /api/cities and /api/cities/{cc}/{slug}", () => {
  it("lists cities biggest first, by letter alphabetically, and searches city names or country codes", async () => {
    const all = (await getJson("/api/cities?page=1")).body;
    expect(all).toMatchObject({ totalCount: 32, totalBusinesses: 50, shareOf: 50, totalPages: 3 });
    expect(all.cities[0]).toEqual({ city: "Zürich", slug: "zurich", countryCode: "CH", businessCount: 15, categoryCount: 1 });
    expect(all.cities[1]).toMatchObject({ city: "Paris", countryCode: "FR", businessCount: 5, categoryCount: 2 });

    const t = (await getJson("/api/cities?letter=t&page=1")).body;
    expect(t).toMatchObject({ letter: "T", totalCount: 30, totalBusinesses: 30, totalPages: 3 });
    expect(t.cities.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(["town-1", "town-10", "town-11"]);

    expect((await getJson("/api/cities?q=zurich&page=1")).body.cities.map((c: { city: string }) => c.city)).toEqual(["Zürich"]);
    expect((await getJson("/api/cities?q=fr&page=1")).body.cities.map((c: { city: string }) => c.city)).toEqual(["Paris"]);
    const swiss = (await getJson("/api/cities?country=ch&page=3")).body;
    expect(swiss).toMatchObject({ countryCode: "CH", totalCount: 31, totalBusinesses: 45, shareOf: 45 });
    expect(swiss.cities).toHaveLength(7);
  });

  it("answers a city's page data with top categories and its businesses, and 404 for an unknown city", async () => {
    const { body } = await getJson("/api/cities/ch/zurich?page=2&limit=12");
    expect(body).toMatchObject({ city: "Zürich", country: "Switzerland", countryCode: "CH", businessCount: 15, categoryCount: 1, currentPage: 2, totalPages: 2 });
    expect(body.topCategories).toEqual([{ category: "Hotel", slug: "hotel", count: 15 }]);
    expect(body.businesses).toHaveLength(3);
    expect(await getNotFound("/api/cities/ch/atlantis")).toEqual({ status: 404, type: "text/plain; charset=utf-8", text: "City not found" });
  });

  it("leaves unapproved businesses out of lists and counts", async () => {
    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'zh-1'`).run();
    // A URL not asked for before, so the edge cache cannot answer it.
    const { body } = await getJson("/api/cities/ch/zurich?limit=20");
    expect(body.businessCount).toBe(14);
    expect(body.businesses.map((b: { name: string }) => b.name)).not.toContain("Zürich Hotel 1");
    await env.DB.prepare(`UPDATE businesses SET is_approved = 1 WHERE place_id = 'zh-1'`).run();
  });
});

describe("GET /api/businesses", () => {
  it("answers the paged business response; pages outside 1..100 fall back to page 1", async () => {
    const { cache, body } = await getJson("/api/businesses?page=2");
    expect(cache).toContain("s-maxage=7200");
    expect(body).toMatchObject({ currentPage: 2, totalPages: 3, totalCount: 50, hasNextPage: true, hasPrevPage: true });
    expect(body.businesses).toHaveLength(20);
    expect(Object.keys(body.businesses[0]).sort()).toEqual(
      ["category", "city", "country", "countryCode", "id", "name", "phone", "rating", "reviews", "slug"].sort(),
    );
    expect((await getJson("/api/businesses?page=101")).body.currentPage).toBe(1);
  });
});

describe("directory pages", () => {
  it("render server-side with title, canonical, breadcrumbs JSON-LD and the list cache policy", async () => {
    const page = await fetchPage("/categories");
    expect(page.status).toBe(200);
    expect(page.cache).toContain("s-maxage=7200");
    expect(page.html).toContain("<title>Business Categories | WorldHotels Directory</title>");
    expect(page.html).toMatch(/<link rel="canonical" href="[^"]+\/categories"/);
    expect(page.html).toContain('"@type":"BreadcrumbList"');
    expect(page.html).toContain("Showing 1 to 12 of 32 categories");

    const businesses = await fetchPage("/businesses?page=2");
    expect(businesses.html).toContain("Showing 21-40 of 50 businesses");
    expect(businesses.html).toContain("Page 2 of 3");
    expect(businesses.html).toContain("View Details");
  });

  it("treat a single letter as the letter view and redirect any other single character", async () => {
    const letter = await fetchPage("/categories/k");
    expect(letter.status).toBe(200);
    expect(letter.html).toContain("Keywords beginning with K");
    expect(letter.html).toContain("Showing 1 to 12 of 30 categories");
    const other = await fetchPage("/categories/1");
    expect(other.status).toBe(302);
    expect(other.location).toBe("/categories");
  });

  it("show detail pages and answer 404 with the spec's texts for unknown ones", async () => {
    const category = await fetchPage("/categories/hotel");
    expect(category.status).toBe(200);
    expect(category.html).toContain("Top Countries");
    expect(category.html).toContain('href="/countries/ch"');

    const country = await fetchPage("/countries/ch");
    expect(country.html).toContain("Businesses in Switzerland");
    expect(country.html).toContain('href="/countries/ch/cities"');
    expect(country.html).toContain('href="/cities/ch/zurich"');
    expect((await fetchPage("/countries/switzerland")).location).toBe("/countries/ch");

    const cities = await fetchPage("/countries/ch/cities?page=3");
    expect(cities.html).toContain("Cities in Switzerland");
    expect(cities.html).toContain("Showing 25 to 31 of 31 cities");

    const letter = await fetchPage("/cities/t");
    expect(letter.html).toContain("Cities beginning with T");
    // Two letters are a known country's code: a permanent alias of its cities, query kept.
    await expectRedirects(301, [
      ["/cities/fr", "/countries/fr/cities"],
      ["/cities/CH?page=2&q=z", "/countries/ch/cities?page=2&q=z"],
    ]);

    const city = await fetchPage("/cities/ch/zurich");
    expect(city.html).toContain("Top Categories");
    // A top category is the city's own list of it.
    expect(city.html).toContain('href="/cities/ch/zurich?category=hotel"');

    for (const [path, text] of [
      ["/categories/no-such-thing", "Category not found"],
      ["/countries/xx", "Country not found"],
      ["/cities/zz", "Country not found"],
      ["/cities/ch/atlantis", "City not found"],
    ]) {
      const missing = await fetchPage(path!);
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain(text);
      expect(missing.html, path).toMatch(new RegExp(`<title>${text}`));
    }
  });

  it("redirect another spelling of a category, country or city slug to the canonical URL, query kept", async () => {
    await expectRedirects(301, [
      ["/countries/switzerland?page=2", "/countries/ch?page=2"],
      ["/countries/CH?page=2", "/countries/ch?page=2"],
      ["/countries/switzerland/cities?page=2&q=z", "/countries/ch/cities?page=2&q=z"],
      ["/api/countries/switzerland?page=2", "/api/countries/ch?page=2"],
      ["/categories/Hotel?page=2", "/categories/hotel?page=2"],
      ["/categories/HOTEL/", "/categories/hotel"],
      ["/cities/CH/Z%C3%BCrich", "/cities/ch/zurich"],
      ["/api/categories/Hotel", "/api/categories/hotel"],
      ["/api/cities/CH/Zurich?limit=5", "/api/cities/ch/zurich?limit=5"],
    ]);
    // A client-side navigation (Remix's data request) is sent to the clean address.
    const data = await SELF.fetch(`${BASE}/categories/Hotel.data?_routes=routes%2Fcategories.%24slug`, { redirect: "manual" });
    const body = await data.text();
    expect(body).toContain("/categories/hotel");
    expect(body).not.toContain("_routes");
  });

  it("answer 404 for a page past the last, rather than page 1 or an empty 'nothing found' page under another address", async () => {
    for (const path of [
      "/categories?page=99",
      "/categories/k?page=9",
      "/categories/hotel?page=999&before=5",
      "/countries?q=a&page=50",
      "/countries/ch?page=99",
      "/countries/ch/cities?page=99",
      "/cities?page=999",
      "/cities/t?page=99",
      "/cities/ch/zurich?page=99",
    ]) {
      const answer = await fetchPage(path);
      expect(answer.status, path).toBe(404);
      expect(answer.html, path).toContain("Page not found");
    }
    // The last page itself, and page 1 of an empty search, stay where they are.
    expect((await fetchPage("/countries/ch/cities?page=3")).status).toBe(200);
    expect((await fetchPage("/categories?q=no-such-category")).status).toBe(200);
  });

  it("show the first and last pages and two pages either side of the current one", async () => {
    // Hotel has 18 businesses: 9 pages of 2.
    const labels = (html: string) => [...html.matchAll(/aria-label="Page (\d+)"|aria-current="page"[^>]*>(\d+)</g)].map((m) => Number(m[1] ?? m[2]));
    expect(labels((await fetchPage("/categories/hotel?limit=2")).html)).toEqual([1, 2, 3, 9]);
    expect(labels((await fetchPage("/categories/hotel?limit=2&page=6")).html)).toEqual([1, 4, 5, 6, 7, 8, 9]);
    expect(labels((await fetchPage("/categories/hotel?limit=2&page=9")).html)).toEqual([1, 7, 8, 9]);
  });

  it("word titles and descriptions in the singular for one (a category, city or country of one business)", async () => {
    const category = await fetchPage("/categories/kiosk-7");
    expect(category.html).toContain("<title>Kiosk 7 – 1 listing in 1 country | WorldHotels Directory</title>");
    expect(category.html).toContain('content="Find 1 Kiosk 7 listing in 1 country: addresses');
    expect(category.html).toContain("1 business in 1 country");
    const city = await fetchPage("/cities/ch/town-7");
    expect(city.html).toContain('content="1 hotel or business in Town 7, Switzerland, in 1 category."');
    const country = await fetchPage("/countries/fr");
    expect(country.html).toContain('content="5 hotels and businesses in 1 city of France, in 2 categories."');
    expect(country.html).toContain("Discover 5 hotels and businesses across 1 city in France.");
    expect((await fetchPage("/countries/fr/cities")).html).toContain('content="1 city of France with hotels and businesses');
  });

  it("show the empty states", async () => {
    expect((await fetchPage("/countries?q=atlantis")).html).toContain("No countries found");
    expect((await fetchPage("/cities?q=atlantis")).html).toContain("No cities found");
    expect((await fetchPage("/categories?q=atlantis")).html).toContain("No categories found");
  });
});
