import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SITE_NAME, seoMeta, siteUrlFrom } from "./seo";

type Matches = ReadonlyArray<{ id: string; data?: unknown }>;

/**
 * Meta tags of a directory page: "{title}[ – Page N] | WorldHotels Directory", its description
 * ("… Page N." past page 1) and a canonical URL that keeps the page number but not the search
 * text or layout. A search result page is not indexed on its own, nor is a list with nothing on
 * it (a letter no name begins with): both get noindex (decision 086).
 */
export function directoryMeta(
  matches: Matches,
  {
    title,
    description,
    path,
    page = 1,
    searched = false,
    empty = false,
  }: { title: string; description: string; path: string; page?: number; searched?: boolean; empty?: boolean },
): MetaDescriptor[] {
  const paged = page > 1;
  return seoMeta({
    title: `${title}${paged ? ` – Page ${page}` : ""} | ${SITE_NAME}`,
    description: paged ? `${description} Page ${page}.` : description,
    path: paged ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path,
    siteUrl: siteUrlFrom(matches),
    noindex: searched || empty,
  });
}

export function notFoundMeta(matches: Matches, title: string, path: string): MetaDescriptor[] {
  return directoryMeta(matches, { title, description: `${title}. Browse the directory instead.`, path, searched: true });
}

export function categoriesMeta(
  list: { letter: string | null; q: string; currentPage: number; totalCount: number } | null,
  matches: Matches,
): MetaDescriptor[] {
  const letter = list?.letter ?? null;
  return directoryMeta(matches, {
    title: letter ? `Keywords beginning with ${letter}` : "Business Categories",
    description: letter
      ? `Business categories beginning with ${letter}: ${list?.totalCount ?? 0} categories of hotels and businesses worldwide.`
      : `Browse ${list?.totalCount ?? 0} business categories of hotels and businesses worldwide, from A to Z.`,
    path: letter ? `/categories/${letter.toLowerCase()}` : "/categories",
    page: list?.currentPage,
    searched: Boolean(list?.q),
    empty: list?.totalCount === 0,
  });
}

export function citiesMeta(
  list: { letter: string | null; q: string; currentPage: number; totalCount: number } | null,
  matches: Matches,
): MetaDescriptor[] {
  const letter = list?.letter ?? null;
  return directoryMeta(matches, {
    title: letter ? `Cities beginning with ${letter}` : "Cities Directory",
    description: letter
      ? `Hotels and businesses in ${list?.totalCount ?? 0} cities beginning with ${letter}.`
      : `Find hotels and businesses in ${list?.totalCount ?? 0} cities worldwide.`,
    path: letter ? `/cities/${letter.toLowerCase()}` : "/cities",
    page: list?.currentPage,
    searched: Boolean(list?.q),
    empty: list?.totalCount === 0,
  });
}
