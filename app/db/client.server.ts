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
