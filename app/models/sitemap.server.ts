/**
 * Sitemaps: the rows they list, the state of the live set and of a running rebuild (app_state),
 * and reading the built files back from R2. The build itself runs in workers/sitemaps.ts.
 *
 * A rebuild writes every file under a new generation prefix in R2 and switches the live
 * pointer (`sitemaps_current`) last, in one transaction with clearing the build state: a
 * rebuild that dies half-way leaves the previous complete set served.
 */
import {
  mainSitemapXml,
  siteLink,
  sitemapIndexXml,
} from "~/lib/directory/sitemap-xml";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { appState, businesses, categories, cities, countries, type SqlRow } from "~/db/schema";
import { incrementAppCounter } from "./app-state.server";

export const SITEMAP_CURRENT_KEY = "sitemaps_current";
const BUILD_KEY = "sitemaps_build";
const GENERATION_KEY = "sitemaps_generation";
/** How many rebuilds were ever asked for: a build that ends behind this number missed a change. */
const REQUESTS_KEY = "sitemaps_requests";

/** A build whose last step is older than this died (its step ran out of retries): a new request may start over. */
export const SITEMAP_BUILD_STALE_MS = 30 * 60 * 1000;

export interface SitemapBuildParams {
  businessesPerFile: number;
  /** sitemaps.org allows 50,000 URLs per file; list sitemaps longer than this are split. */
  urlsPerFile: number;
  /** Business files written per queue message: bounds one invocation's CPU, memory and time. */
  filesPerStep: number;
}

export interface SitemapFileInfo {
  /** Path under /sitemaps/, e.g. "main.xml" or "businesses/page-3.xml". */
  file: string;
  urls: number;
  /** When what the file lists last changed (unix seconds; sitemapFileLastmod). */
  lastmod: number | null;
  /** The file's etag as R2 stored it (the MD5 of its bytes): the next build compares its files with these. Absent in sets built before it was kept. */
  digest?: string;
}

/** The running rebuild (app_state `sitemaps_build`). Times in ms. */
export interface SitemapBuild {
  generation: number;
  reason: string;
  /** The request counter when the build started. */
  requestsSeen: number;
  startedAt: number;
  heartbeatAt: number;
  params: SitemapBuildParams;
  /** The step (its first page) that last advanced the build, null before the first. */
  advancedFrom: number | null;
  /** The business file the next step writes, and the keyset cursor it continues from. */
  nextPage: number;
  afterId: number;
  /** Newest businesses.updated_at seen so far (unix seconds): lastmod of the list sitemaps. */
  newest: number;
  businessFiles: SitemapFileInfo[];
}

/** The live set (app_state `sitemaps_current`). */
export interface SitemapSet {
  generation: number;
  builtAt: number;
  fileCount: number;
  urlCount: number;
  businessFileCount: number;
  /** The set's files, for the next build's lastmods (absent in sets built before they were kept). */
  files?: SitemapFileInfo[];
}

export interface SitemapState {
  current: SitemapSet | null;
  build: SitemapBuild | null;
  requests: number;
}

export function sitemapObjectKey(generation: number, file: string): string {
  return `sitemaps/gen-${generation}/${file}`;
}

export async function readSitemapState(db: D1Database): Promise<SitemapState> {
  const results = await database(db)
    .select({ key: appState.key, value: appState.value })
    .from(appState)
    .where(inArray(appState.key, [SITEMAP_CURRENT_KEY, BUILD_KEY, REQUESTS_KEY]));
  const value = (key: string) => results.find((row) => row.key === key)?.value;
  const current = value(SITEMAP_CURRENT_KEY);
  const build = value(BUILD_KEY);
  return {
    current: current ? (JSON.parse(current) as SitemapSet) : null,
    build: build ? (JSON.parse(build) as SitemapBuild) : null,
    requests: Number(value(REQUESTS_KEY) ?? 0),
  };
}

/** Counts a rebuild request; returns the new count. */
export function recordSitemapRequest(db: D1Database): Promise<number> {
  return incrementAppCounter(db, REQUESTS_KEY);
}

/**
 * Starts a build with a fresh generation number, unless one is running (its heartbeat is newer
 * than `staleBefore`): then the request is coalesced into it and null comes back. Check and
 * start happen in one transaction, so two simultaneous requests cannot both start.
 * Hand-written: an INSERT ... SELECT guarded by NOT EXISTS, with ON CONFLICT and RETURNING.
 */
export async function beginSitemapBuild(
  db: D1Database,
  build: Omit<SitemapBuild, "generation">,
  staleBefore: number,
): Promise<SitemapBuild | null> {
  const [, started] = await db.batch<{ value: string }>([
    db
      .prepare(
        `INSERT INTO app_state (key, value) VALUES (?1, '1')
         ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
      )
      .bind(GENERATION_KEY),
    db
      .prepare(
        `INSERT INTO app_state (key, value)
         SELECT ?1, json_set(?2, '$.generation', (SELECT CAST(value AS INTEGER) FROM app_state WHERE key = ?3))
         WHERE NOT EXISTS (SELECT 1 FROM app_state WHERE key = ?1 AND json_extract(value, '$.heartbeatAt') >= ?4)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value
         RETURNING value`,
      )
      .bind(BUILD_KEY, JSON.stringify(build), GENERATION_KEY, staleBefore),
  ]);
  const row = started?.results[0];
  return row ? (JSON.parse(row.value) as SitemapBuild) : null;
}

/**
 * Records a finished step, only if the build is still the one at `fromPage` (a redelivered or
 * superseded step must not fork the chain). Returns whether this step owns the next one.
 */
export async function advanceSitemapBuild(db: D1Database, fromPage: number, next: SitemapBuild): Promise<boolean> {
  const result = await database(db)
    .update(appState)
    .set({ value: JSON.stringify(next) })
    .where(buildAt(next.generation, fromPage));
  return result.meta.changes === 1;
}

/** The running build's row, while it is the build of `generation` about to write `page`. */
function buildAt(generation: number, page: number) {
  return and(
    eq(appState.key, BUILD_KEY),
    sql`json_extract(${appState.value}, '$.generation') = ${generation}`,
    sql`json_extract(${appState.value}, '$.nextPage') = ${page}`,
  );
}

/** Makes a completed generation the live set and ends its build, atomically; false if the build was superseded. */
// Hand-written: an INSERT ... SELECT guarded by EXISTS, batched with the delete (drizzle's D1 batch cannot carry a raw statement with parameters).
export async function switchSitemapSet(db: D1Database, fromPage: number, set: SitemapSet): Promise<boolean> {
  const [switched] = await db.batch([
    db
      .prepare(
        `INSERT INTO app_state (key, value)
         SELECT ?1, ?2
         WHERE EXISTS (SELECT 1 FROM app_state WHERE key = ?3 AND json_extract(value, '$.generation') = ?4
                                                       AND json_extract(value, '$.nextPage') = ?5)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .bind(SITEMAP_CURRENT_KEY, JSON.stringify(set), BUILD_KEY, set.generation, fromPage),
    db
      .prepare(
        `DELETE FROM app_state WHERE key = ?1 AND json_extract(value, '$.generation') = ?2
                                           AND json_extract(value, '$.nextPage') = ?3`,
      )
      .bind(BUILD_KEY, set.generation, fromPage),
  ]);
  return (switched?.meta.changes ?? 0) === 1;
}

export type SitemapBusinessRow = Pick<SqlRow<typeof businesses>, "id" | "slug" | "updated_at">;

/** One business file's rows: approved businesses after `afterId` in id order (keyset, reads ≈ limit rows). */
export async function sitemapBusinessSlice(db: D1Database, afterId: number, limit: number): Promise<SitemapBusinessRow[]> {
  return database(db)
    .select({ id: businesses.id, slug: businesses.slug, updated_at: businesses.updatedAt })
    .from(businesses)
    .where(and(sql`${businesses.isApproved} = 1`, gt(businesses.id, afterId)))
    .orderBy(businesses.id)
    .limit(limit);
}

// The summary tables hold only categories, countries and cities with approved businesses.
// Each read is a keyset page over the table's primary key.

export async function sitemapCategorySlugs(db: D1Database, afterSlug: string, limit: number): Promise<string[]> {
  const results = await database(db)
    .select({ slug: categories.slug })
    .from(categories)
    // A one-letter slug a–z is that letter's view of the list, not the category (decision 021).
    .where(and(gt(categories.slug, afterSlug), sql`NOT (length(${categories.slug}) = 1 AND ${categories.slug} GLOB '[a-z]')`))
    .orderBy(categories.slug)
    .limit(limit);
  return results.map((row) => row.slug);
}

export async function sitemapCountryCodes(db: D1Database, afterCode: string, limit: number): Promise<string[]> {
  const results = await database(db).select({ code: countries.code }).from(countries).where(gt(countries.code, afterCode)).orderBy(countries.code).limit(limit);
  return results.map((row) => row.code);
}

export type SitemapCityRow = Pick<SqlRow<typeof cities>, "country_code" | "slug">;

export async function sitemapCities(db: D1Database, after: SitemapCityRow, limit: number): Promise<SitemapCityRow[]> {
  return database(db)
    .select({ country_code: cities.countryCode, slug: cities.slug })
    .from(cities)
    .where(sql`(${cities.countryCode}, ${cities.slug}) > (${after.country_code}, ${after.slug})`)
    .orderBy(asc(cities.countryCode), asc(cities.slug))
    .limit(limit);
}

export type SitemapFileAnswer =
  | { kind: "object"; body: ReadableStream; etag: string }
  /** The client's copy (If-None-Match) is current. */
  | { kind: "unchanged"; etag: string }
  /** Before the first build: a minimal index, or main.xml built on demand. */
  | { kind: "provisional"; body: string };

/**
 * A sitemap file of the live set: `file` is "sitemap.xml" (the index) or a path under
XX
 */
export async function readSitemapFile(env: Env, file: string, conditional?: Headers): Promise<SitemapFileAnswer | null> {
  // Only the generation: the set's value also holds its files' digests (about 20 KB at 2,000,000 businesses).
  const row = await database(env.DB)
    .select({ generation: sql<number>`json_extract(${appState.value}, '$.generation')` })
    .from(appState)
    .where(eq(appState.key, SITEMAP_CURRENT_KEY))
    .get();
  if (!row) {
    if (file === "sitemap.xml") {
      return { kind: "provisional", body: sitemapIndexXml([{ loc: siteLink(env.SITE_URL, "/sitemaps/main.xml") }]) };
    }
    if (file === "main.xml") return { kind: "provisional", body: mainSitemapXml(env.SITE_URL, null) };
    return null;
  }
  const { generation } = row;
  // With `onlyIf`, R2 answers an object without a body when the client's ETag still matches.
  const object: R2Object | R2ObjectBody | null = await env.BUCKET.get(sitemapObjectKey(generation, file), { onlyIf: conditional });
  if (!object) return null;
  return "body" in object ? { kind: "object", body: object.body, etag: object.httpEtag } : { kind: "unchanged", etag: object.httpEtag };
}

/** The spec's six links of the settings panel. */
export const SITEMAP_PANEL_PATHS = [
  "/sitemap.xml",
  "/sitemaps/main.xml",
  "/sitemaps/categories.xml",
  "/sitemaps/countries.xml",
  "/sitemaps/cities.xml",
  "/sitemaps/businesses/page-1.xml",
] as const;

export interface SitemapStatus {
  links: string[];
  /** Files the index lists (ceil(businesses / 9,000) + 4, more if a list had to be split). */
  fileCount: number;
  urlCount: number;
  businessFileCount: number;
  /** ISO time of the live set's build; null before the first build. */
  lastBuiltAt: string | null;
  building: boolean;
}

/** What the admin settings' sitemap panel shows: real counts of the live set, read from app_state. */
export async function getSitemapStatus(env: Env): Promise<SitemapStatus> {
  const { current, build } = await readSitemapState(env.DB);
  return {
    links: SITEMAP_PANEL_PATHS.map((path) => siteLink(env.SITE_URL, path)),
    fileCount: current?.fileCount ?? 0,
    urlCount: current?.urlCount ?? 0,
    businessFileCount: current?.businessFileCount ?? 0,
    lastBuiltAt: current ? new Date(current.builtAt).toISOString() : null,
    building: build !== null && build.heartbeatAt >= Date.now() - SITEMAP_BUILD_STALE_MS,
  };
}
