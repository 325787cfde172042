/**
 * Moderation (decisions 117 and 120): a decision refreshes only the cached pages it changes, never
 * the whole site's cache generation, and a team works the queue fast. On a copy of the seeded
 * database holding many pending items (members' listings and a twentieth of claims, inserted with
 * SQL before the server starts), the queue's first page, a page filtered by kind and a decision
 * are timed beside the biggest category page, in one run with the load average; then, across a
 * run of approvals (half of listings in the biggest category, half elsewhere), home and the
 * biggest category are requested after each decision, and their `X-Edge-Cache` marks counted;
 * last, bulk approvals of 100 items each are timed. The copy is deleted afterwards: the seeded
 * state stays as it was.
 */
import { cpSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { d1File, sqliteCli } from "../local-database.mjs";
import { freePort } from "../wrangler-env.mjs";
import { adminLogin, fetchOnFreshSocket } from "./import-export";
import { edgeMark, primed } from "./import-pages";
import { percentile } from "./load";
import { withCacheBust } from "./pages";
import { startServer } from "./server";
import { query } from "./sqlite";

/** Answer times (ms) of requests sent one after another. */
export interface SequentialLatency {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers other than the expected status. */
  errors: number;
}

/** The `X-Edge-Cache` marks of one page, requested once right after each decision. */
export interface PageAfterDecisions {
  label: string;
  path: string;
  requests: number;
  hits: number;
  misses: number;
  stale: number;
  hitRatio: number;
  /** Misses right after a decision that changed the page (approved a listing it lists). */
  missesAfterTouching: number;
  /** Misses right after a decision that did not change it: each one an entry emptied for nothing. */
  missesAfterOther: number;
  /** Hits right after a decision that changed it: an out-of-date copy served. */
  hitsAfterTouching: number;
}

export type ModerationResult =
  | { available: false; reason: string }
  | {
      available: true;
      /** Pending items in the queue when the measurements began (listings and `claims`). */
      pending: number;
      claims: number;
      members: number;
      /** Seconds the SQL insert of the pending listings took (before the server started). */
      setupSeconds: number;
      /** Requests of each kind in the latency comparison. */
      requests: number;
      category: { slug: string; path: string };
      queue: SequentialLatency;
      /** The newest claims: the queue filtered by kind. */
      filtered: SequentialLatency;
      categoryWarm: SequentialLatency;
      categoryCold: SequentialLatency;
      decisions: number;
      /** Of which approving a listing in the biggest category. */
      decisionsInCategory: number;
      decision: SequentialLatency;
      /** Bulk approvals of `bulkSize` items each, one request at a time, after the single decisions. */
      bulk: SequentialLatency;
      bulkSize: number;
      /** Items a bulk approval left undecided (each should decide all it names). */
      bulkSkipped: number;
      bulkLoadAverage: number[];
      /** Home and the biggest category after each decision; then the approved listing's own category (when another), primed before it. */
      pages: PageAfterDecisions[];
      /** 1/5/15-minute load average when the latencies, and when the decisions, began. */
      loadAverage: number[];
      decisionsLoadAverage: number[];
    };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(times: number[], errors: number): SequentialLatency {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0, errors };
}

async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number; mark: string | null }> {
  const started = performance.now();
  const response = await fetchOnFreshSocket(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, mark: response.headers.get("X-Edge-Cache") };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `claims` members' claims of approved businesses, pending after the listings (newer): what a
 * filter by kind finds among many listings.
 */
function insertPendingClaims(file: string, claims: number, members: number): void {
  sqliteCli(
    file,
    `BEGIN;
CREATE TEMP TABLE claimed (k INTEGER PRIMARY KEY, id INTEGER NOT NULL);
INSERT INTO claimed (id) SELECT id FROM businesses WHERE is_approved = 1 ORDER BY id LIMIT ${claims};
CREATE TEMP TABLE claimants (k INTEGER PRIMARY KEY, id INTEGER NOT NULL);
INSERT INTO claimants (id) SELECT id FROM members WHERE email LIKE 'bench-member-%@example.org' ORDER BY id LIMIT ${members};
INSERT INTO moderation_items (kind, status, member_id, business_id, details, flags)
  SELECT 'claim', 'pending', (SELECT id FROM claimants WHERE k = 1 + (c.k - 1) % (SELECT count(*) FROM claimants)), c.id,
    '{"claimantEmail":"bench-claimant@example.org","position":"Owner","phone":"+41 44 000 00 00"}', '[]'
  FROM claimed c ORDER BY c.k;
COMMIT;`,
  );
}

/**
 * `pending` members' listings waiting for review, as Submit Hotel leaves them: a business with
 * is_approved = 0 and submitted_by, and its moderation item of kind 'listing', oldest first in
 * id order. Each copies an approved business's columns (so the triggers see a realistic row),
 * with a slug and place id of its own; even ones copy businesses of `categorySlug`, odd ones
 * businesses of other categories, so that approving the oldest first alternates between them.
 */
function insertPendingListings(file: string, categorySlug: string, pending: number, members: number): void {
  const columns = query<{ name: string }>(file, `SELECT name FROM pragma_table_info('businesses')`).map((c) => c.name);
  const set: Record<string, string> = {
    slug: `b.slug || '-pending-' || seq.n`,
    place_id: `'bench-pending-' || seq.n`,
    is_approved: "0",
    submitted_by: `(SELECT id FROM bench_members WHERE k = seq.n % ${members})`,
    owner_id: "NULL",
    created_at: `unixepoch() - ${pending} + seq.n`,
  };
  if (columns.includes("updated_at")) set.updated_at = `unixepoch() - ${pending} + seq.n`;
  const copied = columns.filter((c) => c !== "id");
  const values = copied.map((c) => set[c] ?? `b."${c}"`);
  const sequence = (n: number) => `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n - 1})`;
  const source = (table: string) => `(SELECT id FROM ${table} WHERE k = 1 + (seq.n / 2) % (SELECT count(*) FROM ${table}))`;
  sqliteCli(
    file,
    `PRAGMA cache_size = -200000;
BEGIN;
CREATE TEMP TABLE inside (k INTEGER PRIMARY KEY, id INTEGER NOT NULL);
INSERT INTO inside (id) SELECT id FROM businesses WHERE is_approved = 1 AND category_slug = ${literal(categorySlug)} ORDER BY id;
CREATE TEMP TABLE outside (k INTEGER PRIMARY KEY, id INTEGER NOT NULL);
INSERT INTO outside (id) SELECT id FROM businesses WHERE is_approved = 1 AND category_slug IS NOT NULL AND category_slug <> ${literal(categorySlug)} ORDER BY id;
CREATE TEMP TABLE before_insert AS SELECT coalesce(max(id), 0) AS id FROM businesses;
${sequence(members)} INSERT INTO members (email, display_name) SELECT 'bench-member-' || n || '@example.org', 'Bench member ' || n FROM seq;
CREATE TEMP TABLE bench_members (k INTEGER PRIMARY KEY, id INTEGER NOT NULL);
INSERT INTO bench_members (k, id) SELECT CAST(substr(email, 14, instr(email, '@') - 14) AS INTEGER), id FROM members WHERE email LIKE 'bench-member-%@example.org';
${sequence(pending)}
INSERT INTO businesses (${copied.map((c) => `"${c}"`).join(", ")})
  SELECT ${values.join(", ")} FROM seq JOIN businesses b ON b.id = CASE WHEN seq.n % 2 = 0 THEN ${source("inside")} ELSE ${source("outside")} END ORDER BY seq.n;
INSERT INTO moderation_items (kind, status, member_id, business_id, details, flags, created_at)
  SELECT 'listing', 'pending', submitted_by, id, '{}', '[]', created_at FROM businesses WHERE id > (SELECT id FROM before_insert) ORDER BY id;
COMMIT;`,
  );
}

export async function moderationSection(
  stateDir: string,
  dataDir: string,
  category: { slug: string; path: string },
  { pending, decisions, requests, bulks, log }: { pending: number; decisions: number; requests: number; bulks: number; log: (line: string) => void },
): Promise<ModerationResult> {
  const copy = path.join(dataDir, "moderation-state");
  rmSync(copy, { recursive: true, force: true });
  cpSync(stateDir, copy, { recursive: true });
  try {
    const file = d1File(copy);
    const members = Math.max(1, Math.ceil(pending / 5));
    const claims = Math.floor(pending / 20);
    log(`moderation: inserting ${pending - claims} pending listings and ${claims} claims of ${members} members …`);
    const setupStarted = performance.now();
    insertPendingListings(file, category.slug, pending - claims, members);
    insertPendingClaims(file, claims, members);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const [{ n: queued } = { n: 0 }] = query<{ n: number }>(file, `SELECT count(*) AS n FROM moderation_items WHERE status = 'pending'`);
    // The oldest first, as the queue shows them (and as the admin decides them).
    const items = query<{ id: number; category_slug: string; slug: string }>(
      file,
      `SELECT m.id, b.category_slug, b.slug FROM moderation_items m JOIN businesses b ON b.id = m.business_id
       WHERE m.status = 'pending' AND m.kind = 'listing' ORDER BY m.id LIMIT ${decisions}`,
    );
    // The next oldest listings, in runs of a bulk decision each.
    const bulkSize = 100;
    const bulkIds = query<{ id: number }>(
      file,
      `SELECT id FROM moderation_items WHERE status = 'pending' AND kind = 'listing' ORDER BY id LIMIT ${bulks * bulkSize} OFFSET ${items.length}`,
    ).map((row) => row.id);

    const server = await startServer(copy, await freePort(), log);
    try {
      const cookie = await adminLogin(server.baseURL);
      if (!cookie) return { available: false, reason: "POST /api/admin/login answers 404" };
      const admin = { Cookie: cookie, Origin: server.baseURL };
      const probe = await timed(`${server.baseURL}/api/admin/moderation?status=pending`, { headers: admin });
      if (probe.status === 404) return { available: false, reason: "GET /api/admin/moderation answers 404" };

      // The queue's first page and the category page, one request of each after another, so that both meet the same load.
      const loadAverage = os.loadavg();
      log(`moderation: the queue's first page with ${queued} pending, beside ${category.path} …`);
      await primed(server.baseURL, category.path);
      const times = { queue: [] as number[], filtered: [] as number[], warm: [] as number[], cold: [] as number[] };
      const failed = { queue: 0, filtered: 0, warm: 0, cold: 0 };
      for (let i = 0; i < requests; i++) {
        const queue = await timed(`${server.baseURL}/api/admin/moderation?status=pending&order=oldest`, { headers: admin });
        times.queue.push(queue.ms);
        if (queue.status !== 200) failed.queue += 1;
        const filtered = await timed(`${server.baseURL}/api/admin/moderation?status=pending&kind=claim&order=newest`, { headers: admin });
        times.filtered.push(filtered.ms);
        if (filtered.status !== 200) failed.filtered += 1;
        const warm = await timed(server.baseURL + category.path);
        times.warm.push(warm.ms);
        if (warm.status !== 200 || warm.mark !== "HIT") failed.warm += 1;
        const cold = await timed(server.baseURL + withCacheBust(category.path, `moderation-${Date.now().toString(36)}-${i}`));
        times.cold.push(cold.ms);
        if (cold.status !== 200) failed.cold += 1;
      }

      // Approvals, oldest first; after each, home and the biggest category (and the approved listing's own category).
      const decisionsLoadAverage = os.loadavg();
      log(`moderation: ${items.length} decisions, home and ${category.path} after each …`);
      await primed(server.baseURL, "/");
      await primed(server.baseURL, category.path);
      const tally = new Map<string, PageAfterDecisions>();
      const record = (label: string, pagePath: string, mark: string | null, touched: boolean) => {
        const row = tally.get(label) ?? { label, path: pagePath, requests: 0, hits: 0, misses: 0, stale: 0, hitRatio: 0, missesAfterTouching: 0, missesAfterOther: 0, hitsAfterTouching: 0 };
        tally.set(label, row);
        row.requests += 1;
        if (mark === "HIT") {
          row.hits += 1;
          if (touched) row.hitsAfterTouching += 1;
        } else if (mark === "STALE") row.stale += 1;
        else {
          row.misses += 1;
          if (touched) row.missesAfterTouching += 1;
          else row.missesAfterOther += 1;
        }
        row.hitRatio = row.hits / row.requests;
      };
      const decisionTimes: number[] = [];
      let decisionErrors = 0;
      let inCategory = 0;
      for (const item of items) {
        const own = item.category_slug === category.slug;
        const ownPath = `/categories/${encodeURIComponent(item.category_slug)}`;
        // The other category is in the edge cache before the decision: a miss after it is the decision's doing.
        if (!own) await primed(server.baseURL, ownPath);
        const decided = await timed(`${server.baseURL}/api/admin/moderation/${item.id}`, {
          method: "POST",
          headers: { ...admin, "Content-Type": "application/json" },
          body: JSON.stringify({ decision: "approve" }),
        });
        decisionTimes.push(decided.ms);
        if (decided.status !== 200) decisionErrors += 1;
        if (own) inCategory += 1;
        record("Home", "/", await edgeMark(server.baseURL + "/", "GET"), false);
        record("Category (biggest), page 1", category.path, await edgeMark(server.baseURL + category.path, "GET"), own);
        if (!own) record("The approved listing's own category (another), primed before the decision", "/categories/…", await edgeMark(server.baseURL + ownPath, "GET"), true);
        // The miss's background put of the fresh copy lands before the next decision.
        await pause(20);
      }

      // Bulk approvals of a hundred items each, one request at a time.
      const bulkLoadAverage = os.loadavg();
      log(`moderation: ${bulks} bulk approvals of ${bulkSize} …`);
      const bulkTimes: number[] = [];
      let bulkErrors = 0;
      let bulkSkipped = 0;
      for (let start = 0; start < bulkIds.length; start += bulkSize) {
        const started = performance.now();
        const response = await fetchOnFreshSocket(`${server.baseURL}/api/admin/moderation/bulk`, {
          method: "POST",
          headers: { ...admin, "Content-Type": "application/json" },
          body: JSON.stringify({ ids: bulkIds.slice(start, start + bulkSize), decision: "approve" }),
        });
        const answer = (await response.json()) as { decided?: number[]; skipped?: unknown[] };
        bulkTimes.push(performance.now() - started);
        if (response.status !== 200) bulkErrors += 1;
        bulkSkipped += answer.skipped?.length ?? bulkSize;
      }
      return {
        available: true,
        pending: queued,
        claims,
        members,
        setupSeconds,
        requests,
        category,
        queue: summary(times.queue, failed.queue),
        filtered: summary(times.filtered, failed.filtered),
        categoryWarm: summary(times.warm, failed.warm),
        categoryCold: summary(times.cold, failed.cold),
        decisions: items.length,
        decisionsInCategory: inCategory,
        decision: summary(decisionTimes, decisionErrors),
        bulk: summary(bulkTimes, bulkErrors),
        bulkSize,
        bulkSkipped,
        bulkLoadAverage,
        pages: [...tally.values()],
        loadAverage,
        decisionsLoadAverage,
      };
    } catch (error) {
      log(`the moderation server's last words:\n${server.logTail()}`);
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
