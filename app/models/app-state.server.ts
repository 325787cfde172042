import { eq, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { appState } from "~/db/schema";

/** Counters kept in `app_state` (cache generation, sitemap rebuild requests). */
export async function readAppCounter(d1: D1Database, key: string): Promise<number> {
  const row = await database(d1).select({ value: appState.value }).from(appState).where(eq(appState.key, key)).get();
  return row ? Number(row.value) : 0;
}

/** Adds one to a counter in a single statement (two writers cannot lose an increment). */
export async function incrementAppCounter(d1: D1Database, key: string): Promise<number> {
  const [row] = await database(d1)
    .insert(appState)
    .values({ key, value: "1" })
    .onConflictDoUpdate({ target: appState.key, set: { value: sql`CAST(${appState.value} AS INTEGER) + 1` } })
    .returning({ value: appState.value });
  return Number(row?.value ?? 1);
}
