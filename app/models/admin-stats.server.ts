import { desc, gt } from "drizzle-orm";
import { database } from "~/db/client.server";
import { categories } from "~/db/schema";
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
  const [totals, largest] = await Promise.all([
    getDirectoryTotals(db),
    database(db)
      .select({ category: categories.name, count: categories.businessCount })
      .from(categories)
      .where(gt(categories.businessCount, 0))
      .orderBy(desc(categories.businessCount))
      .limit(20),
  ]);
  return {
    totalBusinesses: totals.allBusinessCount,
    approvedBusinesses: totals.businessCount,
    totalCategories: totals.categoryCount,
    totalCountries: totals.countryCount,
    totalCities: totals.cityCount,
    categories: largest,
  };
}

export const ADMIN_CATEGORY_LIMIT = 2000;

/**
 * The distinct values of `column` among unapproved businesses, in order: a walk through its
 * partial index (businesses_unapproved_category / _country), one step per value, however
 * many businesses each has. Hand-written: the query builder has no recursive CTE.
 */
function unapprovedValues(column: "category_slug" | "country_code"): string {
  return `WITH RECURSIVE unapproved(value) AS (
      SELECT min(${column}) FROM businesses WHERE is_approved = 0
      UNION ALL
      SELECT (SELECT ${column} FROM businesses WHERE is_approved = 0 AND ${column} > unapproved.value ORDER BY ${column} LIMIT 1)
      FROM unapproved WHERE unapproved.value IS NOT NULL
    )`;
}

/**
 * Category names that have businesses: those with approved ones, largest first (the summary
 * table), then those whose businesses are all unapproved, by name, which the administrator must
 * also be able to pick to find them.
 */
export async function listAdminCategories(db: D1Database, limit = ADMIN_CATEGORY_LIMIT): Promise<string[]> {
  const approved = await database(db)
    .select({ name: categories.name })
    .from(categories)
    .where(gt(categories.businessCount, 0))
    .orderBy(desc(categories.businessCount), categories.name)
    .limit(limit);
  // The walk only when the approved ones leave room (the business list's filter shows 20: a
  // directory of more categories never needs it there).
  const room = limit - approved.length;
  if (room === 0) return approved.map((row) => row.name);
  const { results: unapprovedOnly } = await db
    .prepare(
      `${unapprovedValues("category_slug")}
      SELECT (SELECT coalesce(type, category) FROM businesses WHERE is_approved = 0 AND category_slug = unapproved.value LIMIT 1) AS name
      FROM unapproved
      WHERE value IS NOT NULL AND NOT EXISTS (SELECT 1 FROM categories WHERE slug = unapproved.value AND business_count > 0)
      ORDER BY name LIMIT ?1`,
    )
    .bind(room)
    .all<{ name: string }>();
  return [...approved, ...unapprovedOnly].map((row) => row.name);
}

/** Country codes (upper case) that have businesses, approved or not, alphabetical. */
export async function listCountryCodes(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `${unapprovedValues("country_code")}
      SELECT value AS code FROM unapproved WHERE value IS NOT NULL
      UNION SELECT code FROM countries WHERE business_count > 0
      ORDER BY code`,
    )
    .all<{ code: string }>();
  return results.map((row) => row.code);
}
