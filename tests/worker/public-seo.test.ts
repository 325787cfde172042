import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertBusinesses } from "~/import/commit.server";
import { BASE, directoryRows, fetchPage } from "./directory-fixtures";

/**
 * The public site as a crawler meets it: status codes, redirects to one address per page,
 * canonical links, robots meta and cache headers (decision 086).
 */
async function get(path: string, init: RequestInit = {}) {
  const page = await fetchPage(path, init);
  return {
    ...page,
    canonical: page.html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? null,
    robots: page.html.match(/<meta name="robots" content="([^"]*)"/)?.[1] ?? null,
    description: page.html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? null,
  };
}

beforeAll(async () => {
  // 50 businesses: 3 pages of /businesses, 32 categories, 2 countries, 32 cities (directory-fixtures.ts).
  await upsertBusinesses(env.DB, directoryRows());
});

describe("page numbers", () => {
  it("answers 404 for /businesses past its last page or with a page number that names no page", async () => {
    const past = await get("/businesses?page=4&view=list");
    expect(past.status).toBe(404);
    const last = await get("/businesses?page=3");
    expect(last.status).toBe(200);
    expect(last.canonical).toMatch(/\/businesses\?page=3$/);
    for (const page of ["0", "-1", "abc", "1.5", "101", "999999"]) {
      const answer = await get(`/businesses?page=${page}`);
      expect(answer.status, page).toBe(404);
      expect(answer.html, page).toContain("Page not found");
    }
  });
});

describe("one address per page", () => {
  it("answers another spelling of any page (capitals, a trailing slash) with 301 to its canonical path, query kept", async () => {
    const cases: [string, string][] = [
      ["/Categories", "/categories"],
      ["/categories/", "/categories"],
      ["/Businesses/?page=2", "/businesses?page=2"],
      ["/countries/", "/countries"],
      ["/Cities", "/cities"],
      ["/search/?q=hotel", "/search?q=hotel"],
      ["/Contact", "/contact"],
      ["/privacy-policy/", "/privacy-policy"],
      ["/sitemap.xml/", "/sitemap.xml"],
      ["/Robots.txt", "/robots.txt"],
      // Letter views, like the slug pages already were.
      ["/categories/K", "/categories/k"],
      ["/categories/k/?page=2", "/categories/k?page=2"],
      ["/cities/T", "/cities/t"],
      ["/cities/t/", "/cities/t"],
      // Slug pages: one redirect, straight to the canonical path.
      ["/Countries/CH", "/countries/ch"],
      ["/countries/ch/", "/countries/ch"],
      ["/categories/Hotel/", "/categories/hotel"],
      ["/cities/CH/Zurich/", "/cities/ch/zurich"],
    ];
    for (const [path, location] of cases) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await get(path, { method });
        expect(`${method} ${path}: ${answer.status} ${answer.location}`).toBe(`${method} ${path}: 301 ${location}`);
      }
    }
    // The canonical spellings themselves are served, their data requests included.
    for (const path of ["/categories", "/businesses?page=2", "/categories/k", "/cities/t", "/search?q=hotel", "/contact", "/robots.txt"]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect((await get("/categories/k.data")).status).toBe(200);
    expect((await get("/cities/t.data")).status).toBe(200);
  });

  it("sends a stray legacy data request (?_data=, which single fetch never makes) to the page itself, not to a 403 or a 500", async () => {
    const cases: [string, string][] = [
      ["/?_data=routes%2F_index", "/"],
      ["/?_data=x", "/"],
      ["/categories/hotel?_data=x&page=2", "/categories/hotel?page=2"],
      ["/Contact?_data=root", "/contact"],
      ["/admin/login?_data=routes%2Fadmin_.login", "/admin/login"],
    ];
    for (const [path, location] of cases) {
      const answer = await get(path);
      expect(`${path}: ${answer.status} ${answer.location}`).toBe(`${path}: 301 ${location}`);
    }
    const posted = await get("/contact?_data=routes%2Fcontact", { method: "POST", headers: { Origin: BASE }, body: "name=x" });
    expect(posted.status).toBe(400);
  });
});

describe("canonical links", () => {
  it("name a search results page by its text, location and page only, as its pager links to it", async () => {
    const cases: [string, string][] = [
      ["/search?q=hotel&utm_source=news", "/search?q=hotel"],
      ["/search?q=hotel&fbclid=x", "/search?q=hotel"],
      ["/search?q=+hotel+&location=Paris&view=list", "/search?q=hotel&location=Paris"],
      // Page 2 of the 30 kiosks.
      ["/search?q=kiosk&page=2&view=list", "/search?q=kiosk&page=2"],
      ["/search?location=Paris&q=", "/search?location=Paris"],
      ["/search?utm_source=news", "/search"],
    ];
    for (const [path, canonical] of cases) {
      const answer = await get(path);
      expect(answer.robots, path).toBe("noindex");
      expect(answer.canonical?.replaceAll("&amp;", "&"), path).toBe(`${env.SITE_URL}${canonical}`);
    }
  });
});

describe("what search engines may index", () => {
  it("keeps a list with nothing on it (a letter no name begins with) out of the index, as search results are", async () => {
    for (const path of ["/categories/x", "/cities/x", "/categories?q=atlantis", "/cities?q=atlantis", "/countries?q=atlantis"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.robots, path).toBe("noindex");
    }
    for (const path of ["/categories/k", "/cities/t", "/categories", "/cities", "/countries", "/businesses", "/countries/ch/cities"]) {
      expect((await get(path)).robots, path).toBeNull();
    }
  });
});

describe("titles and descriptions", () => {
  it("give every page of a list its own title and description", async () => {
    for (const path of ["/businesses", "/categories", "/categories/k", "/categories/hotel?limit=2", "/countries/ch", "/countries/ch/cities", "/cities", "/cities/t"]) {
      const separator = path.includes("?") ? "&" : "?";
      const first = await get(path);
      const second = await get(`${path}${separator}page=2`);
      expect(second.status, path).toBe(200);
      expect(second.html.match(/<title>(.*?)<\/title>/)?.[1], path).toContain("– Page 2 |");
      expect(second.description, path).toBe(`${first.description} Page 2.`);
    }
  });
});
