/**
 * Pure builders for the sitemaps.org XML files (urlset and sitemap index) and the public URL
 * paths they list. Names and slugs come from imported spreadsheets: everything is escaped.
 */

/** The spec's constant: approved businesses per `/sitemaps/businesses/page-N.xml`. */
export const BUSINESSES_PER_SITEMAP = 9000;
/** sitemaps.org limit: a sitemap file holds at most 50,000 URLs. */
export const MAX_URLS_PER_SITEMAP = 50000;

/** The list sitemaps (besides the business files) — the spec's "+ 4". */
export const LIST_SITEMAPS = ["main", "categories", "countries", "cities"] as const;
export type ListSitemap = (typeof LIST_SITEMAPS)[number];

/** Static pages of the public site listed in main.xml: home, the directories, contact, legal pages. */
export const MAIN_SITEMAP_PATHS = [
  "/",
  "/businesses",
  "/categories",
  "/countries",
  "/cities",
  "/contact",
  "/privacy-policy",
  "/legal-notice",
  "/terms-of-service",
  "/cookie-policy",
] as const;

export interface SitemapEntry {
  loc: string;
  /** Unix seconds. */
  lastmod?: number | null;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  // Control characters other than tab/newline/return are not allowed in XML 1.0 at all.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** W3C Datetime (the sitemaps.org `lastmod` format) in UTC, to the second: 2026-11-22T00:31:07Z. */
export function w3cDatetime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${w3cDatetime(entry.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * sitemaps.org: a `loc` is less than 2,048 characters. A city or category named by a runaway
 * cell (their slugs are not cut, and a character of another script is nine once
 * percent-encoded) is left out of its list rather than making the file invalid.
 */
export function fitsSitemapLoc(loc: string): boolean {
  return loc.length < 2048;
}

export function urlsetXml(entries: Iterable<SitemapEntry>): string {
  const parts = [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">\n`];
  for (const entry of entries) parts.push(entryXml("url", entry), "\n");
  parts.push("</urlset>\n");
  return parts.join("");
}

export function sitemapIndexXml(entries: Iterable<SitemapEntry>): string {
  const parts = [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">\n`];
  for (const entry of entries) parts.push(entryXml("sitemap", entry), "\n");
  parts.push("</sitemapindex>\n");
  return parts.join("");
}

/** main.xml: the site's fixed pages; the home page and the directories change with the newest business. */
export function mainSitemapXml(siteUrl: string, newest: number | null): string {
  const changesWithData = new Set(["/", "/businesses", "/categories", "/countries", "/cities"]);
  return urlsetXml(
    MAIN_SITEMAP_PATHS.map((path) => ({ loc: siteLink(siteUrl, path), lastmod: changesWithData.has(path) ? newest : null })),
  );
}

/** Absolute URL of a site path, from the configured SITE_URL (with or without a trailing slash). */
export function siteLink(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, "") + path;
}

// Public URL paths as the site routes them; each segment percent-encoded (a sitemap URL must be
// a valid RFC 3986 URL even if a slug holds something unexpected).
const segment = encodeURIComponent;
export const businessPath = (slug: string) => `/business/${segment(slug)}`;
/** The business's API answer (GET /api/businesses/{slug}). */
export const businessApiPath = (slug: string) => `/api/businesses/${segment(slug)}`;
export const categoryPath = (slug: string) => `/categories/${segment(slug)}`;
export const countryPath = (code: string) => `/countries/${segment(code.toLowerCase())}`;
export const cityPath = (countryCode: string, citySlug: string) =>
  `/cities/${segment(countryCode.toLowerCase())}/${segment(citySlug)}`;

/**
 * File name of the n-th part (0-based) of a list sitemap. A list that outgrows one file
 * (cities at scale) continues in `cities-2.xml`, `cities-3.xml`, …; the first part keeps the
 * spec's name.
 */
export function listSitemapFile(list: ListSitemap, part: number): string {
  return part === 0 ? `${list}.xml` : `${list}-${part + 1}.xml`;
}

export function businessSitemapFile(page: number): string {
  return `businesses/page-${page}.xml`;
}

/** File names the routes accept under /sitemaps/ (anything else is a 404 without touching storage). */
export const LIST_SITEMAP_FILE_PATTERN = /^(main|categories|countries|cities)(-([2-9]|[1-9]\d{1,5}))?\.xml$/;
export const BUSINESS_SITEMAP_FILE_PATTERN = /^page-([1-9]\d{0,6})\.xml$/;

/** robots.txt: everything public is crawlable, the admin area and its API are not. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/admin", "", `Sitemap: ${siteLink(siteUrl, "/sitemap.xml")}`, ""].join("\n");
}

/**
 * A sitemap file's lastmod in the index: when what it lists last changed. Its newest row's time
 * says so when a row was added or edited, but not when one left it (deleted, unapproved) or a
 * slice boundary moved (business files are keyset slices, so a removal shifts every later file):
 * a file whose content (`digest`) differs from the live set's copy without a newer row changed
 * now, as did a file the live set lacks (`before` null: a list part or business page that comes
 * back may list older rows than a crawler's copy). An unchanged file keeps its lastmod. Without a
 * live set that kept digests (`before` undefined) it is the newest row's time. Unix seconds.
 */
export function sitemapFileLastmod(
  before: { digest?: string; lastmod: number | null } | null | undefined,
  digest: string,
  newest: number | null,
  now: number,
): number | null {
  if (before === null) return now;
  if (!before?.digest) return newest;
  if (before.digest === digest) return before.lastmod;
  return newest !== null && (before.lastmod === null || newest > before.lastmod) ? newest : now;
}
