/**
 * Seeds the local D1 database with deterministic demo businesses through the same SQL the
 * import uses (upsertBusinessesStatements), so summary tables and the search index are kept by
 * the same triggers. Usage:
 *   npx tsx scripts/seed.ts [--count 2000] [--if-empty] [--batch 500] [--persist-to DIR] [--direct | --via-workerd] [--site-url URL]
 * Re-running adds nothing new: businesses are keyed by place id. The sitemaps are built at the
 * end (for the site address `wrangler dev` will serve, --site-url), when demo data was written
 * or none are live yet, so that they do not wait for the first 6-hourly cron.
 *
 * Small counts go through workerd (wrangler's getPlatformProxy). Large ones (≥ 50,000, or
 * --direct) hand the very same statements to the sqlite3 command-line tool on the local D1 file
 * with a large page cache: through workerd, D1's small page cache makes every row touch the
 * disk once the table outgrows it, and 2,000,000 rows would take hours instead of minutes.
 * Direct mode needs `sqlite3` on the PATH and no `wrangler dev` running on the same state.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { toBusinessRow, type BusinessRow } from "../app/lib/business/business-record";
import { upsertBusinessesStatements } from "../app/import/commit.server";
import { getDirectoryTotals, type DirectoryTotals } from "../app/models/directory.server";
import { derivedColumnsWalkDue, walkDerivedColumnsStep } from "../app/models/derived-columns-walk.server";
import { rebuildMissingPageAnchors } from "../app/models/page-anchor.server";
import { readSitemapState } from "../app/models/sitemap.server";
import type { QueueMessage } from "../app/models/queue-messages.server";
import { rebuildSitemaps, runSitemapBuildStep } from "../workers/sitemaps";
import { demoBusinesses } from "./demo-data";
import { d1File, sqliteCli } from "./local-database.mjs";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const count = option("count", 2000);
const batchSize = option("batch", 500);
// Statements sent per round trip through workerd: fewer round trips, each within D1's limits.
const STATEMENTS_PER_CALL = 4;
// Rows per sqlite3 run in direct mode (one transaction each, so the WAL stays small).
const DIRECT_CHUNK_ROWS = 100_000;

const persistIndex = process.argv.indexOf("--persist-to");
// Same local state as `wrangler dev` (.wrangler/state), or the folder given (tests use their own).
const persistDir = persistIndex >= 0 ? process.argv[persistIndex + 1]! : ".wrangler/state";

function hasSqliteCli(): boolean {
  return spawnSync("sqlite3", ["-version"], { encoding: "utf8" }).status === 0;
}

const direct =
  process.argv.includes("--direct") || (!process.argv.includes("--via-workerd") && count >= 50_000 && hasSqliteCli());

function* demoRows(): Generator<BusinessRow> {
  const now = Math.floor(Date.now() / 1000);
  for (const business of demoBusinesses(0, count)) yield toBusinessRow(business, now);
}

function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

const siteUrlIndex = process.argv.indexOf("--site-url");
const siteUrl = siteUrlIndex >= 0 ? process.argv[siteUrlIndex + 1]! : undefined;

/** Whether this run wrote demo businesses (a kept database is left as it is). */
let seeded = false;

async function seedThroughWorkerd(): Promise<void> {
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: path.join(persistDir, "v3") } });
  try {
    const before = await getDirectoryTotals(env.DB);
    if (process.argv.includes("--if-empty") && before.allBusinessCount > 0) {
      console.log(`Database already holds ${before.allBusinessCount} businesses: not seeding.`);
      return;
    }
    const started = performance.now();
    let pending: D1PreparedStatement[] = [];
    for (const rows of batches(demoRows(), batchSize)) {
      pending.push(...upsertBusinessesStatements(env.DB, rows));
      if (pending.length >= STATEMENTS_PER_CALL) {
        await env.DB.batch(pending);
        pending = [];
      }
    }
    if (pending.length) await env.DB.batch(pending);
    seeded = true;
    report(started, await getDirectoryTotals(env.DB));
  } finally {
    await dispose();
  }
}

function sqlite(file: string, sql: string): string {
  return sqliteCli(file, sql).trim();
}

/** The import's own statements (captured from upsertBusinessesStatements), run by sqlite3. */
function seedWithSqliteCli(): void {
  const file = d1File(persistDir);
  const existing = Number(sqlite(file, "SELECT all_business_count FROM directory_totals WHERE id = 1;"));
  if (process.argv.includes("--if-empty") && existing > 0) {
    console.log(`Database already holds ${existing} businesses: not seeding.`);
    return;
  }
  // Statements as the import builds them: SQL plus, for the upserts, the bound JSON rows.
  const capture = {
    prepare: (sql: string) => ({ sql, bind: (json: string) => ({ sql, json }) }),
  } as unknown as D1Database;
  const workDir = mkdtempSync(path.join(tmpdir(), "seed-"));
  const started = performance.now();
  let done = 0;
  try {
    for (const chunk of batches(demoRows(), DIRECT_CHUNK_ROWS)) {
      const statements = [...batches(chunk, batchSize)].flatMap((rows) =>
        upsertBusinessesStatements(capture, rows) as unknown as { sql: string; json?: string }[],
      );
      const script = ["PRAGMA cache_size = -1000000;", "BEGIN;"];
      statements.forEach((statement, index) => {
        if (statement.json === undefined) return void script.push(`${statement.sql};`);
        const jsonFile = path.join(workDir, `batch-${index}.json`);
        writeFileSync(jsonFile, statement.json);
        // The bound JSON parameter is read from a file: the SQL is the import's, unchanged.
        script.push(`${statement.sql.replace("?1", `readfile('${jsonFile.replace(/'/g, "''")}')`)};`);
      });
      script.push("COMMIT;");
      sqlite(file, script.join("\n"));
      seeded = true;
      done += chunk.length;
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${done} businesses, ${Math.round(done / seconds)} rows/s`);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const totals = JSON.parse(
    sqlite(file, "SELECT json_object('businessCount', business_count, 'categoryCount', category_count, 'countryCount', country_count, 'cityCount', city_count) FROM directory_totals WHERE id = 1;"),
  ) as Pick<DirectoryTotals, "businessCount" | "categoryCount" | "countryCount" | "cityCount">;
  report(started, totals);
}

function report(started: number, totals: Pick<DirectoryTotals, "businessCount" | "categoryCount" | "countryCount" | "cityCount">) {
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Seeded ${count} demo businesses in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} rows/s${direct ? ", sqlite3 on the local D1 file" : ""}): ` +
      `${totals.businessCount} businesses, ${totals.categoryCount} categories, ${totals.countryCount} countries, ${totals.cityCount} cities.`,
  );
}

/**
 * What the queue does after an import, done at once through workerd (no queue runs here): the
 * page anchors of the big categories and cities (decision 065), so that deep pages typed by
 * number are cheap from the start, and a walk of the derived columns a new migration left due
 * (decision 091), so that a kept database (`npm start`, the benchmark's) reads as a new one does.
 */
async function finishAsTheQueueWould(): Promise<void> {
  const openPlatform = () => getPlatformProxy<Env>({ persist: { path: path.join(persistDir, "v3") } });
  let platform = await openPlatform();
  // The proxy's synchronous calls (one per statement prepared) now and then fail inside
  // miniflare ("false == true") during the walk's hundreds of thousands of them. Every step here
  // is resumable from what the database holds, so a fresh proxy goes on where the failed one stopped.
  let failuresInARow = 0;
  const step = async <T>(run: (env: Env) => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        const result = await run(platform.env);
        failuresInARow = 0;
        return result;
      } catch (error) {
        if (++failuresInARow > 3) throw error;
        console.warn(`A local platform call failed (${String(error)}); reopening it and going on.`);
        // The failed proxy may not close cleanly either; the new one is what matters.
        await platform.dispose().catch(() => undefined);
        platform = await openPlatform();
      }
    }
  };
  try {
    let started = performance.now();
    let scopes = 0;
    for (;;) {
      const { anchored, more } = await step((env) => rebuildMissingPageAnchors(env.DB, 50));
      scopes += anchored;
      if (!more || anchored === 0) break;
    }
    console.log(`Page anchors of ${scopes} big categories and cities built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    started = performance.now();
    let walked = 0;
    let walking = await step((env) => derivedColumnsWalkDue(env.DB));
    while (walking) {
      const walkStep = await step((env) => walkDerivedColumnsStep(env.DB));
      walked += walkStep?.updated ?? 0;
      walking = walkStep?.more ?? false;
    }
    console.log(`Derived columns written to ${walked} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    started = performance.now();
    const built = await step((env) => buildSitemaps(env));
    if (built) console.log(`Sitemaps built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await platform.dispose();
  }
}

/**
 * The sitemap build the queue would run (workers/sitemaps.ts, the same steps), its messages
 * handled here one after another; answers whether it built.
 */
async function buildSitemaps(env: Env): Promise<boolean> {
  if (!seeded && (await readSitemapState(env.DB)).current) return false;
  const messages: QueueMessage[] = [];
  const queue = { send: async (message: QueueMessage) => void messages.push(message) } as unknown as Queue;
  const build = { DB: env.DB, BUCKET: env.BUCKET, WORK_QUEUE: queue, SITE_URL: (siteUrl ?? env.SITE_URL) as Env["SITE_URL"] };
  await rebuildSitemaps(build, "seed");
  // A build already under way (this one, when a failed proxy call had `step` run it again) goes on where it stands.
  const running = messages.length === 0 ? (await readSitemapState(env.DB)).build : null;
  if (running) messages.push({ kind: "sitemaps.build", generation: running.generation, page: running.nextPage });
  for (let message = messages.shift(); message; message = messages.shift()) {
    if (message.kind === "sitemaps.build") await runSitemapBuildStep(build, message);
    else if (message.kind === "sitemaps.rebuild") await rebuildSitemaps(build, message.reason);
  }
  return true;
}

if (direct) seedWithSqliteCli();
else await seedThroughWorkerd();
await finishAsTheQueueWould();
