import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { addBusinesses, record } from "./admin-support";

const ORIGIN = "http://example.com";
let businessSlug = "";

beforeAll(async () => {
  const storchen = record({ name: "Hotel Storchen", placeId: "cache-1" });
  await addBusinesses([storchen, record({ name: "Zeughauskeller", placeId: "cache-2", type: "Restaurant" })]);
  businessSlug = toBusinessRow(storchen).slug;
});

/**
 * Every public page and public API answer must declare how long the edge may keep it (the
 * spec's durations), or the edge cache never serves it and every visit costs D1 reads.
 */
const PUBLIC = (): [path: string, seconds: number][] => [
  // The home page holds the featured cards (30 minutes) beside the homepage data (2 hours).
  ["/", 1800],
  ["/businesses", 7200],
  ["/categories", 7200],
  ["/categories/h", 7200],
  ["/categories/hotel", 7200],
  ["/countries", 7200],
  ["/countries/ch", 7200],
  ["/countries/ch/cities", 7200],
  ["/cities", 7200],
  ["/cities/z", 7200],
  ["/cities/ch/zurich", 7200],
  [`/business/${businessSlug}`, 600],
  ["/search?q=storchen", 600],
  ["/api/homepage-data", 7200],
  ["/api/featured-businesses", 1800],
  ["/api/businesses?page=1", 7200],
  [`/api/businesses/${businessSlug}`, 600],
  ["/api/categories", 7200],
  ["/api/categories/hotel?page=1&limit=12", 7200],
  ["/api/countries", 7200],
  ["/api/countries/ch", 7200],
  ["/api/cities", 7200],
  ["/api/cities/ch/zurich?page=1&limit=12", 7200],
];

describe("edge caching of public answers", () => {
  it("declares the spec's cache duration on every public page and API answer", async () => {
    const wrong: string[] = [];
    for (const [path, seconds] of PUBLIC()) {
      const response = await SELF.fetch(`${ORIGIN}${path}`);
      await response.arrayBuffer();
      const cacheControl = response.headers.get("Cache-Control") ?? "(none)";
      if (response.status !== 200 || !cacheControl.includes("public") || !cacheControl.includes(`s-maxage=${seconds}`)) {
        wrong.push(`${path}: ${response.status} ${cacheControl}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never lets the edge keep an admin page or a 404", async () => {
    const missing = await SELF.fetch(`${ORIGIN}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control") ?? "").not.toMatch(/s-maxage/);
    // Every not-found answer, page or call, is kept by no cache: the category, country or city
    // an import adds next is there at once.
    const notFound = [
      "/no-such-page", "/business/no-such-business", "/categories/no-such-category", "/countries/xx", "/countries/xx/cities", "/cities/zz",
      "/cities/ch/atlantis", "/api/nothing", "/api/businesses/no-such-business", "/api/categories/no-such-category", "/api/countries/xx",
      "/api/cities/ch/atlantis",
    ];
    const kept: string[] = [];
    for (const path of notFound) {
      const response = await SELF.fetch(`${ORIGIN}${path}`);
      await response.arrayBuffer();
      const cacheControl = response.headers.get("Cache-Control") ?? "(none)";
      if (response.status !== 404 || cacheControl !== "private, no-store") kept.push(`${path}: ${response.status} ${cacheControl}`);
    }
    expect(kept).toEqual([]);
    // Every admin answer, signed out: the login page and its data, the redirects to it, the calls' 401.
    for (const path of ["/admin/dashboard", "/admin/login", "/Admin/Login", "/admin/login.data", "/admin/businesses", "/admin-legacy", "/api/admin/stats"]) {
      const admin = await SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual" });
      await admin.arrayBuffer();
      expect(`${path}: ${admin.headers.get("Cache-Control")}`).toBe(`${path}: private, no-store`);
    }
  });
});
