/**
 * Seeds the local D1 database with deterministic demo businesses through the same SQL the
 * import uses (upsertBusinessesStatements), so summary tables and the search index are kept by
 * the same triggers. Usage:
 *   npx tsx scripts/seed.ts [--count 2000] [--if-empty] [--batch 500] [--persist-to DIR]
 * Re-running adds nothing new: businesses are keyed by place id.
 */
import { getPlatformProxy } from "wrangler";
import { toBusinessRow } from "../app/lib/business-record";
import { upsertBusinessesStatements } from "../app/models/business.server";
import { getDirectoryTotals } from "../app/models/directory.server";
import { demoBusinesses } from "./demo-data";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const count = option("count", 2000);
const batchSize = option("batch", 500);
// Statements sent per round trip: fewer round trips, each well under D1's limits.
const STATEMENTS_PER_CALL = 4;

const persistIndex = process.argv.indexOf("--persist-to");
// Same local state as `wrangler dev` (.wrangler/state/v3), or the folder given (tests use their own).
const persist = persistIndex >= 0 ? { path: `${process.argv[persistIndex + 1]}/v3` } : true;
const { env, dispose } = await getPlatformProxy<Env>({ persist });
try {
  const before = await getDirectoryTotals(env.DB);
  if (process.argv.includes("--if-empty") && before.allBusinessCount > 0) {
    console.log(`Database already holds ${before.allBusinessCount} businesses: not seeding.`);
  } else {
    const started = performance.now();
    const now = Math.floor(Date.now() / 1000);
    let pending: D1PreparedStatement[] = [];
    let rows = [];
    let done = 0;
    let reported = 0;
    for (const business of demoBusinesses(0, count)) {
      rows.push(toBusinessRow(business, now));
      if (rows.length === batchSize) {
        pending.push(...upsertBusinessesStatements(env.DB, rows));
        done += rows.length;
        rows = [];
      }
      if (pending.length >= STATEMENTS_PER_CALL) {
        await env.DB.batch(pending);
        pending = [];
        if (done - reported >= 100_000) {
          reported = done;
          const seconds = (performance.now() - started) / 1000;
          console.log(`  ${done} businesses, ${Math.round(done / seconds)} rows/s`);
        }
      }
    }
    if (rows.length) pending.push(...upsertBusinessesStatements(env.DB, rows));
    if (pending.length) await env.DB.batch(pending);
    const seconds = (performance.now() - started) / 1000;
    const after = await getDirectoryTotals(env.DB);
    console.log(
      `Seeded ${count} demo businesses in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} rows/s): ` +
        `${after.businessCount} businesses, ${after.categoryCount} categories, ${after.countryCount} countries, ${after.cityCount} cities.`,
    );
  }
} finally {
  await dispose();
}
