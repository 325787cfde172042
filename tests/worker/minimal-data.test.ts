import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, importFile } from "./import-support";
import { pageText, slugOf } from "./support/public-fixtures";

let cookie: string;

// Businesses as the upload template gives them (its ten columns, many cells empty, as in real
// exports), imported through the real upload and queue, then seen as a visitor sees them.
const TEMPLATE = [
  "name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code",
  // A rating and no review count.
  "Hotel Uncounted,,,Hotel,,,4.6,,min-1,GH",
  // One review.
  `Pension Eins,"Hauptstr. 1, Berlin",,Guesthouse,52.5,13.4,4.2,1,min-2,DE`,
  // A name and nothing else.
  "Bare Name Lodge,,,,,,,,min-3,",
  // A category and no country code.
  "Nowhere Bistro,,,Bistro,,,,,min-4,",
  // A country code and no category.
  "Bare Code Inn,,,,,,,,min-5,TR",
  // Rated 0: not rated.
  "Zero Rated Motel,,,Motel,,,0,0,min-7,FR",
].join("\n");

// A Google-Maps export's columns with the category cell empty.
const EXPORT = ["name,city,country_code,category,place_id", "Kaffee Ohne Sorte,Leipzig,DE,,min-6"].join("\n");

/** The text of the card of `name` on a list page. */
function cardText(html: string, name: string): string {
  const card = [...html.matchAll(/<article\b.*?<\/article>/gs)].map((m) => m[0]).find((c) => c.includes(`>${name}</a>`));
  expect(card, name).toBeDefined();
  return card!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

/** The page's schema.org data, as a crawler reads it. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

beforeAll(async () => {
  cookie = await adminCookie();
  expect((await importFile(cookie, "template.csv", TEMPLATE)).result).toMatchObject({ success: true, successCount: 6 });
});

describe("a business with the template's data only", () => {
  it("shows a rating without a review count alone, never 'from 0 reviews'; a single review in the singular on cards", async () => {
    const detail = await pageText(`/business/${await slugOf("min-1")}`);
    expect(detail).toContain("<strong>4.6</strong>");
    expect(detail).not.toContain("0 reviews");
    expect(detail).toContain('content="Hotel Uncounted, Hotel in Ghana. Rated 4.6/5. Address, phone');
    // Its details do not claim 0 reviews beside the rating: the count is not known.
    expect(detail).toMatch(/Total Reviews<\/dt><dd class="font-medium">—<\/dd>/);
    for (const path of ["/businesses", "/categories/hotel", "/search?q=uncounted", "/"]) {
      const html = await pageText(path);
      expect(html, path).toContain("Hotel Uncounted");
      expect(html, path).not.toContain("0 reviews");
    }
    for (const path of ["/businesses", "/categories/guesthouse", "/search?q=pension", "/"]) {
      const html = await pageText(path);
      expect(html, path).toContain("(1 review)");
      expect(html, path).not.toContain("1 reviews");
    }
  });

  it("gives a business with no address, city or country code no empty PostalAddress in its JSON-LD", async () => {
    const [business] = jsonLd(await pageText(`/business/${await slugOf("min-3")}`));
    expect(business).toMatchObject({ "@type": "LocalBusiness", name: "Bare Name Lodge" });
    expect(business).not.toHaveProperty("address");
    const [coded] = jsonLd(await pageText(`/business/${await slugOf("min-1")}`));
    expect(coded!.address).toEqual({ "@type": "PostalAddress", addressCountry: "GH" });
  });

  it("names the country of its code on the all-businesses and search cards, and in /api/businesses", async () => {
    for (const path of ["/businesses", "/search?q=uncounted", "/search?q=hotel&location=Ghana"]) {
      expect(cardText(await pageText(path), "Hotel Uncounted"), path).toBe("Hotel Uncounted Hotel Ghana ★ 4.6 View Details");
    }
    // The search names the country as its page does, not by the code its businesses stored.
    const narrowed = await pageText("/search?q=hotel&location=Ghana");
    expect(narrowed).toContain("Search results for “hotel” in Ghana</h1>");
    expect(narrowed).toContain("<title>hotel in Ghana – Search results");
    const list = (await (await SELF.fetch("https://example.com/api/businesses?page=1")).json()) as { businesses: Record<string, unknown>[] };
    expect(list.businesses.find((b) => b.name === "Hotel Uncounted")).toMatchObject({ city: null, country: "Ghana", countryCode: "GH" });
    // So do the home page's calls: its top countries and its featured businesses.
    const home = (await (await SELF.fetch("https://example.com/api/homepage-data")).json()) as { topCountries: { country: string; code: string }[] };
    expect(home.topCountries).toContainEqual(expect.objectContaining({ country: "Ghana", code: "gh" }));
    const featured = (await (await SELF.fetch("https://example.com/api/featured-businesses")).json()) as { name: string; country: string | null }[];
    expect(featured.find((b) => b.name === "Hotel Uncounted")).toMatchObject({ country: "Ghana" });
  });

  it("leaves out a country page's lists it has nothing for, and never tells 0 cities or categories", async () => {
    // Ghana: one hotel, no city.
    const ghana = await pageText("/countries/gh");
    expect(ghana).toContain('content="1 hotel or business in Ghana, in 1 category."');
    expect(ghana).toContain(">Discover 1 hotel or business in Ghana. Explore the most popular categories of the country below.</p>");
    expect(ghana).not.toContain("Top Cities");
    expect(ghana).not.toContain("0 cities");
    expect(ghana).toContain("Popular Categories");
    expect(ghana).toContain('href="/categories/hotel"');
    // Türkiye: one business with neither a city nor a category.
    const turkey = await pageText("/countries/tr");
    expect(turkey).toContain('content="1 hotel or business in Türkiye."');
    expect(turkey).toContain(">Discover 1 hotel or business in Türkiye.</p>");
    expect(turkey).not.toContain("Top Cities");
    expect(turkey).not.toContain("Popular Categories");
  });

  it("leaves out the home page's Popular Cities when no business has a city, and features only rated businesses", async () => {
    const home = await pageText("/");
    expect(home).not.toContain("Popular Cities");
    expect(home).toContain("Browse by Category");
    expect(home).toMatch(/>Bistro<\/span><span[^>]*>1 listing<\/span>/);
    const featured = home.slice(home.indexOf('data-testid="featured-list"'));
    expect(featured).toContain(">Hotel Uncounted</a>");
    expect(featured).toContain(">Pension Eins</a>");
    expect(featured).not.toContain("Zero Rated Motel");
    const api = (await (await SELF.fetch("https://example.com/api/featured-businesses")).json()) as { name: string }[];
    // 4.2 from one review (4.004) edges out 4.6 from none, which counts as the prior 4.0 alone.
    expect(api.map((b) => b.name)).toEqual(["Pension Eins", "Hotel Uncounted"]);
    expect(await pageText("/?featured=boutique")).toContain("No featured hotels match this filter yet.");
  });

  it("says there is nothing to feature yet, not that a filter matched nothing, when no business is rated", async () => {
    const rated = (await env.DB.prepare(`SELECT id, rating FROM businesses WHERE rating > 0`).all<{ id: number; rating: number }>()).results;
    await env.DB.prepare(`UPDATE businesses SET rating = NULL WHERE rating > 0`).run();
    try {
      const home = await pageText("/?featured=all");
      expect(home).toContain("No rated hotels to feature yet.");
      expect(home).not.toContain("match this filter");
    } finally {
      for (const { id, rating } of rated) await env.DB.prepare(`UPDATE businesses SET rating = ?2 WHERE id = ?1`).bind(id, rating).run();
    }
  });

  it("says the cities list is empty when no business has a city, without bidding to try another letter", async () => {
    const cities = await pageText("/cities");
    expect(cities).toContain("No cities found");
    expect(cities).not.toContain("Try another letter");
    expect(await pageText("/cities/q")).toContain("Try another letter or search text.");
  });

  // Runs after the tests of a directory without cities: it adds the only city.
  it("shows a category of businesses without a country code, and a city of businesses without a category, with no empty 'Top' list", async () => {
    expect((await importFile(cookie, "export.csv", EXPORT)).result).toMatchObject({ success: true, successCount: 1 });
    const bistro = await pageText("/categories/bistro");
    expect(bistro).toContain("<title>Bistro – 1 listing | WorldHotels Directory</title>");
    expect(bistro).toContain('content="Find 1 Bistro listing: addresses, phone numbers');
    expect(bistro).toContain(">1 business</p>");
    expect(bistro).not.toContain("0 countries");
    expect(bistro).not.toContain("Top Countries");
    expect(cardText(bistro, "Nowhere Bistro")).toBe("Nowhere Bistro Bistro View Details");

    const leipzig = await pageText("/cities/de/leipzig");
    expect(leipzig).toContain('content="1 hotel or business in Leipzig, Germany."');
    expect(leipzig).not.toContain("0 categories");
    expect(leipzig).not.toContain("Top Categories");
    expect(cardText(leipzig, "Kaffee Ohne Sorte")).toBe("Kaffee Ohne Sorte View Details");
  });
});
