/**
 * npm run bench [-- --quick] [--count N] [--duration S] [--connections 1,8] [--skip pages,lighthouse,import,export,sitemaps,import-pages,moderation,reviews]
 *                [--port P] [--import-rows N] [--out DIR] [--no-build] [--report-only]
 *
 * Seeds (or reuses) a dedicated local D1 state under bench/data/, builds once, serves it with
 * `wrangler dev` (D1 instrumentation on), measures every page type cold and warm, replays each
 * page's SQL directly on a snapshot of the same database, sizes the database and the front end,
 * runs Lighthouse, the import, the export and a sitemap rebuild, times the home, a category and
 * a deep list page while an import commits and right after it ends, times the moderation queue and
 * a decision with many pending listings and counts the edge cache's hits across decisions, times a
 * business's reviews (first and deep page) and its page with 10,000 reviews, and writes bench/RESULTS(-quick).md plus
 * bench/results-{quick|full}.json.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  adminLogin,
  d1AloneUpserts,
  DEFAULT_BATCH_SIZE,
  timeExport,
  fetchOnFreshSocket,
  importFiles,
  importThroughWorker,
  LARGEST_BATCH_SIZE,
  parserMemory,
  sqliteInsertBaseline,
  type D1AloneResult,
  type ExportFilterChoice,
  type ExportResult,
  type ImportResult,
  type ParserMemory,
  type SqliteInsertResult,
} from "./import-export";
import { pagesAroundImport, type AroundImportResult } from "./import-pages";
import { moderationSection, type ModerationResult } from "./moderation";
import { reviewsSection, type ReviewsResult } from "./reviews";
import { lighthouse, shippedAssets, type LighthouseScores, type ShippedAssets } from "./frontend";
import { measure, type LoadResult } from "./load";
import { capture, pageTypes, pickFromDatabase, withCacheBust, type Capture, type PageType, type Picks } from "./pages";
import { renderReport } from "./report";
import { timeSitemapRebuild, type SitemapBuildResult } from "./sitemaps";
import { ensureSeeded, ROOT, run, snapshot, startFreshServer, startServer, toolVersions, workerdCpuSeconds, type SeedInfo } from "./server";
import { query, SQLITE_ENGINE, timeStatements } from "./sqlite";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const quick = process.argv.includes("--quick");
const mode = quick ? "quick" : "full";
const count = Number(option("count") ?? (quick ? 20_000 : 2_000_000));
const seconds = Number(option("duration") ?? (quick ? 2 : 10));
const connectionLevels = (option("connections") ?? "1,8").split(",").map(Number);
const skip = new Set((option("skip") ?? "").split(",").filter(Boolean));
const port = Number(option("port") ?? 8810);
const importRows = Number(option("import-rows") ?? (quick ? 5_000 : 500_000));
const outDir = path.resolve(option("out") ?? path.join(ROOT, "bench"));
for (const [name, value] of [["count", count], ["duration", seconds], ["port", port], ["import-rows", importRows]] as const) {
  if (!(value > 0)) throw new Error(`--${name} needs a positive number`);
}

const dataDir = path.join(ROOT, "bench/data");
const stateDir = path.join(dataDir, `state-${count}`);
const log = (line: string) => console.log(`[bench] ${line}`);

export interface PageResult {
  page: PageType;
  capture: Capture;
  cold: LoadResult[];
  warm: LoadResult[];
  warmHit: boolean;
  rawMs: number | null;
  rawRepeats: number;
  /** workerd's CPU (ms, every thread) over the cold run at the most connections, per request (absent in older results). */
  coldCpuMs?: number;
}

export interface BenchResults {
  mode: string;
  date: string;
  machine: { cpu: string; cores: number; memoryBytes: number; platform: string; loadAverage: number[] };
  versions: ReturnType<typeof toolVersions> & { sqliteEngine: string };
  settings: { count: number; seconds: number; connections: number[]; skipped: string[] };
  seed: SeedInfo;
  database: { bytes: number; bytesPerBusiness: number; businesses: number; tables: { name: string; bytes: number }[] };
  picks: Picks;
  pages: PageResult[];
  frontend: { page: string; path: string; assets: ShippedAssets }[];
  lighthouse: { page: string; path: string; scores: LighthouseScores }[] | "skipped";
  import:
    | {
        rows: number;
        sqlite: SqliteInsertResult;
        /** SQLite committing as often as the consumer does at each batch size measured (absent in older results). */
        sqliteBatches?: SqliteInsertResult[];
        /** Local D1 alone running the consumer's upserts at each batch size (absent in older results). */
        d1Alone?: D1AloneResult[];
        csv: ImportResult;
        csvLargestBatch: ImportResult;
        xlsx: ImportResult;
        parser: ParserMemory[];
      }
    | "skipped";
  export: ExportResult | "skipped";
  /** Filtered exports: the biggest category, and a date range over the older half of the creation-date span (absent in older results). */
  filteredExports?: { label: string; result: ExportResult }[];
  /** A whole sitemap rebuild, from the admin's request to the new set live (absent in older results). */
  sitemaps?: SitemapBuildResult | "skipped";
  /** Home, the biggest category and a deep list page while an import commits and right after it ends (absent in older results). */
  aroundImport?: AroundImportResult | "skipped";
  /** The moderation queue and a decision with many pending listings, and home's and the biggest category's edge-cache hits across decisions (absent in older results). */
  moderation?: ModerationResult | "skipped";
  /** A business's reviews API (first and deep page) and its page with many published reviews, beside the biggest category, cold (absent in older results). */
  reviews?: ReviewsResult | "skipped";
  totalSeconds: number;
  /** Said by hand when results were put together from more than one run (shown in the header). */
  notes?: string[];
}

function writeReport(results: BenchResults) {
  // The full report also shows the quick run's rows read, to compare sizes side by side.
  const otherFile = path.join(outDir, `results-${quick ? "full" : "quick"}.json`);
  const other = existsSync(otherFile) ? (JSON.parse(readFileSync(otherFile, "utf8")) as BenchResults) : undefined;
  const reportFile = path.join(outDir, quick ? "RESULTS-quick.md" : "RESULTS.md");
  const fixesFile = path.join(ROOT, "bench/FIXES.md");
  writeFileSync(reportFile, renderReport(results, other, existsSync(fixesFile) ? readFileSync(fixesFile, "utf8") : undefined));
  return reportFile;
}

/**
 * The filtered exports measured beside the full one: the biggest category, and the older half of
 * the creation-date span (a custom range of whole UTC days), each a share of the table that
 * the export must reach in one pass, not page by page through its own index.
 */
function filteredExportTargets(file: string, picks: Picks): { label: string; filter: ExportFilterChoice }[] {
  const [span] = query<{ first: number; last: number }>(file, `SELECT (SELECT min(created_at) FROM businesses) AS first, (SELECT max(created_at) FROM businesses) AS last`);
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const targets: { label: string; filter: ExportFilterChoice }[] = [{ label: `category "${picks.category.slug}" (${picks.category.count.toLocaleString("en-US")} approved)`, filter: { categories: [picks.category.slug] } }];
  if (span && span.last > span.first) {
    const middle = Math.floor((span.first + span.last) / 2);
    targets.push({ label: `created ${day(span.first)} to ${day(middle)}`, filter: { dateRange: "custom", startDate: day(span.first), endDate: day(middle) } });
  }
  return targets;
}

async function main() {
  const started = performance.now();
  const loadAverage = os.loadavg();
  mkdirSync(dataDir, { recursive: true });
  if (!process.argv.includes("--no-build")) {
    log("building …");
    run("nice", ["-n", "10", "npx", "remix", "vite:build"]);
  }
  const seed = ensureSeeded(stateDir, count, log);
  log(seed.reused ? `reusing ${count} businesses (seeded in ${seed.seededSeconds.toFixed(0)} s)` : `seeded in ${seed.seededSeconds.toFixed(0)} s`);

  const snap = snapshot(stateDir, path.join(dataDir, `snapshot-${count}.sqlite`));
  const picks = pickFromDatabase(snap.file);
  const [{ business_count: businesses }] = query<{ business_count: number }>(snap.file, `SELECT all_business_count AS business_count FROM directory_totals`) as [{ business_count: number }];
  const tables = query<{ name: string; bytes: number }>(snap.file, `SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC`);
  const database = { bytes: snap.bytes, bytesPerBusiness: snap.bytes / businesses, businesses, tables };
  log(`database: ${(snap.bytes / 1e6).toFixed(1)} MB, ${database.bytesPerBusiness.toFixed(0)} bytes per business`);

  const server = await startServer(stateDir, port, log);
  const pages: PageResult[] = [];
  const frontend: BenchResults["frontend"] = [];
  let lighthouseResults: BenchResults["lighthouse"] = "skipped";
  let exportResult: BenchResults["export"] = "skipped";
  const filteredExports: NonNullable<BenchResults["filteredExports"]> = [];
  let sitemapResult: NonNullable<BenchResults["sitemaps"]> = "skipped";
  let uploadAvailable = false;
  try {
    for (const page of skip.has("pages") ? [] : pageTypes(picks)) {
      const captured = await capture(server.baseURL, page, `capture-${Date.now()}`);
      const result: PageResult = { page, capture: captured, cold: [], warm: [], warmHit: false, rawMs: null, rawRepeats: 0 };
      pages.push(result);
      if (!captured.available) {
        log(`${page.path}: not available (404)`);
        continue;
      }
      for (const connections of connectionLevels) {
        const cpuBefore = workerdCpuSeconds(server.child.pid!);
        const cold = await measure(server.baseURL, page.path, { connections, seconds, cold: true });
        // Measured at the most connections, as the p95 targets are; each miss's background cache put is counted with it.
        if (connections === Math.max(...connectionLevels) && cold.requests > 0) result.coldCpuMs = ((workerdCpuSeconds(server.child.pid!) - cpuBefore) * 1000) / cold.requests;
        result.cold.push(cold);
        result.warm.push(await measure(server.baseURL, page.path, { connections, seconds, cold: false }));
      }
      const check = await fetch(server.baseURL + page.path);
      await check.arrayBuffer();
      result.warmHit = check.headers.get("X-Edge-Cache") === "HIT";
      const cold8 = result.cold.at(-1)!;
      log(`${page.path}: ${captured.status}, rows read ${captured.rowsRead}, cold p95 ${cold8.p95} ms @${cold8.connections}, CPU ${result.coldCpuMs?.toFixed(1)} ms a cold request, errors ${result.cold.concat(result.warm).reduce((s, r) => s + r.errors, 0)}`);
      if (page.kind === "page") {
        const html = await (await fetch(server.baseURL + withCacheBust(page.path, "assets"))).text();
        frontend.push({ page: page.label, path: page.path, assets: shippedAssets(html) });
      }
    }

    if (!skip.has("lighthouse")) {
      lighthouseResults = [];
      // Home, a list page and a detail page: the first of each kind that exists in this build.
      const targets = [["home"], ["category", "city", "businesses-1"], ["business"]].map((ids) =>
        ids.map((id) => pages.find((p) => p.page.id === id && p.capture.available)).find(Boolean),
      );
      for (const target of targets) {
        if (!target) continue;
        log(`lighthouse ${target.page.path} …`);
        const scores = lighthouse(server.baseURL + target.page.path, path.join(dataDir, `lighthouse-${target.page.id}.json`));
        lighthouseResults.push({ page: target.page.label, path: target.page.path, scores });
      }
    }

    if (!(skip.has("import") && skip.has("export") && skip.has("sitemaps"))) {
      // A failure here is reported in the results instead of losing the figures measured above.
      let cookie: string | null = null;
      try {
        cookie = await adminLogin(server.baseURL);
        if (cookie) {
          const probe = await fetchOnFreshSocket(`${server.baseURL}/api/upload-excel-batch`, { method: "POST", headers: { Cookie: cookie, Origin: server.baseURL } });
          await probe.arrayBuffer();
          uploadAvailable = probe.status !== 404;
        }
        if (!skip.has("export")) {
          log("export …");
          exportResult = await timeExport(server, cookie);
          for (const { label, filter } of filteredExportTargets(snap.file, picks)) {
            log(`export: ${label} …`);
            filteredExports.push({ label, result: await timeExport(server, cookie, filter) });
          }
        }
      } catch (error) {
        log(`admin login or export failed: ${String(error)}`);
        if (!skip.has("export")) exportResult = { available: false, reason: `failed: ${String(error)}` };
      }
      if (!skip.has("sitemaps")) {
        log("sitemap rebuild …");
        try {
          sitemapResult = cookie
            ? await timeSitemapRebuild(server, stateDir, cookie, 1_800_000)
            : { available: false, reason: "no admin session (POST /api/admin/login failed or answers 404)" };
        } catch (error) {
          log(`sitemap rebuild failed: ${String(error)}`);
          sitemapResult = { available: false, reason: `failed: ${String(error)}` };
        }
      }
    }
  } catch (error) {
    // A stalled or crashed server says why only in its own log.
    log(`the server's last words:\n${server.logTail()}`);
    throw error;
  } finally {
    await server.stop();
  }

  let aroundImport: NonNullable<BenchResults["aroundImport"]> = "skipped";
  if (!skip.has("import-pages")) {
    // Rows enough for an import that lasts a few measurements, bounded so that the full run stays hours, not days.
    const rows = Math.min(importRows, 100_000);
    // Home and the biggest category (both rendered by the warm-up after a change), and a deep list
    // page the warm-up leaves alone, which shows the previous copy answering while it renders.
    const measured = ["home", "category", "businesses-100"].map((id) => pageTypes(picks).find((p) => p.id === id)!);
    try {
      aroundImport = await pagesAroundImport(stateDir, dataDir, measured, { rows, connections: Math.max(...connectionLevels), seconds, log });
    } catch (error) {
      log(`pages around an import failed: ${String(error)}`);
      aroundImport = { available: false, reason: `failed: ${String(error)}` };
    }
  }

  let moderation: NonNullable<BenchResults["moderation"]> = "skipped";
  if (!skip.has("moderation")) {
    // The figures: 10,000 pending listings and 200 decisions; the quick run scales them down.
    const sizes = quick ? { pending: 1_000, decisions: 40, requests: 40, bulks: 2 } : { pending: 10_000, decisions: 200, requests: 200, bulks: 5 };
    const category = pageTypes(picks).find((p) => p.id === "category")!;
    try {
      moderation = await moderationSection(stateDir, dataDir, { slug: picks.category.slug, path: category.path }, { ...sizes, log });
    } catch (error) {
      log(`moderation failed: ${String(error)}`);
      moderation = { available: false, reason: `failed: ${String(error)}` };
    }
  }

  let reviews: NonNullable<BenchResults["reviews"]> = "skipped";
  if (!skip.has("reviews")) {
    // The figures: 10,000 published reviews, page 500 (of 1,000); the quick run scales them down (page 50 of 100).
    const sizes = quick ? { reviews: 1_000, deepPage: 50 } : { reviews: 10_000, deepPage: 500 };
    const category = pageTypes(picks).find((p) => p.id === "category")!;
    try {
      reviews = await reviewsSection(stateDir, dataDir, { slug: picks.category.slug, path: category.path }, {
        ...sizes, connections: Math.max(...connectionLevels), seconds, rounds: 2, log,
      });
    } catch (error) {
      log(`reviews failed: ${String(error)}`);
      reviews = { available: false, reason: `failed: ${String(error)}` };
    }
  }

  log("replaying each page's SQL directly on the snapshot …");
  for (const result of pages) {
    if (!result.capture.available || result.capture.statements.length === 0) continue;
    const timing = timeStatements(snap.file, result.capture.statements);
    result.rawMs = timing.ms;
    result.rawRepeats = timing.repeats;
  }

  let importResult: BenchResults["import"] = "skipped";
  if (!skip.has("import")) {
    log(`import: ${importRows} rows …`);
    const csvFiles = await importFiles(dataDir, "csv", importRows);
    const xlsxFiles = await importFiles(dataDir, "xlsx", importRows);
    const sqlite = await sqliteInsertBaseline(dataDir, importRows);
    // The ceiling the batch commits set: SQLite itself, committing every batch.
    const sqliteBatches: SqliteInsertResult[] = [];
    for (const batchSize of [DEFAULT_BATCH_SIZE, LARGEST_BATCH_SIZE]) sqliteBatches.push(await sqliteInsertBaseline(dataDir, importRows, batchSize));
    // The floor local D1 sets: its own cost for the consumer's upserts, with nothing else to do.
    log("local D1 alone, the consumer's upserts …");
    const d1Alone: D1AloneResult[] = [];
    for (const batchSize of [DEFAULT_BATCH_SIZE, LARGEST_BATCH_SIZE]) d1Alone.push(await d1AloneUpserts(dataDir, importRows, batchSize));
    const unavailable: ImportResult = { available: false, reason: "POST /api/admin/login or POST /api/upload-excel-batch answers 404" };
    // CSV at the upload page's default batch size and at its largest; XLSX at the largest.
    const runs = [
      { name: "csv", files: csvFiles, batchSize: DEFAULT_BATCH_SIZE },
      { name: "csvLargestBatch", files: csvFiles, batchSize: LARGEST_BATCH_SIZE },
      { name: "xlsx", files: xlsxFiles, batchSize: LARGEST_BATCH_SIZE },
    ] as const;
    const imported: Record<(typeof runs)[number]["name"], ImportResult> = { csv: unavailable, csvLargestBatch: unavailable, xlsx: unavailable };
    if (uploadAvailable) {
      // A fresh, empty database per run: the import is measured alone, like the SQLite baseline.
      for (const { name, files, batchSize } of runs) {
        const importState = path.join(dataDir, "import-state");
        const importServer = await startFreshServer(importState, log);
        try {
          const importCookie = await adminLogin(importServer.baseURL);
          if (importCookie) imported[name] = await importThroughWorker(importServer.baseURL, importCookie, files, { rows: importRows, batchSize, timeoutMs: 3_600_000 });
        } catch (error) {
          log(`import of ${files.map((f) => path.basename(f)).join(", ")} (batch ${batchSize}) failed: ${String(error)}`);
          imported[name] = { available: false, reason: `failed: ${String(error)}` };
        } finally {
          await importServer.stop();
          rmSync(importState, { recursive: true, force: true });
        }
      }
    }
    log("parser memory (64 MB heap) …");
    const parser = [parserMemory(csvFiles[0]!, "csv"), parserMemory(xlsxFiles[0]!, "xlsx")];
    importResult = { rows: importRows, sqlite, sqliteBatches, d1Alone, ...imported, parser };
  }

  const results: BenchResults = {
    mode,
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model ?? "unknown", cores: os.cpus().length, memoryBytes: os.totalmem(), platform: `${os.type()} ${os.release()} ${os.arch()}`, loadAverage },
    versions: { ...toolVersions(), sqliteEngine: SQLITE_ENGINE },
    settings: { count, seconds, connections: connectionLevels, skipped: [...skip] },
    seed,
    database,
    picks,
    pages,
    frontend,
    lighthouse: lighthouseResults,
    import: importResult,
    export: exportResult,
    filteredExports,
    sitemaps: sitemapResult,
    aroundImport,
    moderation,
    reviews,
    totalSeconds: (performance.now() - started) / 1000,
  };
  mkdirSync(outDir, { recursive: true });
  const jsonFile = path.join(outDir, `results-${mode}.json`);
  writeFileSync(jsonFile, JSON.stringify(results, null, 2) + "\n");
  const reportFile = writeReport(results);
  log(`wrote ${path.relative(ROOT, reportFile)} and ${path.relative(ROOT, jsonFile)} in ${results.totalSeconds.toFixed(0)} s`);
  const errors = pages.flatMap((p) => [...p.cold, ...p.warm]).reduce((sum, r) => sum + r.errors, 0);
  if (errors > 0) {
    console.error(`[bench] ${errors} requests failed (non-2xx or socket errors)`);
    process.exitCode = 1;
  }
}

if (process.argv.includes("--report-only")) {
  // Re-renders the Markdown from the kept raw results (after a change to the report's layout).
  const jsonFile = path.join(outDir, `results-${mode}.json`);
  log(`wrote ${path.relative(ROOT, writeReport(JSON.parse(readFileSync(jsonFile, "utf8")) as BenchResults))}`);
} else {
  await main();
}
