import type { MetaDescriptor } from "@remix-run/cloudflare";

export const SITE_NAME = "WorldHotels Directory";

/**
 * JSON for a <script type="application/ld+json"> block. Imported data is untrusted: `<`, `>`
 * and `&` are escaped so a name holding `</script>` cannot end the block, and U+2028/2029 are
 * escaped for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The site's URL of a path. Leading slashes (or backslashes, which URLs read as slashes) are
 * taken as one: "//evil.example/x" is a path the 404 page echoes, and would otherwise resolve
 * to another host.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path.replace(/^[/\\]+/, "/"), siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/categories/hotel?page=2". */
  path: string;
  siteUrl: string;
  image?: string | null;
  type?: "website" | "article" | "business.business";
  noindex?: boolean;
}

/** Title, description, canonical link, OpenGraph and Twitter tags for a page. */
export function seoMeta({ title, description, path, siteUrl, image, type = "website", noindex }: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(siteUrl, path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * Tags of an admin page. Remix renders only the deepest route's meta, so each admin route that
 * names its own title must carry the noindex again: through here it cannot be forgotten.
 */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }];
}

export interface Crumb {
  name: string;
  path: string;
}

/** The trail to a country's page (Home, Countries, the country), which its cities' pages extend. */
export function countryCrumbs(country: string, countryCode: string): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Countries", path: "/countries" },
    { name: country, path: `/countries/${countryCode.toLowerCase()}` },
  ];
}

/** schema.org BreadcrumbList for the breadcrumbs a page shows. */
export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** The configured public site URL, from the root loader's data (meta functions have no env). */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((match) => match.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://127.0.0.1:8787";
}
