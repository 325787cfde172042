import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedMaterial } from "../support/shared-material";
import {
  BUSINESS_SITEMAP_FILE_PATTERN,
  sitemapFileLastmod,
  LIST_SITEMAP_FILE_PATTERN,
  businessPath,
  cityPath,
  countryPath,
  escapeXml,
  fitsSitemapLoc,
  listSitemapFile,
  mainSitemapXml,
  robotsTxt,
  siteLink,
  sitemapIndexXml,
  urlsetXml,
  w3cDatetime,
} from "~/lib/directory/sitemap-xml";

describe("sitemap XML builders", () => {
  it("escapes the five XML special characters and drops characters XML cannot hold", () => {
    expect(escapeXml(`Tom & Jerry's <"Inn">`)).toBe("Tom &amp; Jerry&apos;s &lt;&quot;Inn&quot;&gt;");
    expect(escapeXml("a\u0000b\u0007c\td")).toBe("abc\td");
  });

  it("writes lastmod as a W3C datetime in UTC to the second", () => {
    expect(w3cDatetime(0)).toBe("1970-01-01T00:00:00Z");
    expect(w3cDatetime(1_795_307_467)).toBe("2026-11-22T00:31:07Z");
  });

  it("builds a urlset with escaped locations and optional lastmod", () => {
    const xml = urlsetXml([
      { loc: "https://example.com/business/a?x=1&y=2", lastmod: 1_795_307_467 },
      { loc: "https://example.com/contact" },
    ]);
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
        `<url><loc>https://example.com/business/a?x=1&amp;y=2</loc><lastmod>2026-11-22T00:31:07Z</lastmod></url>\n` +
        `<url><loc>https://example.com/contact</loc></url>\n</urlset>\n`,
    );
  });

  it("builds a sitemap index", () => {
    const xml = sitemapIndexXml([{ loc: "https://example.com/sitemaps/main.xml", lastmod: 0 }]);
    expect(xml).toContain(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
    expect(xml).toContain(`<sitemap><loc>https://example.com/sitemaps/main.xml</loc></sitemap>`);
  });

  it("lists the home page, the directories, contact and the four legal pages in main.xml", () => {
    const xml = mainSitemapXml("https://example.com/", 1_795_307_467);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://example.com/",
      "https://example.com/businesses",
      "https://example.com/categories",
      "https://example.com/countries",
      "https://example.com/cities",
      "https://example.com/contact",
      "https://example.com/privacy-policy",
      "https://example.com/legal-notice",
      "https://example.com/terms-of-service",
      "https://example.com/cookie-policy",
    ]);
    expect(xml).toContain("<loc>https://example.com/</loc><lastmod>2026-11-22T00:31:07Z</lastmod>");
    expect(xml).toContain("<loc>https://example.com/contact</loc></url>");
  });

  it("builds the public paths, lower-casing country codes and percent-encoding untrusted slugs", () => {
    expect(siteLink("https://example.com/", "/business/x")).toBe("https://example.com/business/x");
    expect(businessPath("grand-hotel-1a2b")).toBe("/business/grand-hotel-1a2b");
    expect(businessPath("a/b <c>")).toBe("/business/a%2Fb%20%3Cc%3E");
    expect(countryPath("TR")).toBe("/countries/tr");
    expect(cityPath("TR", "istanbul")).toBe("/cities/tr/istanbul");
  });

  it("names split list files cities.xml, cities-2.xml, … and accepts only known file names", () => {
    expect(listSitemapFile("cities", 0)).toBe("cities.xml");
    expect(listSitemapFile("cities", 2)).toBe("cities-3.xml");
    for (const name of ["main.xml", "categories.xml", "countries.xml", "cities.xml", "cities-2.xml", "cities-12.xml"]) {
      expect(LIST_SITEMAP_FILE_PATTERN.test(name)).toBe(true);
    }
    for (const name of ["other.xml", "cities-1.xml", "cities-0.xml", "cities.xml.bak", "../cities.xml", "main"]) {
      expect(LIST_SITEMAP_FILE_PATTERN.test(name)).toBe(false);
    }
    expect(BUSINESS_SITEMAP_FILE_PATTERN.test("page-1.xml")).toBe(true);
    expect(BUSINESS_SITEMAP_FILE_PATTERN.test("page-0.xml")).toBe(false);
    expect(BUSINESS_SITEMAP_FILE_PATTERN.test("page-01.xml")).toBe(false);
  });

  it("names the sitemap in robots.txt and keeps crawlers out of the admin area", () => {
    const robots = robotsTxt("https://example.com");
    expect(robots).toContain("Sitemap: https://example.com/sitemap.xml");
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api\/admin$/m);
  });
});

// The official sitemaps.org schemas, kept next to the project when it has them.
const VALIDATORS = sharedMaterial("validators", "sitemap XML checked against the sitemaps.org schemas");

function validate(xml: string, schema: "sitemap.xsd" | "siteindex.xsd") {
  // The document goes in on standard input ("-"): no file left behind.
  const result = spawnSync("xmllint", ["--noout", "--schema", path.join(VALIDATORS!, schema), "-"], { input: xml, encoding: "utf8" });
  if (result.error) throw new Error(`xmllint is required to validate sitemaps (Debian package libxml2-utils): ${result.error.message}`);
  return result;
}

describe.skipIf(!VALIDATORS)("sitemap XML against the sitemaps.org schemas", () => {
  it("accepts the minimal index served before the first build and main.xml without dates", () => {
    expect(validate(sitemapIndexXml([{ loc: "http://127.0.0.1:8787/sitemaps/main.xml" }]), "siteindex.xsd").status).toBe(0);
    expect(validate(mainSitemapXml("http://127.0.0.1:8787", null), "sitemap.xsd").status).toBe(0);
  });

  it("accepts business URLs built from hostile slugs", () => {
    const slugs = [`<script>&"'`, "ürgüp-otel", "a/b?c#d", "x\u0001y"];
    const xml = urlsetXml(slugs.map((slug, i) => ({ loc: siteLink("https://example.com", businessPath(slug)), lastmod: 1_795_307_467 + i })));
    const result = validate(xml, "sitemap.xsd");
    expect(result.status, result.stderr).toBe(0);
  });

  it("tells a location too long for the schema (a city named by a runaway cell), which the list sitemaps leave out", () => {
    const runaway = siteLink("https://example.com", cityPath("jp", "東".repeat(300)));
    const kyoto = siteLink("https://example.com", cityPath("jp", "kyoto"));
    expect([fitsSitemapLoc(runaway), fitsSitemapLoc(kyoto), fitsSitemapLoc(`https://e.x/${"a".repeat(2035)}`)]).toEqual([false, true, true]);
    // The schema's own limit: the file with it is invalid, without it valid.
    expect(validate(urlsetXml([{ loc: kyoto }, { loc: runaway }]), "sitemap.xsd").status).not.toBe(0);
    expect(validate(urlsetXml([{ loc: kyoto }, { loc: `https://e.x/${"a".repeat(2035)}` }]), "sitemap.xsd").status).toBe(0);
  });

  it("rejects what the schema forbids (the check can fail)", () => {
    const result = validate(urlsetXml([{ loc: "https://example.com/" }]).replace("<loc>", "<loc>x</loc><loc>"), "sitemap.xsd");
    expect(result.status).not.toBe(0);
  });
});


describe("sitemapFileLastmod", () => {
  const NOW = 1_800_000_000;
  it("is the newest row's time for a file the live set did not have (or kept no digest of)", () => {
    expect(sitemapFileLastmod(undefined, "d1", 1_700_000_000, NOW)).toBe(1_700_000_000);
    expect(sitemapFileLastmod({ lastmod: 1_600_000_000 }, "d1", 1_700_000_000, NOW)).toBe(1_700_000_000);
    expect(sitemapFileLastmod(undefined, "d1", null, NOW)).toBeNull();
  });

  it("stays as it was for a file whose content did not change", () => {
    expect(sitemapFileLastmod({ digest: "d1", lastmod: 1_650_000_000 }, "d1", 1_700_000_000, NOW)).toBe(1_650_000_000);
  });

  it("is the newer row's time when a row was added or edited, and now when a row only left the file", () => {
    expect(sitemapFileLastmod({ digest: "d1", lastmod: 1_650_000_000 }, "d2", 1_700_000_000, NOW)).toBe(1_700_000_000);
    // A business deleted or unapproved: the newest row left is no newer than the file was.
    expect(sitemapFileLastmod({ digest: "d1", lastmod: 1_650_000_000 }, "d2", 1_650_000_000, NOW)).toBe(NOW);
    expect(sitemapFileLastmod({ digest: "d1", lastmod: 1_650_000_000 }, "d2", 1_600_000_000, NOW)).toBe(NOW);
    expect(sitemapFileLastmod({ digest: "d1", lastmod: null }, "d2", null, NOW)).toBe(NOW);
  });

  it("is now for a file the live set (which kept digests) lacks: a list part or page that comes back may list older rows", () => {
    expect(sitemapFileLastmod(null, "d1", 1_700_000_000, NOW)).toBe(NOW);
  });
});
