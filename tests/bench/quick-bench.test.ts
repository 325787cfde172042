import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import type { BenchResults } from "../../scripts/bench/index";
import { freePort } from "../../scripts/wrangler-env.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const outDir = mkdtempSync(path.join(os.tmpdir(), "bench-test-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));


// The benchmark harness in a reduced form (small database, half-second measurements, a 200-row
// import, no Lighthouse) so that it cannot rot: it must run end to end, measure the pages that
// exist with zero failed requests, import, export and rebuild sitemaps through the real endpoints, and write
// every section of its report.
test("npm run bench --quick runs end to end and reports every section", { timeout: 480_000 }, async () => {
  const port = await freePort();
  const run = spawnSync(
    "npm",
    ["run", "bench", "--", "--quick", "--count", "1000", "--duration", "0.5", "--connections", "8",
      "--import-rows", "200", "--skip", "lighthouse", "--no-build", "--port", String(port), "--out", outDir],
    { cwd: root, encoding: "utf8", timeout: 470_000 },
  );
  expect(run.status, run.stdout + run.stderr).toBe(0);

  const report = readFileSync(path.join(outDir, "RESULTS-quick.md"), "utf8");
  for (const section of ["## Targets", "## Pages under load", "## Against the limit", "## Rows read per page", "## Database size", "## Front end", "## Import", "## Pages around an import", "## Moderation", "## Reviews", "## Export", "## Sitemaps"]) {
    expect(report).toContain(section);
  }

  const results = JSON.parse(readFileSync(path.join(outDir, "results-quick.json"), "utf8")) as BenchResults;
  expect(results.database.businesses).toBe(1000);
  const home = results.pages.find((p) => p.page.id === "home")!;
  expect(home.capture.status).toBe(200);
  // The opt-in D1 instrumentation answered, and the home page's SQL was replayed on SQLite.
  expect(home.capture.rowsRead).toBeGreaterThan(0);
  expect(home.capture.statements.length).toBeGreaterThan(0);
  expect(home.rawMs).toBeGreaterThan(0);
  for (const page of results.pages.filter((p) => p.capture.available)) {
    expect(page.cold.length + page.warm.length).toBe(2);
    for (const load of [...page.cold, ...page.warm]) {
      expect(load.requests, page.page.path).toBeGreaterThan(0);
      expect(load.errors, page.page.path).toBe(0);
    }
  }
  expect(results.frontend.find((f) => f.path === "/")!.assets.jsGzip).toBeGreaterThan(10_000);
  // The map's two views were measured: answered, within their rows-read and size figures, and reported.
  for (const id of ["api-map-world", "api-map-city"]) {
    const map = results.pages.find((p) => p.page.id === id)!;
    expect([map.capture.status, map.capture.rowsRead! <= 10_000, map.capture.bytes <= 100 * 1024], id).toEqual([200, true, true]);
  }
  expect(report).toMatch(/`\/api\/map`, world at zoom 2 and a city at zoom 13.*\| API map, the world at zoom 2: [\d,]+ rows, [\d.]+ KB, [\d.]+×; API map, .+ at zoom 13: [\d,]+ rows, [\d.]+ KB, [\d.]+×; load average [\d.]+ \/ [\d.]+ \/ [\d.]+ \|/);

  // Every answer's CPU per cold request was read from workerd, and issue 38's two rows and the per-page table say it.
  for (const page of results.pages.filter((p) => p.capture.available)) {
    expect(page.coldCpuMs, page.page.path).toBeGreaterThan(0);
  }
  expect(report).toMatch(/\| CPU per cold page ≤ 5 ms \(search ≤ 8 ms\), workerd's CPU over the cold run at 8 connections \| worst page: .+ [\d.]+ ms; worst search: .+ [\d.]+ ms; load average [\d.]+ \/ [\d.]+ \/ [\d.]+ \| (✅|❌) \|/);
  expect(report).toMatch(/\| cold p95 at 8 connections ≤ 2× the static file's \(search ≤ 3×\) \| worst page: .+ [\d.]+×; worst search: .+ [\d.]+×; load average [\d.]+ \/ [\d.]+ \/ [\d.]+ \| (✅|❌) \|/);
  expect(report).toContain("## CPU per cold request");
  expect(report).toMatch(/\| Home \| [\d.]+ \| [\d.]+ \| [\d.]+× \| 5 ms, 2× \| (✅|❌) \|/);
  expect(report).toMatch(/\| Search, common word "[^"]+" \| [\d.]+ \| [\d.]+ \| [\d.]+× \| 8 ms, 3× \| (✅|❌) \|/);

  // Import and export went through the real endpoints, and the parser fitted in its 64 MB heap.
  if (results.import === "skipped" || results.export === "skipped") throw new Error("import or export was skipped");
  // Every generated row is a distinct business: each format wrote all of them.
  for (const imported of [results.import.csv, results.import.csvLargestBatch, results.import.xlsx]) {
    expect(imported.available && [imported.rows, imported.written], JSON.stringify(imported)).toEqual([200, 200]);
    // The queue consumer's share of the time is measured apart from the upload.
    expect(imported.available && imported.consumerSeconds! > 0 && imported.consumerSeconds! < imported.seconds).toBe(true);
  }
  // Meanwhile a visitor's home page and the admin's status call were timed, and none went unanswered.
  for (const imported of [results.import.csv, results.import.csvLargestBatch, results.import.xlsx]) {
    const during = imported.available ? imported.duringImport : undefined;
    expect(during && [during.home.requests > 0, during.status.requests > 0, during.home.unanswered + during.status.unanswered], JSON.stringify(imported)).toEqual([true, true, 0]);
  }
  expect(report).toMatch(/\| `\/` and the job's status call answer within 2 s during an import \(p95\) \| CSV batch 500: `\/` [\d.]+ ms, status [\d.]+ ms; CSV batch 2000: .+; XLSX batch 2000: .+ \|/);
  for (const run of ["CSV (default batch size)", "CSV (largest batch size)", "XLSX (largest batch size)"]) {
    expect(report).toMatch(new RegExp(`\\| ${run.replace(/[()]/g, "\\$&")} during the import \\| [\\d.]+ / [\\d.]+ ms \\| [\\d.]+ / [\\d.]+ ms \\|`));
  }
  expect(results.import.parser.map((p) => p.completed && p.rows)).toEqual([200, 200]);
  // Local D1 alone ran the consumer's upserts at both batch sizes, and the 85 % row names its share beside the consumer's.
  expect(results.import.d1Alone?.map((d) => [d.commitEvery, d.rowsPerSecond > 0])).toEqual([[500, true], [2000, true]]);
  // SQLite itself committing as often as the consumer does at each batch size: the ceiling beside the target.
  expect(results.import.sqliteBatches?.map((b) => [b.commitEvery, b.rowsPerSecond > 0])).toEqual([[500, true], [2000, true]]);
  expect(report).toContain("SQLite directly, a commit every 2,000 rows (WAL, synchronous=FULL)");
  expect(report).toMatch(/SQLite itself, committing as often as the consumer: \d+ % every 500 rows, \d+ % every 2,000 rows/);
  expect(report).toMatch(/\| import ≥ 85 % of SQLite's batched rate .+ \| CSV \d+ % at batch size 500; CSV \d+ % at batch size 2000; XLSX \d+ % at batch size 2000 \(local D1 alone, running only these upserts: \d+ % at batch size 500; \d+ % at batch size 2000\) \| (✅|❌) \|/);
  // Home, the biggest category and a deep list page, warm, during an import and right after it (decision 113), each with its ratio and load average.
  const around = results.aroundImport;
  if (!around || around === "skipped" || !around.available) throw new Error(`pages around an import: ${JSON.stringify(around)}`);
  expect(around.pages.map((p) => p.id)).toEqual(["home", "category", "businesses-100"]);
  for (const page of around.pages) {
    for (const load of [page.warm, page.during, page.after, page.cold]) {
      expect([load.requests > 0, load.errors], page.id).toEqual([true, 0]);
    }
    // The import's end moved the cache's generation, and the page was not rendered for its first visitor:
    // the warm-up had stored it already (HIT) or its previous copy answered (STALE).
    expect(page.changeSeenAfter, page.id).not.toBeNull();
    expect(["HIT", "STALE"], page.id).toContain(page.firstAfter);
  }
  // The deep list page is not warmed: its first visitor after the change got the previous copy.
  expect(around.pages[2]!.firstAfter).toBe("STALE");
  expect(report).toMatch(/\| during and right after an import p95 ≤ 1\.5× the warm p95 \(8 connections\) \| Home: during [\d.]+×, after [\d.]+× \(load [\d.]+\); Category \(biggest\), page 1: during [\d.]+×, after [\d.]+× \(load [\d.]+\); All businesses, page \d+: during [\d.]+×, after [\d.]+× \(load [\d.]+\) \| (✅|❌) \|/);
  expect(report).toMatch(/\| Home `\/` \| [\d.]+ \/ [\d.]+ \/ [\d.]+ \/ [\d.]+ \| .+ \| [\d.]+× \| [\d.]+× \| (HIT|STALE), change seen [\d.]+ s after `done` \|/);
  // Moderation (decision 117): 1,000 pending items; the queue and the decisions answered, and
  // across the decisions home stayed in the edge cache while the biggest category missed only after one in it.
  const moderation = results.moderation;
  if (!moderation || moderation === "skipped" || !moderation.available) throw new Error(`moderation: ${JSON.stringify(moderation)}`);
  expect([moderation.pending, moderation.queue.errors, moderation.decision.errors, moderation.decisions]).toEqual([1000, 0, 0, 40]);
  const [homeAfter, categoryAfter] = moderation.pages;
  expect(homeAfter!.path).toBe("/");
  expect(homeAfter!.hitRatio).toBeGreaterThanOrEqual(0.9);
  expect([categoryAfter!.missesAfterOther, categoryAfter!.hitsAfterTouching]).toEqual([0, 0]);
  expect(report).toMatch(/\| a moderation decision refreshes only what it changes: across 40 approvals, .+ \| home \d+ %; category \d+ % .+ \| (✅|❌) \|/);
  // The team's queue (decision 120): the filtered page answered, and two bulk approvals of 100 decided every item they named.
  expect([moderation.claims, moderation.filtered.errors, moderation.bulk.requests, moderation.bulk.errors, moderation.bulkSkipped]).toEqual([50, 0, 2, 0, 0]);
  expect(report).toMatch(/\| moderation queue at 1,000 pending: .+ \| first page [\d.]+×, filtered [\d.]+×, decision [\d.]+× of [\d.]+ ms; .+ \| (✅|❌) \|/);
  expect(report).toMatch(/\| a bulk decision of 100 items in one request < 1,000 ms \| 2 bulk approvals: .+ \| (✅|❌) \|/);
  // Reviews (decision 118): 1,000 published reviews of one business, summed by the triggers; its
  // reviews API's first page and page 50, its page and the biggest category answered cold without errors.
  const reviews = results.reviews;
  if (!reviews || reviews === "skipped" || !reviews.available) throw new Error(`reviews: ${JSON.stringify(reviews)}`);
  expect([reviews.reviews, reviews.summaryCount, reviews.deepPage, reviews.deepPageReviews]).toEqual([1000, 1000, 50, 10]);
  expect(reviews.targets.map((t) => t.id)).toEqual(["api-page-1", "api-page-deep", "business", "category"]);
  for (const target of reviews.targets) {
    expect([target.status, target.cold.requests > 0, target.cold.errors], target.path).toEqual([200, true, 0]);
  }
  expect(report).toMatch(/\| reviews API page 50 p95 ≤ 2× page 1 p95 \(1,000 published reviews, cold, 8 connections\) \| [\d.]+ ms = [\d.]+× page 1's [\d.]+ ms; load average [\d.]+ \/ [\d.]+ \/ [\d.]+ \| (✅|❌) \|/);
  expect(results.export.available && results.export.rows).toBe(1000);
  // The biggest category (its approved businesses and any waiting) and the older half by date: a share of the 1,000 each.
  const [category, dated] = results.filteredExports ?? [];
  expect(category?.result.available && category.result.rows).toBeGreaterThanOrEqual(results.picks.category.count);
  expect(category?.result.available && category.result.rows).toBeLessThan(1000);
  expect(dated?.result.available && dated.result.rows).toBeGreaterThan(0);
  expect(dated?.result.available && dated.result.rows).toBeLessThan(1000);
  // A whole sitemap rebuild went live: one file of businesses (up to 9,000 each) and the four others, listing every business.
  const sitemaps = results.sitemaps;
  if (!sitemaps || sitemaps === "skipped" || !sitemaps.available) throw new Error(`sitemap rebuild: ${JSON.stringify(sitemaps)}`);
  expect([sitemaps.businessFiles, sitemaps.files]).toEqual([1, 5]);
  expect(sitemaps.urls).toBeGreaterThan(1000);
});
