import { drizzle } from "drizzle-orm/d1";

/**
 * The query builder over a D1 binding: models build their statements with it from
 * app/db/schema.ts, so a renamed column fails to compile. Made without the schema: no model
 * uses relational queries, and each call would walk the schema again.
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;

/**
 * Whether a batch failed on a guard: a statement selecting json() of a text that is not JSON
 * when what it checks no longer holds, which rolls the whole batch back. SQLite's error names
 * no text of the guard's ("malformed JSON"), so a batch holds one guard, or its caller reads
 * again to learn which one refused.
 */
export function refusedByGuard(error: unknown): boolean {
  return String(error).includes("malformed JSON");
}
