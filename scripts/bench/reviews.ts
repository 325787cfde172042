/**
 * Guest reviews (decision 118, issue 51): a business with 10,000 published reviews must answer as
 * fast as one with ten. On a copy of the seeded database, one business (the oldest approved one of
 * the biggest category) gets as many members and one published review each, inserted with SQL
 * before the server starts (the triggers of migrations/0009 sum them into review_summaries, which
 * is checked). Then, cold (a distinct `_bench` parameter per request, as in decision 060) at the
 * run's most connections: the reviews API's first page and a deep one, the business's page, and
 * the biggest category page for reference, in rounds on the same server, with the load average.
 * The copy is deleted afterwards: the seeded state stays as it was.
 */
import { cpSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { d1File, sqliteCli } from "../local-database.mjs";
import { freePort } from "../wrangler-env.mjs";
import { sample, summarize, type LoadResult, type LoadSample } from "./load";
import { capture, type Capture, type PageType } from "./pages";
import { snapshot, startServer } from "./server";
import { query, timeStatements } from "./sqlite";

/** The target: the deep page's cold p95 at most this many times the first page's. */
export const REVIEWS_DEEP_PAGE_RATIO_TARGET = 2;

export interface ReviewsTarget {
  id: "api-page-1" | "api-page-deep" | "business" | "category";
  label: string;
  path: string;
  status: number;
  rowsRead: number | null;
  d1Calls: number | null;
  /** D1 calls without rows read (raw(), as Drizzle's joined selects run): not in `rowsRead`. */
  unmetered: number | null;
  /** The request's captured SQL replayed directly on SQLite (a snapshot of the same copy), ms. */
  rawMs: number | null;
  bytes: number;
  cold: LoadResult;
}

export type ReviewsResult =
  | { available: false; reason: string }
  | {
      available: true;
      /** Published reviews inserted for the business (one member each). */
      reviews: number;
      /** review_summaries.review_count of the business once the insert committed. */
      summaryCount: number;
      business: { id: number; slug: string };
      /** The deep page measured, and how many reviews it answered (10 a page). */
      deepPage: number;
      deepPageReviews: number;
      totalPages: number;
      /** Seconds the SQL insert of the members and reviews took (before the server started). */
      setupSeconds: number;
      connections: number;
      /** Rounds of one measurement of each target, `seconds` each, pooled per target. */
      rounds: number;
      seconds: number;
      targets: ReviewsTarget[];
      /** 1/5/15-minute load average when the measurements began, and when they ended. */
      loadAverage: number[];
      loadAverageAfter: number[];
    };

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `count` members (bench-reviewer-N@example.org) and one published review each of `businessId`,
 * the newest last, ratings 1 to 5 in turn, each text distinct (its `text_key` too).
 */
function insertReviews(file: string, businessId: number, count: number): void {
  const sequence = `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count - 1})`;
  const text = `'Bench review ' || seq.n || ': a quiet room, a friendly desk and a good breakfast; we would stay again.'`;
  sqliteCli(
    file,
    `PRAGMA cache_size = -200000;
BEGIN;
${sequence} INSERT INTO members (email, display_name) SELECT 'bench-reviewer-' || n || '@example.org', 'Bench reviewer ' || n FROM seq;
${sequence} INSERT INTO reviews (business_id, member_id, rating, title, text, text_key, visited_on, trip_type, status, created_at, updated_at)
  SELECT ${businessId}, m.id, 1 + seq.n % 5, 'Stay ' || seq.n, ${text}, 'benchreview' || seq.n || 'aquietroomafriendlydeskandagoodbreakfastwewouldstayagain',
    '2024-' || printf('%02d', 1 + seq.n % 12), 'couple', 'published', unixepoch() - ${count} + seq.n, unixepoch() - ${count} + seq.n
  FROM seq JOIN members m ON m.email = 'bench-reviewer-' || seq.n || '@example.org' ORDER BY seq.n;
COMMIT;`,
  );
}

export async function reviewsSection(
  stateDir: string,
  dataDir: string,
  category: { slug: string; path: string },
  { reviews, deepPage, connections, seconds, rounds, log }: { reviews: number; deepPage: number; connections: number; seconds: number; rounds: number; log: (line: string) => void },
): Promise<ReviewsResult> {
  const copy = path.join(dataDir, "reviews-state");
  rmSync(copy, { recursive: true, force: true });
  cpSync(stateDir, copy, { recursive: true });
  try {
    const file = d1File(copy);
    const [business] = query<{ id: number; slug: string }>(
      file,
      `SELECT id, slug FROM businesses WHERE is_approved = 1 AND category_slug = ${literal(category.slug)} ORDER BY id LIMIT 1`,
    );
    if (!business) return { available: false, reason: `no approved business in category "${category.slug}"` };
    const countOf = () =>
      query<{ n: number }>(file, `SELECT coalesce((SELECT review_count FROM review_summaries WHERE business_id = ${business.id}), 0) AS n`)[0]?.n ?? 0;
    const before = countOf();
    log(`reviews: inserting ${reviews} members and a published review each of "${business.slug}" …`);
    const setupStarted = performance.now();
    insertReviews(file, business.id, reviews);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    // The triggers alone keep the summary (decision 118): every inserted review counted once.
    const summaryCount = countOf();
    const [{ n: published } = { n: 0 }] = query<{ n: number }>(file, `SELECT count(*) AS n FROM reviews WHERE business_id = ${business.id} AND status = 'published'`);
    if (summaryCount !== before + reviews || summaryCount !== published) {
      throw new Error(`review_summaries counts ${summaryCount} reviews of "${business.slug}", expected ${before + reviews} (${published} published rows)`);
    }

    const slug = encodeURIComponent(business.slug);
    const targets: { id: ReviewsTarget["id"]; label: string; path: string }[] = [
      { id: "api-page-1", label: "Reviews API, page 1", path: `/api/businesses/${slug}/reviews?page=1` },
      { id: "api-page-deep", label: `Reviews API, page ${deepPage}`, path: `/api/businesses/${slug}/reviews?page=${deepPage}` },
      { id: "business", label: "The business's page", path: `/business/${slug}` },
      { id: "category", label: "Category (biggest), page 1 (reference)", path: category.path },
    ];

    let result: ReviewsResult;
    let measured: ReviewsTarget[] = [];
    let statements: Capture["statements"][] = [];
    const server = await startServer(copy, await freePort(), log);
    try {
      // The deep page answers its ten reviews (a page past the last would answer none).
      const deep = await fetch(server.baseURL + targets[1]!.path);
      if (deep.status !== 200) return { available: false, reason: `GET ${targets[1]!.path} answers ${deep.status}` };
      const deepBody = (await deep.json()) as { reviews: unknown[]; totalPages: number };

      const captured: Capture[] = [];
      for (const target of targets) {
        const page: PageType = { id: `reviews-${target.id}`, label: target.label, kind: target.path.startsWith("/api/") ? "api" : "page", path: target.path };
        captured.push(await capture(server.baseURL, page, `reviews-capture-${Date.now()}`));
      }

      // Rounds of one cold run of each, in turn (every other round in reverse order), so that every target meets the same load.
      const loadAverage = os.loadavg();
      log(`reviews: ${targets.map((t) => t.path).join(", ")} cold at ${connections} connections, ${rounds} rounds …`);
      const samples: LoadSample[][] = targets.map(() => []);
      for (let round = 0; round < rounds; round++) {
        const order = [...targets.keys()];
        if (round % 2 === 1) order.reverse();
        for (const i of order) samples[i]!.push(await sample(server.baseURL, targets[i]!.path, { connections, seconds, cold: true }));
      }
      const loadAverageAfter = os.loadavg();
      measured = targets.map((target, i) => ({
        ...target,
        status: captured[i]!.status,
        rowsRead: captured[i]!.rowsRead,
        d1Calls: captured[i]!.d1Calls,
        unmetered: captured[i]!.unmetered,
        rawMs: null,
        bytes: captured[i]!.bytes,
        cold: summarize(samples[i]!),
      }));
      statements = captured.map((c) => c.statements);
      result = {
        available: true,
        reviews,
        summaryCount,
        business,
        deepPage,
        deepPageReviews: deepBody.reviews.length,
        totalPages: deepBody.totalPages,
        setupSeconds,
        connections,
        rounds,
        seconds,
        targets: measured,
        loadAverage,
        loadAverageAfter,
      };
    } catch (error) {
      log(`the reviews server's last words:\n${server.logTail()}`);
      throw error;
    } finally {
      await server.stop();
    }
    // Each request's SQL directly on SQLite, on a snapshot of the copy the server used (the deep page's OFFSET included).
    const snap = snapshot(copy, path.join(dataDir, "reviews-snapshot.sqlite"));
    try {
      for (const [i, target] of measured.entries()) {
        if (statements[i]!.length) target.rawMs = timeStatements(snap.file, statements[i]!).ms;
        log(`reviews: ${target.path}: ${target.status}, rows read ${target.rowsRead} (+${target.unmetered} unmetered), raw SQL ${target.rawMs?.toFixed(3)} ms, cold p50 ${target.cold.p50} / p95 ${target.cold.p95} ms, errors ${target.cold.errors}`);
      }
    } finally {
      rmSync(snap.file, { force: true });
    }
    return result;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
