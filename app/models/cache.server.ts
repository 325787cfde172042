import { categoryPath, cityPath, countryPath } from "~/lib/directory/sitemap-xml";
import { incrementAppCounter } from "./app-state.server";
import { getHomepageData } from "./home.server";

const GENERATION_KEY = "cache_generation";
const DIRECTORY_CHANGE_KEY = "directory_change";
const PAGE_CHANGES_KEY = "page_changes";

/**
 * How long a page change is remembered: longer than any page is kept (CACHE_SECONDS' longest,
 * two hours), so a copy stored before the change is never served after it.
 */
export const PAGE_CHANGE_MEMORY_MS = (2 * 60 + 10) * 60 * 1000;

/**
 * A change to a few pages only (a moderation decision, decision 117): the path (a page or an API
 * answer, lower case, without ".data") and when it changed (ms). A cached copy of it stored before
 * then is not served.
 */
export interface PageChange {
  path: string;
  at: number;
}

/**
 * How long an isolate trusts the generations it last read. Reading them from D1 on every request
 * cost a D1 round trip even on an edge-cache hit (in production, a trip to the database's region
 * from every colo); trusting them for a second keeps that to one read per second per isolate. A
 * bump made in this isolate is seen at once; other isolates see it within this time.
 */
export const GENERATION_TRUST_MS = 1000;

/**
 * The latest change to the directory (an import, an admin's edit), which moves the edge cache to
 * a new directory generation without throwing the previous one away (decision 113).
 */
export interface DirectoryChange {
  generation: number;
  /** When it was made (ms since the epoch, the bumping Worker's clock). */
  at: number;
  /** Slugs of the businesses whose own pages it changed; null when it may have changed any of them (imports, bulk steps). */
  businesses: string[] | null;
}

/**
 * What the edge cache is keyed on. `generation` is the hard one: the admin's "clear cache" (and a
 * saved site code, which every page carries) bumps it, and nothing cached under an older one is
 * ever served again. `directory` is the soft one: a directory change bumps it, and a page may be
 * answered from the previous directory generation's copy while a fresh one renders.
 */
export interface CacheGenerations {
  generation: number;
  directory: DirectoryChange;
  /** The pages changed one by one in the last PAGE_CHANGE_MEMORY_MS, oldest first. */
  pages: PageChange[];
}

interface GenerationMemo {
  current?: { value: CacheGenerations; readAt: number };
  /** Counts this isolate's bumps: a read that began before one does not overwrite what it set. */
  bumps: number;
}

// The Worker's entry (the edge cache) and the Remix build each bundle a copy of this module:
// the memo lives on globalThis so that both copies share one per isolate.
const MEMO_KEY = Symbol.for("business-directory.cache-generation");
function generationMemo(): GenerationMemo {
  const global = globalThis as unknown as Record<symbol, GenerationMemo | undefined>;
  return (global[MEMO_KEY] ??= { bumps: 0 });
}

const NO_DIRECTORY_CHANGE: DirectoryChange = { generation: 0, at: 0, businesses: null };

const READ_SQL = `SELECT (SELECT value FROM app_state WHERE key = ?1) AS generation, (SELECT value FROM app_state WHERE key = ?2) AS directory,
  (SELECT value FROM app_state WHERE key = ?3) AS pages`;

function readStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(READ_SQL).bind(GENERATION_KEY, DIRECTORY_CHANGE_KEY, PAGE_CHANGES_KEY);
}

interface GenerationsRow {
  generation: string | number | null;
  directory: string | null;
  pages: string | null;
}

function generationsFrom(row: GenerationsRow | null | undefined): CacheGenerations {
  const directory = row?.directory ? (JSON.parse(row.directory) as DirectoryChange) : NO_DIRECTORY_CHANGE;
  return { generation: Number(row?.generation ?? 0), directory, pages: row?.pages ? (JSON.parse(row.pages) as PageChange[]) : [] };
}

/** A path as page changes name it: lower case, without Remix's ".data" and a closing "/". */
export function changedPagePath(pathname: string): string {
  return pathname.toLowerCase().replace(/\.data$/, "").replace(/(.)\/$/, "$1");
}

/** When `pathname` last changed on its own (ms), or 0: a cached copy stored before then is out of date. */
export function pageChangedAt(generations: CacheGenerations, pathname: string): number {
  const path = changedPagePath(pathname);
  let at = 0;
  for (const change of generations.pages) if (change.path === path && change.at > at) at = change.at;
  return at;
}

/**
 * Records that these pages changed, and only these (decision 117): their cached copies stop
 * being served, everywhere, within GENERATION_TRUST_MS, and every other page keeps its copy. One
 * statement appends them and forgets changes older than PAGE_CHANGE_MEMORY_MS.
 */
export async function markPagesChanged(db: D1Database, pathnames: readonly string[]): Promise<void> {
  const at = Date.now();
  const added = JSON.stringify([...new Set(pathnames.map(changedPagePath))].map((path) => ({ path, at })));
  const [, read] = await db.batch<GenerationsRow>([
    db
      .prepare(
        `INSERT INTO app_state (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = (
           SELECT json_group_array(json(kept.value)) FROM (
             SELECT value FROM json_each(app_state.value) WHERE value ->> 'at' > ?3
             UNION ALL SELECT value FROM json_each(?2)) AS kept)`,
      )
      .bind(PAGE_CHANGES_KEY, added, at - PAGE_CHANGE_MEMORY_MS),
    readStatement(db),
  ]);
  remember(generationsFrom(read?.results[0]));
}

function remember(value: CacheGenerations): CacheGenerations {
  const memo = generationMemo();
  memo.bumps += 1;
  memo.current = { value, readAt: Date.now() };
  return value;
}

/**
 * Both generations, read at most once per trust period per isolate. `fresh` reads D1 whatever
 * the memo holds (the warm-up, which must render under the generation it was asked for).
 */
export async function getCacheGenerations(db: D1Database, { fresh = false }: { fresh?: boolean } = {}): Promise<CacheGenerations> {
  const memo = generationMemo();
  const started = Date.now();
  if (!fresh && memo.current && started - memo.current.readAt < GENERATION_TRUST_MS) return memo.current.value;
  const bumpsBefore = memo.bumps;
  const value = generationsFrom(await readStatement(db).first<GenerationsRow>());
  // A bump that finished while this read was under way is newer than what was read.
  if (memo.bumps === bumpsBefore) memo.current = { value, readAt: started };
  return memo.current?.value ?? value;
}

/**
 * A reader whose answer an isolate keeps until a generation it depends on moves: `site` for what
 * only the admin's site code and "clear cache" change, `directory` for what a directory change may
 * change too. Only the answer is shared, never a pending read: workerd ties a promise to the
 * request whose I/O settles it, and another request awaiting it can hang.
 */
export function keptPerGeneration<T>(scope: "site" | "directory", read: (db: D1Database) => Promise<T>): (db: D1Database) => Promise<T> {
  let kept: { generations: string; value: T } | null = null;
  return async (db) => {
    const { generation, directory } = await getCacheGenerations(db);
    const generations = scope === "site" ? `${generation}` : `${generation}/${directory.generation}`;
    if (kept?.generations === generations) return kept.value;
    const value = await read(db);
    kept = { generations, value };
    return value;
  };
}

/**
 * The admin's "clear cache" (and a saved site code): every cached page and API answer becomes
 * unreachable at once, everywhere, without enumerating keys, and no copy from before is served.
 */
export async function bumpCacheGeneration(db: D1Database): Promise<number> {
  await incrementAppCounter(db, GENERATION_KEY);
  return remember(generationsFrom(await readStatement(db).first<GenerationsRow>())).generation;
}

/**
 * A directory change: one statement moves the directory generation and records what it changed,
 * so two changes at once cannot lose an increment nor pair one's number with the other's pages.
 */
export async function bumpDirectoryGeneration(db: D1Database, businesses: string[] | null): Promise<CacheGenerations> {
  const change = (generation: string) => `json_object('generation', ${generation}, 'at', ?2, 'businesses', json(?3))`;
  const [, read] = await db.batch<GenerationsRow>([
    db
      .prepare(
        `INSERT INTO app_state (key, value) VALUES (?1, ${change("1")})
         ON CONFLICT (key) DO UPDATE SET value = ${change("coalesce(json_extract(value, '$.generation'), 0) + 1")}`,
      )
      .bind(DIRECTORY_CHANGE_KEY, Date.now(), businesses === null ? null : JSON.stringify(businesses)),
    readStatement(db),
  ]);
  return remember(generationsFrom(read?.results[0]));
}

/** How many of the biggest categories, countries and cities are rendered again right after a bump. */
const WARMED_CATEGORIES = 4;
const WARMED_COUNTRIES = 3;
const WARMED_CITIES = 3;
const WARMED_LISTS = ["/", "/businesses", "/categories", "/countries", "/cities"];

/**
 * The pages most visitors land on, in the order they are rendered again after a bump: home, the
 * lists, then the biggest categories, countries and cities (the home page's own links, from the
 * summary tables). At most 15.
 */
export async function mostVisitedPages(db: D1Database): Promise<string[]> {
  const home = await getHomepageData(db);
  return [
    ...WARMED_LISTS,
    ...home.popularSearches.slice(0, WARMED_CATEGORIES).map((c) => categoryPath(c.slug)),
    ...home.topCountries.slice(0, WARMED_COUNTRIES).map((c) => countryPath(c.code)),
    ...home.topCities.slice(0, WARMED_CITIES).map((c) => cityPath(c.countryCode, c.slug)),
  ];
}
