import { parseAdminBusinessQuery } from "~/lib/admin/admin-query";
import { listAdminBusinesses } from "~/models/admin-business.server";
import { getAdminStats, listAdminCategories } from "~/models/admin-stats.server";

/** The category filter offers the first 20 non-empty categories (plus All). */
export const CATEGORY_FILTER_SIZE = 20;

/** Everything the business manager shows, for /admin/businesses and /admin-legacy alike. */
export async function loadBusinessManager(db: D1Database, params: URLSearchParams) {
  const query = parseAdminBusinessQuery(params);
  const [list, categories, stats] = await Promise.all([listAdminBusinesses(db, query), listAdminCategories(db, CATEGORY_FILTER_SIZE), getAdminStats(db)]);
  return { list, query, categories, stats };
}
