import { and, eq, gt, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { database } from "~/db/client.server";
import { appState, businesses, categories, directoryTotals, type Business } from "~/db/schema";
import { businessIdentity } from "~/lib/business/business-record";
import { NAME_ORDER_SQL, nameSortKey } from "~/lib/business/name-order";
import { nameWordsMatch } from "~/lib/search/search-query";
import { businessSlug, categorySlug, citySlug } from "~/lib/business/slug";
import { prefixUpperBound, TEST_NAME_PREFIXES, TEST_NAMES, TEST_PLACE_ID_PREFIXES, TEST_WORD } from "~/lib/business/test-data";
import { sqlParams } from "./sql-params.server";

/** Admin business list: 20 a page, at most 100 pages deep (docs/decisions/031). */
export const ADMIN_BUSINESSES_PER_PAGE = 20;
export const ADMIN_BUSINESSES_MAX_PAGES = 100;
/** The most matches a filtered list can show; it is counted no further (one more says "more"). */
const BROWSABLE_BUSINESSES = ADMIN_BUSINESSES_PER_PAGE * ADMIN_BUSINESSES_MAX_PAGES;

export const ADMIN_SORT_FIELDS = ["name", "rating", "reviewCount", "createdAt"] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

const SORT_COLUMNS: Record<AdminSortField, string> = {
  name: NAME_ORDER_SQL,
  rating: "rating",
  reviewCount: "reviews",
  createdAt: "created_at",
};

export interface AdminBusinessQuery {
  page: number;
  /** Name search: the beginning of a name (in any case, with or without accents) or words in the name. */
  filter?: string;
  /** Directory category name (as listed by listAdminCategories). */
  category?: string;
  sortBy: AdminSortField;
  sortOrder: SortOrder;
}

/** The spec's admin business item: the row's own fields, the directory category, the address and the review count under the spec's names. */
export type AdminBusinessItem = Pick<Business, "id" | "name" | "slug" | "rating" | "isApproved"> & {
  category: string | null;
  address: string | null;
  reviewCount: number;
};

export interface AdminBusinessList {
  businesses: AdminBusinessItem[];
  /** Exact when unfiltered; when filtered, counted up to the browsable depth (see totalCapped). */
  total: number;
  /** True when a filtered list has more matches than the 100 browsable pages show. */
  totalCapped: boolean;
  /** True when the list holds more businesses than its 100 pages show (filtered or not). */
  pagesCapped: boolean;
  pagination: { page: number; totalPages: number; total: number };
}

/**
 * Businesses with the searched words inside their name are taken from the search index, the
 * newest first and no more than fill the browsable pages and show there are more: a common
 * word ("hotel") is in a million names (docs/decisions/031 addendum).
 */
const NAME_WORD_MATCHES = BROWSABLE_BUSINESSES + 1;

/**
 * WHERE clause and its parameters for the admin filters. A search matches names starting with
 * the text, in any case and with or without accents (a range in name order), or holding its
 * words (search index); a category is an index range.
 *
 * A search within a category repeats the category in each of its two matches, the word match's
 * with `+` so that it cannot be factored out: left common to both, SQLite reads the whole
 * category (648,782 hotels at 2,000,000 businesses) in its index instead of the two small sets
 * of matches (decision 031 addendum).
 */
function adminWhere(query: Pick<AdminBusinessQuery, "filter" | "category">): { where: string; params: unknown[] } {
  const { params, param } = sqlParams();
  const slug = query.category ? categorySlug(query.category) : null;
  const filter = query.filter?.trim();
  if (!filter) return { where: slug ? `WHERE category_slug = ${param(slug)}` : "", params };
  const matches: string[] = [];
  // A filter of marks alone folds to nothing: no prefix of every name.
  const prefix = nameSortKey(filter) ?? filter;
  if (prefix) {
    const range = `${NAME_ORDER_SQL} >= ${param(prefix)} AND ${NAME_ORDER_SQL} < ${param(prefixUpperBound(prefix))}`;
    matches.push(slug ? `(category_slug = ${param(slug)} AND ${range})` : `(${range})`);
  }
  const words = nameWordsMatch(filter, query.category);
  if (words) {
    const named = `id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${param(words)} ORDER BY rowid DESC LIMIT ${param(NAME_WORD_MATCHES)})`;
    matches.push(slug ? `(+category_slug = ${param(slug)} AND ${named})` : named);
  }
  return { where: `WHERE ${matches.length ? matches.join(" OR ") : "0"}`, params };
}

/**
 * Whether a category sorted by rating, review count or date is read by walking that sort's index
 * and keeping the category's businesses (about (offset + 20) × directory / category entries), or
 * by reading the category's entries and sorting them: whichever reads fewer, from the summary
 * counts. Page 1 of the 648,782 hotels among 2,000,000 businesses by rating: about 60 entries
 * instead of 648,782; a category of 50 is read and sorted (decision 031 addendum). Answers the
 * entries the walk may read, or null to sort.
 */
async function sortIndexWalk(d1: D1Database, query: AdminBusinessQuery, offset: number): Promise<number | null> {
  if (!query.category || query.filter?.trim() || query.sortBy === "name") return null;
  const db = database(d1);
  const [[inCategory], [inDirectory]] = await db.batch([
    db.select({ n: categories.businessCount }).from(categories).where(eq(categories.slug, categorySlug(query.category))),
    db.select({ n: directoryTotals.businessCount }).from(directoryTotals).where(eq(directoryTotals.id, 1)),
  ]);
  const category = inCategory?.n ?? 0;
  const expected = Math.ceil(((offset + ADMIN_BUSINESSES_PER_PAGE) * (inDirectory?.n ?? 0)) / Math.max(category, 1));
  // The estimate takes the category to be spread through the sort order; one gathered at its far
  // end (imported together long ago, listed newest first) would be walked to the end of the
  // index, so the walk stops at three times the estimate and the category is sorted after all.
  return expected < category ? WALK_SLACK * expected : null;
}

/** How far past its estimate a walk of the sort's index goes before the category is sorted instead. */
const WALK_SLACK = 3;

const ADMIN_ROW_COLUMNS = `id, name, slug, coalesce(type, category) AS category, full_address AS address, rating,
       reviews AS reviewCount, is_approved AS isApproved`;

/** Hand-written: its filters use `+category_slug`, an FTS MATCH and a sort-index walk read lazily, which the builder cannot write. */
export async function listAdminBusinesses(db: D1Database, query: AdminBusinessQuery): Promise<AdminBusinessList> {
  const page = Math.min(Math.max(1, query.page), ADMIN_BUSINESSES_MAX_PAGES);
  const offset = (page - 1) * ADMIN_BUSINESSES_PER_PAGE;
  const { where, params } = adminWhere(query);
  const direction = query.sortOrder === "desc" ? "DESC" : "ASC";
  const order = `ORDER BY ${SORT_COLUMNS[query.sortBy]} ${direction}, id ${direction}`;
  const sortedSql = `SELECT ${ADMIN_ROW_COLUMNS} FROM businesses ${where} ${order} LIMIT ${ADMIN_BUSINESSES_PER_PAGE} OFFSET ${offset}`;
  // The page may walk the sort's index no further than `walk` entries (a subquery SQLite reads
  // lazily, in its order, stopping at the page's last row); the capped count reads the category's
  // own entries.
  const walk = await sortIndexWalk(db, query, offset);
  const rowsSql =
    walk === null
      ? sortedSql
      : `SELECT ${ADMIN_ROW_COLUMNS}
         FROM (SELECT id, name, slug, type, category, full_address, rating, reviews, is_approved, category_slug FROM businesses ${order} LIMIT ${walk})
         ${where} LIMIT ${ADMIN_BUSINESSES_PER_PAGE} OFFSET ${offset}`;
  // Unfiltered: the trigger-kept total. Filtered: count no further than the pages one can open.
  const countSql = where
    ? `SELECT count(*) AS n FROM (SELECT 1 FROM businesses ${where} LIMIT ${BROWSABLE_BUSINESSES + 1})`
    : `SELECT all_business_count AS n FROM directory_totals WHERE id = 1`;
  const [walked, count] = await db.batch([
    db.prepare(rowsSql).bind(...params),
    db.prepare(countSql).bind(...(where ? params : [])),
  ]);
  // A walk that came short of a page (the category's last page, or its businesses further along
  // the sort than estimated): the category read and sorted. One more round trip, only then.
  const rows = walk !== null && walked!.results.length < ADMIN_BUSINESSES_PER_PAGE ? await db.prepare(sortedSql).bind(...params).all() : walked!;
  const counted = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  // A filtered count stops one past the browsable depth; an unfiltered one is exact.
  const pagesCapped = counted > BROWSABLE_BUSINESSES;
  const totalCapped = Boolean(where) && pagesCapped;
  const total = totalCapped ? BROWSABLE_BUSINESSES : counted;
  const totalPages = Math.min(Math.max(1, Math.ceil(total / ADMIN_BUSINESSES_PER_PAGE)), ADMIN_BUSINESSES_MAX_PAGES);
  // Past the last page (its last business deleted, an old link): the last page instead of
  // "İşletme bulunamadı" beside a count of some. One more round trip, only then.
  if (page > totalPages) return listAdminBusinesses(db, { ...query, page: totalPages });
  const businesses = (rows.results as (Omit<AdminBusinessItem, "isApproved"> & { isApproved: number })[]).map((row) => ({
    ...row,
    isApproved: row.isApproved === 1,
  }));
  return { businesses, total, totalCapped, pagesCapped, pagination: { page, totalPages, total } };
}

/**
 * Sets a business's approval to `isApproved`, or flips it when that is not given (the spec's
 * toggle); null when it does not exist. Summaries follow by trigger. Setting a state is
 * idempotent: a second tab or a repeated click cannot undo it the way a flip does.
 */
export async function setBusinessApproval(d1: D1Database, id: number, isApproved?: boolean): Promise<Pick<Business, "id" | "isApproved" | "name" | "slug"> | null> {
  const [row] = await database(d1)
    .update(businesses)
    .set({ isApproved: isApproved ?? sql`1 - ${businesses.isApproved}`, updatedAt: sql`unixepoch()` })
    .where(eq(businesses.id, id))
    .returning({ id: businesses.id, isApproved: businesses.isApproved, name: businesses.name, slug: businesses.slug });
  return row ?? null;
}

/** Deletes one business; false when it did not exist. Summaries and search follow by trigger. */
export async function deleteBusiness(d1: D1Database, id: number): Promise<{ deleted: true; name: string; slug: string } | { deleted: false; name: null; slug: null }> {
  const [row] = await database(d1).delete(businesses).where(eq(businesses.id, id)).returning({ name: businesses.name, slug: businesses.slug });
  return row ? { deleted: true, name: row.name, slug: row.slug } : { deleted: false, name: null, slug: null };
}

/**
 * Bulk deletes run in bounded steps: each statement deletes at most DELETE_STEP rows (every
 * row fires the summary and search triggers), and a call stops after its time budget so that a
 * Worker never runs into the platform's limits. The caller repeats until `done`.
 */
export const DELETE_STEP = 500;
export const BULK_TIME_BUDGET_MS = 15_000;

export interface BulkDeleteProgress {
  deletedCount: number;
  done: boolean;
}

/** The businesses a bulk delete takes, DELETE_STEP at a time: its WHERE, and whether by id (the order of their first step). */
async function deleteInSteps(d1: D1Database, where: SQL | undefined, byId: boolean, budgetMs: number): Promise<BulkDeleteProgress> {
  const db = database(d1);
  const selected = db.select({ id: businesses.id }).from(businesses).where(where);
  const step = (byId ? selected.orderBy(businesses.id) : selected).limit(DELETE_STEP);
  // RETURNING counts the deleted businesses themselves (D1's meta.changes includes trigger writes).
  const statement = db.delete(businesses).where(inArray(businesses.id, step)).returning({ id: businesses.id }).prepare();
  const deadline = Date.now() + budgetMs;
  let deletedCount = 0;
  for (;;) {
    const results = await statement.all();
    deletedCount += results.length;
    if (results.length < DELETE_STEP) return { deletedCount, done: true };
    if (Date.now() >= deadline) return { deletedCount, done: false };
  }
}

/** Deletes every business, lowest ids first, within the time budget. */
export function deleteAllBusinesses(db: D1Database, budgetMs = BULK_TIME_BUDGET_MS): Promise<BulkDeleteProgress> {
  return deleteInSteps(db, undefined, true, budgetMs);
}

/** Deletes test data (app/lib/business/test-data.ts says what that is), within the time budget. */
export function deleteTestBusinesses(db: D1Database, budgetMs = BULK_TIME_BUDGET_MS): Promise<BulkDeleteProgress> {
  // One WHERE of OR-ed index ranges (SQLite's OR optimisation reads each range from its index;
  // D1 refuses a UNION of this many SELECTs). Names are read from the range of the word in name
  // order (any case), then held to the exact spellings that are test data.
  const within = (column: SQLWrapper, prefix: string) => sql`(${column} >= ${prefix} AND ${column} < ${prefixUpperBound(prefix)})`;
  const exactName = or(inArray(businesses.name, [...TEST_NAMES]), ...TEST_NAME_PREFIXES.map((p) => within(businesses.name, p)));
  const terms = or(and(within(sql.raw(NAME_ORDER_SQL), TEST_WORD), exactName), ...TEST_PLACE_ID_PREFIXES.map((p) => within(businesses.placeId, p)));
  return deleteInSteps(db, terms, false, budgetMs);
}

/** Fix slugs: resumable across calls through a checkpoint in app_state. */
const FIX_SLUGS_CHECKPOINT = "fix_slugs_checkpoint";
export const FIX_SLUGS_STEP = 500;

interface FixSlugsCheckpoint {
  afterId: number;
  processed: number;
  updated: number;
  /** Unix seconds of the step that wrote it (absent in checkpoints written before it was kept). */
  savedAt?: number;
  /** The run went through every business: its figures stay for a call that ran beside it. */
  finished?: boolean;
  /** Token of the step that wrote it: a step commits only over the checkpoint it started from. */
  step?: string;
  /** The run's id, which its callers send back (absent in checkpoints written before it was kept). */
  run?: string;
}

/**
 * A checkpoint older than this belongs to a run that was left (its tab closed): a new run starts
 * from the first business, not weeks later where that one stopped, counting its figures as its own.
 */
export const FIX_SLUGS_RESUME_SECONDS = 15 * 60;

export interface FixSlugsProgress extends FixSlugsCheckpoint {
  /** Rows whose slugs were corrected during this call. */
  updatedNow: number;
  done: boolean;
  /** This call's step ended the run (not a call told of a run another call ended). */
  finishedNow: boolean;
}

/** What a business's slugs are computed from (and its slug, which says whether it holds its second). */
const SLUG_SOURCES = ["name", "type", "category", "city", "fullAddress", "placeId", "slug"] as const satisfies readonly (keyof Business)[];

type SlugSource = Pick<Business, "id" | (typeof SLUG_SOURCES)[number] | "categorySlug" | "citySlug">;

const { id, name, type, category, city, fullAddress, placeId, slug } = businesses;
const SLUG_SOURCE_COLUMNS = { id, name, type, category, city, fullAddress, placeId, slug, categorySlug: businesses.categorySlug, citySlug: businesses.citySlug };

/**
 * The slugs the import would give this business today (same rules as toBusinessRow); a business
 * holding its second slug (its first was taken, moveCollidingSlugs) keeps it.
 */
function expectedSlugs(row: SlugSource): Pick<Business, "slug" | "categorySlug" | "citySlug"> {
  const directoryCategory = row.type ?? row.category;
  const identity = businessIdentity(row);
  const second = businessSlug(row.name, identity, { second: true });
  return {
    slug: row.slug === second ? second : businessSlug(row.name, identity),
    categorySlug: directoryCategory ? categorySlug(directoryCategory) || null : null,
    citySlug: row.city ? citySlug(row.city) || null : null,
  };
}

/**
 * Recomputes slug, category_slug and city_slug with the app/lib/business/slug rules, in id order, in
 * steps of FIX_SLUGS_STEP, until the time budget is spent; the checkpoint lets the next call go
 * on where this one stopped (a 2,000,000-row table takes several calls). A slug that would
 * collide with another business's is left as it is (UPDATE OR IGNORE) rather than failing the step.
 * A business written between the step's read and its update (an import running beside it) is
 * left as that write made it: its slugs were computed from what it held before.
 *
 * Calls running at the same moment (two admins, two tabs) share one run: a step commits only if
 * the checkpoint is still the one it started from. A call whose step lost returns the run's
 * figures as they stand, and its next call goes on from there, so no row is counted twice and no
 * call's figures overwrite another's. A caller sends back the run it was answered (`run`): when
 * the checkpoint shows a finished run, that run or one started after it has been through every
 * business (a checkpoint moves to a new run only once the last one finished or was left), so the
 * caller is answered its figures instead of starting another pass.
 */
export async function fixSlugs(db: D1Database, budgetMs = BULK_TIME_BUDGET_MS, run?: string): Promise<FixSlugsProgress> {
  const kept = await readFixSlugsCheckpoint(db);
  if (kept?.finished && run !== undefined) return { ...kept, updatedNow: 0, done: true, finishedNow: false };
  const resumable = kept !== null && !kept.finished && (kept.savedAt ?? 0) >= Math.floor(Date.now() / 1000) - FIX_SLUGS_RESUME_SECONDS;
  const checkpoint: FixSlugsCheckpoint = resumable ? { ...kept, run: kept.run ?? crypto.randomUUID() } : { afterId: 0, processed: 0, updated: 0, run: crypto.randomUUID() };
  // What the stored checkpoint must still say for this call's next step to commit.
  let expected: FixSlugsCheckpoint | null = kept;
  const deadline = Date.now() + budgetMs;
  let updatedNow = 0;
  for (;;) {
    const results: SlugSource[] = await database(db)
      .select(SLUG_SOURCE_COLUMNS)
      .from(businesses)
      .where(gt(businesses.id, checkpoint.afterId))
      .orderBy(businesses.id)
      .limit(FIX_SLUGS_STEP);
    const changed = results
      .map((row) => ({ before: row, after: expectedSlugs(row) }))
      .filter(({ before, after }) => before.slug !== after.slug || before.categorySlug !== after.categorySlug || before.citySlug !== after.citySlug)
      .map(({ before, after }) => ({ ...after, read: before }));
    const next: Omit<FixSlugsCheckpoint, "step"> = {
      afterId: results.at(-1)?.id ?? checkpoint.afterId,
      processed: checkpoint.processed + results.length,
      updated: checkpoint.updated,
      savedAt: Math.floor(Date.now() / 1000),
      run: checkpoint.run,
      ...(results.length < FIX_SLUGS_STEP ? { finished: true } : {}),
    };
    const { committed, stored } = await commitFixSlugsStep(db, expected, next, changed);
    // Another call moved the run on meanwhile: its figures, not this call's copy.
    if (!committed) return { ...(stored ?? checkpoint), updatedNow, done: Boolean(stored?.finished), finishedNow: false };
    updatedNow += stored.updated - checkpoint.updated;
    Object.assign(checkpoint, stored);
    expected = { ...checkpoint };
    if (checkpoint.finished) return { ...checkpoint, updatedNow, done: true, finishedNow: true };
    if (Date.now() >= deadline) return { ...checkpoint, updatedNow, done: false, finishedNow: false };
  }
}

async function readFixSlugsCheckpoint(db: D1Database): Promise<FixSlugsCheckpoint | null> {
  const saved = await database(db).select({ value: appState.value }).from(appState).where(eq(appState.key, FIX_SLUGS_CHECKPOINT)).get();
  return saved ? (JSON.parse(saved.value) as FixSlugsCheckpoint) : null;
}

/**
 * The step token a checkpoint is compared by: '' for one written before steps had tokens, 'none'
 * when no checkpoint is stored (so "still as it was" is one comparison with `?2`).
 */
const STORED_STEP_SQL = `coalesce((SELECT coalesce(value ->> '$.step', '') FROM app_state WHERE key = ?1), 'none')`;

/**
 * One step in one D1 batch (one transaction): the slugs are updated and the checkpoint moves to
 * `next` only if it still is `expected` (the same step's token), the step's fixes counted into it
 * (changes(): a row skipped for a taken slug or changed meanwhile by an import is not); the
 * batch's last statement reads the checkpoint back, which says whether this step or another
 * call's came first. Hand-written: the builder writes neither UPDATE OR IGNORE ... FROM nor an
 * INSERT ... SELECT guarded by the stored step.
 */
async function commitFixSlugsStep(
  db: D1Database,
  expected: FixSlugsCheckpoint | null,
  next: Omit<FixSlugsCheckpoint, "step">,
  changed: unknown[],
): Promise<{ committed: true; stored: FixSlugsCheckpoint } | { committed: false; stored: FixSlugsCheckpoint | null }> {
  const step = crypto.randomUUID();
  const expectedStep = expected ? (expected.step ?? "") : "none";
  const statements: D1PreparedStatement[] = [];
  if (changed.length > 0) {
    statements.push(
      db
        .prepare(
          `UPDATE OR IGNORE businesses
           SET slug = j.value ->> '$.slug', category_slug = j.value ->> '$.categorySlug',
               city_slug = j.value ->> '$.citySlug', updated_at = unixepoch()
           FROM json_each(?3) AS j
           WHERE ${STORED_STEP_SQL} = ?2
             AND businesses.id = j.value ->> '$.read.id'
             AND ${SLUG_SOURCES.map((c) => `businesses.${businesses[c].name} IS j.value ->> '$.read.${c}'`).join(" AND ")}`,
        )
        .bind(FIX_SLUGS_CHECKPOINT, expectedStep, JSON.stringify(changed)),
    );
  }
  // changes() is the slug update's own count (the batch's meta.changes would add its triggers' rows).
  statements.push(
    db
      .prepare(
        `INSERT INTO app_state (key, value)
         SELECT ?1, json_set(?3, '$.updated', (?3 ->> '$.updated') + ${changed.length > 0 ? "changes()" : "0"}) WHERE ${STORED_STEP_SQL} = ?2
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .bind(FIX_SLUGS_CHECKPOINT, expectedStep, JSON.stringify({ ...next, step })),
    db.prepare(`SELECT value FROM app_state WHERE key = ?1`).bind(FIX_SLUGS_CHECKPOINT),
  );
  const saved = (await db.batch<{ value: string }>(statements)).at(-1)!.results[0];
  const stored = saved ? (JSON.parse(saved.value) as FixSlugsCheckpoint) : null;
  return stored?.step === step ? { committed: true, stored } : { committed: false, stored };
}
