/** The loaders' zod schemas of directory queries (server only: keeps zod out of the browser bundles). */
import { z } from "~/lib/web/zod";
import { parsePageParam } from "./paging";
import { parseLetter, parseSearchText } from "./directory-query";

/**
 * Query of a directory list (?page=&letter=&q=). Never fails: an unreadable page is page 1, an
 * unknown letter is no letter, the search text is trimmed and bounded.
 */
export const listQuerySchema = z.object({
  page: z.string().nullish().transform((raw) => parsePageParam(raw)),
  letter: z.string().nullish().transform(parseLetter),
  q: z.string().nullish().transform(parseSearchText),
});

/** ?page=&limit=&before= of a detail page's businesses: limit 1..48 (default 12), before a cursor id. */
export const detailQuerySchema = z.object({
  page: z.string().nullish().transform((raw) => parsePageParam(raw)),
  limit: z
    .string()
    .nullish()
    .transform((raw) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 48 ? Number(raw) : 12)),
  // An unreadable cursor is ignored: the page number alone still finds the page.
  before: z.string().nullish().transform((raw) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null)),
});

export function searchParamsObject(url: string | URL): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

/**
 * ?category= of a city page: the slug of one of its categories, or none. The page looks the slug
 * up as given (its Top Categories links write it), and answers 404 when the city has none of it.
 */
export const categoryFilterSchema = z.object({
  category: z
    .string()
    .nullish()
    .transform((raw) => (raw ? raw.slice(0, 200) : null)),
});
