import { getDirectoryTotals } from "~/models/directory.server";

export interface AdminStats {
  /** Every business, approved or not. */
  totalBusinesses: number;
  approvedBusinesses: number;
  totalCategories: number;
  totalCountries: number;
  totalCities: number;
  /** Largest categories first (approved businesses), at most 20. */
  categories: { category: string; count: number }[];
}

/** Figures for the admin home, dashboard and sidebar: summary tables only, a few rows read. */
export async function getAdminStats(db: D1Database): Promise<AdminStats> {
  const [totals, { results }] = await Promise.all([
    getDirectoryTotals(db),
    db
      .prepare(`SELECT name AS category, business_count AS count FROM categories WHERE business_count > 0 ORDER BY business_count DESC LIMIT 20`)
      .all<{ category: string; count: number }>(),
  ]);
  return {
    totalBusinesses: totals.allBusinessCount,
    approvedBusinesses: totals.businessCount,
    totalCategories: totals.categoryCount,
    totalCountries: totals.countryCount,
    totalCities: totals.cityCount,
    categories: results,
  };
}

export const ADMIN_CATEGORY_LIMIT = 2000;

/** Category names with at least one (approved) business, largest first. */
export async function listAdminCategories(db: D1Database, limit = ADMIN_CATEGORY_LIMIT): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT name FROM categories WHERE business_count > 0 ORDER BY business_count DESC, name LIMIT ?1`)
    .bind(limit)
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Country codes (upper case) that have businesses, alphabetical. */
export async function listCountryCodes(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare(`SELECT code FROM countries WHERE business_count > 0 ORDER BY code`).all<{ code: string }>();
  return results.map((row) => row.code);
}

export const NEW_MESSAGE_DAYS = 7;

/** Contact messages received in the last week: the layout's notification count. */
export async function countRecentContactMessages(db: D1Database, nowSeconds = Math.floor(Date.now() / 1000)): Promise<number> {
  const row = await db
    .prepare(`SELECT count(*) AS n FROM contact_messages WHERE created_at > ?1`)
    .bind(nowSeconds - NEW_MESSAGE_DAYS * 86_400)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
