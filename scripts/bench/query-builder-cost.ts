/**
 * The CPU a statement costs to write with drizzle's query builder against a hand-written string,
 * in one run (so the ratio holds on a busy machine): the figure beside each public hot-path
 * statement kept hand-written. No database: only the writing of the SQL and its parameters.
 *
 *   npx tsx scripts/bench/query-builder-cost.ts
 */
import { loadavg } from "node:os";
import { and, eq, gte, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { businesses, categories } from "../../app/db/schema";

const ROUNDS = 50_000;
const unused = { prepare: () => ({ bind: () => ({}) }) } as unknown as D1Database;

function microseconds(write: (i: number) => unknown): number {
  for (let i = 0; i < 2_000; i++) write(i);
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) write(i);
  return ((performance.now() - started) * 1000) / ROUNDS;
}

const made = drizzle(unused);
const letterPage = (db: ReturnType<typeof drizzle>, i: number) =>
  db
    .select({ slug: categories.slug, name: categories.name, businessCount: categories.businessCount, countryCount: categories.countryCount })
    .from(categories)
    .where(and(gte(categories.slug, "a"), lt(categories.slug, "b")))
    .orderBy(categories.slug)
    .limit(12)
    .offset(i % 100)
    .toSQL();
const { id, name, slug, category, type, fullAddress, phone, rating, reviews, verified, photo, createdAt } = businesses;
const card = (db: ReturnType<typeof drizzle>, i: number) =>
  db.select({ id, name, slug, category, type, fullAddress, phone, rating, reviews, verified, photo, createdAt }).from(businesses).where(eq(businesses.slug, `s${i}`)).toSQL();

const figures = {
  "string, a letter's page of categories": microseconds((i) => ({
    sql: `SELECT slug, name, business_count, country_count FROM categories WHERE slug >= ?1 AND slug < ?2 ORDER BY slug LIMIT ?3 OFFSET ?4`,
    params: ["a", "b", 12, i % 100],
  })),
  "builder, the same": microseconds((i) => letterPage(made, i)),
  "builder, the same with database() per call": microseconds((i) => letterPage(drizzle(unused), i)),
  "builder, a business card by slug (12 columns)": microseconds((i) => card(made, i)),
};
console.log(`load average ${loadavg()[0]!.toFixed(1)}; µs per statement written:`);
for (const [label, us] of Object.entries(figures)) console.log(`  ${label}: ${us.toFixed(2)}`);
