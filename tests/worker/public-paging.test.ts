import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertBusinesses } from "~/import/commit.server";
import { directoryRows, fetchPage } from "./directory-fixtures";

beforeAll(async () => {
  // 50 businesses: 32 categories, 2 countries, 32 cities (directory-fixtures.ts).
  await upsertBusinesses(env.DB, directoryRows());
});

/** Every paged list page of the public site, with a second page each where the fixtures have one. */
const LISTS: { path: string; pages: number }[] = [
  { path: "/categories", pages: 3 },
  { path: "/categories/k", pages: 3 },
  { path: "/categories/hotel", pages: 2 },
  { path: "/countries", pages: 1 },
  { path: "/countries/ch", pages: 2 },
  { path: "/countries/ch/cities", pages: 3 },
  { path: "/cities", pages: 3 },
  { path: "/cities/t", pages: 3 },
  { path: "/cities/ch/zurich", pages: 2 },
  { path: "/businesses", pages: 3 },
  { path: "/search?q=kiosk", pages: 2 },
];

const withPage = (path: string, page: string) => `${path}${path.includes("?") ? "&" : "?"}page=${page}`;

describe("page numbers of every list page: one address per page", () => {
  it("answers 404 for a page number that names no page: 0, negative, fraction, word, empty, huge", async () => {
    for (const { path } of LISTS) {
      for (const page of ["0", "-1", "2.5", "abc", "", "1e2", "99999999999999999999"]) {
        const answer = await fetchPage(withPage(path, page));
        expect(`${withPage(path, page)} → ${answer.status}`).toBe(`${withPage(path, page)} → 404`);
      }
    }
  });

  it("answers 404 past the last page, and for /businesses past its 100 pages (the spec's cap)", async () => {
    for (const { path, pages } of LISTS) {
      const answer = await fetchPage(withPage(path, String(pages + 1)));
      expect(`${path} page ${pages + 1} → ${answer.status}`).toBe(`${path} page ${pages + 1} → 404`);
      expect(answer.html).toContain(path.startsWith("/search") ? "Page Not Found" : "Page not found");
    }
    expect((await fetchPage("/businesses?page=101")).status).toBe(404);
  });

  it("moves page 1 and numbers with leading zeros to their one address (301), other parameters kept", async () => {
    for (const { path, pages } of LISTS) {
      const first = await fetchPage(withPage(path, "1"));
      expect(`${path} → ${first.status} ${first.location}`).toBe(`${path} → 301 ${path}`);
      if (pages > 1) {
        const second = await fetchPage(withPage(path, "02"));
        expect(`${path} → ${second.status} ${second.location}`).toBe(`${path} → 301 ${withPage(path, "2")}`);
      }
    }
    expect((await fetchPage("/businesses?page=1&view=list")).location).toBe("/businesses?view=list");
    expect((await fetchPage("/categories/hotel?page=1&before=30")).location).toBe("/categories/hotel");
  });

  it("serves every real page with 200, and the 404 page links back to the list's first page", async () => {
    for (const { path, pages } of LISTS) {
      for (let page = 2; page <= pages; page++) expect((await fetchPage(withPage(path, String(page)))).status, `${path} ${page}`).toBe(200);
      expect((await fetchPage(path)).status, path).toBe(200);
    }
    const missing = await fetchPage("/categories?q=k&page=9&view=list");
    expect(missing.html).toContain('href="/categories?q=k&amp;view=list"');
    expect(missing.html).toContain("Go to the first page");
  });
});

describe("a city's list narrowed to one of its categories", () => {
  it("links its Top Categories to the city's own list of that category", async () => {
    const { html } = await fetchPage("/cities/fr/paris");
    expect(html).toContain('href="/cities/fr/paris?category=hotel"');
    expect(html).toContain('href="/cities/fr/paris?category=hostel"');
    expect(html).not.toMatch(/id="top-categories"[^]*href="\/categories\/hotel"[^]*<\/aside>/);
  });

  it("lists only that category's businesses of the city, with its count, and pages through them", async () => {
    const hostels = await fetchPage("/cities/fr/paris?category=hostel");
    expect(hostels.status).toBe(200);
    expect(hostels.html).toContain("Paris Hostel 1");
    expect(hostels.html).toContain("Paris Hostel 2");
    expect(hostels.html).not.toContain("Hôtel de Paris 1");
    expect(hostels.html).toContain("Hostel in Paris");
    expect(hostels.html).toContain('aria-current="page"');
    expect(hostels.html).toMatch(/<link rel="canonical" href="[^"]*\/cities\/fr\/paris\?category=hostel"/);
    // The worldwide category is still one link away.
    expect(hostels.html).toContain('href="/categories/hostel"');

    // Zürich's 15 hotels: 12 on page 1, 3 on page 2, in the city's newest-first order.
    const cards = (html: string) => [...html.matchAll(/Zürich Hotel (\d+)</g)].map((m) => Number(m[1]));
    const first = cards((await fetchPage("/cities/ch/zurich?category=hotel")).html);
    const second = cards((await fetchPage("/cities/ch/zurich?category=hotel&page=2")).html);
    expect(new Set([...first, ...second]).size).toBe(15);
    expect(second.length).toBe(3);
    expect((await fetchPage("/cities/ch/zurich?category=hotel&page=3")).status).toBe(404);
  });

  it("answers the same list at GET /api/cities/{cc}/{city}?category=", async () => {
    const answer = await SELF.fetch("http://example.com/api/cities/fr/paris?category=hostel");
    const body = (await answer.json()) as { category: { slug: string; count: number }; businesses: { name: string }[]; totalPages: number };
    expect(body.category).toMatchObject({ slug: "hostel", count: 2 });
    expect(body.businesses.map((b) => b.name).sort()).toEqual(["Paris Hostel 1", "Paris Hostel 2"]);
    const missing = await SELF.fetch("http://example.com/api/cities/fr/paris?category=kiosk-1");
    expect([missing.status, await missing.text()]).toEqual([404, "Category not found in this city"]);
  });

  it("answers 404 for a category the city has none of", async () => {
    const answer = await fetchPage("/cities/fr/paris?category=kiosk-1");
    expect(answer.status).toBe(404);
    expect(answer.html).toContain("Category not found in this city");
    expect((await fetchPage("/cities/fr/paris?category=no-such-thing")).status).toBe(404);
  });
});
