import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { database, type Database } from "~/db/client.server";
import { adCodes, siteSettings } from "~/db/schema";
import type { AuditAction } from "~/lib/admin/audit-actions";
import { recordAuditEvent, type AuditActor } from "./audit-log.server";
import { bumpCacheGeneration, keptPerGeneration } from "./cache.server";
import { REVIEWS_PUBLISH_UNFLAGGED_KEY } from "./review.server";

export const SITE_SETTING_KEYS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettings = Record<SiteSettingKey, string>;

export const AD_SLOTS = ["ad1", "ad2", "ad3", "ad4"] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
export type AdCodes = Record<AdSlot, string>;

/** One stored code text by its name (a setting's key, an ad's slot). */
interface StoredCode {
  name: string;
  text: string;
}

/**
 * A table of code texts by name (site_settings, ad_codes): the names the site uses, the read of
 * all its rows, and the upsert of one.
 */
interface CodeTable<Name extends string> {
  names: readonly Name[];
  read: (db: Database) => RunnableQuery<StoredCode[], "sqlite"> & BatchItem<"sqlite"> & PromiseLike<StoredCode[]>;
  write: (db: Database, name: Name, text: string) => BatchItem<"sqlite">;
  /** What the audit log names a save. */
  saved: AuditAction;
}

const SETTINGS_TABLE: CodeTable<SiteSettingKey> = {
  names: SITE_SETTING_KEYS,
  saved: "settings.saved",
  read: (db) => db.select({ name: siteSettings.key, text: siteSettings.value }).from(siteSettings),
  write: (db, key, value) =>
    db
      .insert(siteSettings)
      .values({ key, value, updatedAt: sql`unixepoch()` })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`excluded.updated_at` } }),
};

const AD_CODES_TABLE: CodeTable<AdSlot> = {
  names: AD_SLOTS,
  saved: "ad-codes.saved",
  read: (db) => db.select({ name: adCodes.slot, text: adCodes.code }).from(adCodes),
  write: (db, slot, code) =>
    db
      .insert(adCodes)
      .values({ slot, code, updatedAt: sql`unixepoch()` })
      .onConflictDoUpdate({ target: adCodes.slot, set: { code, updatedAt: sql`excluded.updated_at` } }),
};

/** Every name of the table with its stored text, "" where none is stored; rows of other names are left out. */
function codesFrom<Name extends string>(table: CodeTable<Name>, rows: readonly StoredCode[]): Record<Name, string> {
  const codes = Object.fromEntries(table.names.map((name) => [name, ""])) as Record<Name, string>;
  for (const row of rows) {
    if ((table.names as readonly string[]).includes(row.name)) codes[row.name as Name] = row.text;
  }
  return codes;
}

async function readCodes<Name extends string>(d1: D1Database, table: CodeTable<Name>): Promise<Record<Name, string>> {
  return codesFrom(table, await table.read(database(d1)));
}

export async function getSiteSettings(d1: D1Database): Promise<SiteSettings> {
  return readCodes(d1, SETTINGS_TABLE);
}

export async function getAdCodes(d1: D1Database): Promise<AdCodes> {
  return readCodes(d1, AD_CODES_TABLE);
}

export interface PublicSiteCode {
  settings: SiteSettings;
  ads: AdCodes;
}

/**
 * Site settings and ad codes as public pages show them, read once per cache generation per
 * isolate (both in one D1 round trip). Saving either bumps the generation, so a page never
 * shows older code than the edge cache would.
 */
const keptPublicSiteCode = keptPerGeneration("site", readPublicSiteCode);

export async function getPublicSiteCode(db: D1Database): Promise<PublicSiteCode> {
  try {
    return await keptPublicSiteCode(db);
  } catch (error) {
    // Spec: advertisement fetch errors are only logged and the ad area stays hidden; injected
    // site code is likewise optional, so the page renders without either (and nothing is kept).
    console.error("Could not read site code and advertisement codes; rendering without them", error);
    return { settings: codesFrom(SETTINGS_TABLE, []), ads: codesFrom(AD_CODES_TABLE, []) };
  }
}

async function readPublicSiteCode(d1: D1Database): Promise<PublicSiteCode> {
  const db = database(d1);
  const [settings, ads] = await db.batch([SETTINGS_TABLE.read(db), AD_CODES_TABLE.read(db)]);
  return { settings: codesFrom(SETTINGS_TABLE, settings), ads: codesFrom(AD_CODES_TABLE, ads) };
}

/**
 * Stores the settings given (others stay as stored) and answers all four as they now are, read
 * in the same batch: a screen saving only what its administrator changed cannot overwrite
 * another session's save of another field. The save is audited as `by`'s.
 */
export async function saveSiteSettings(d1: D1Database, changes: Partial<SiteSettings>, by: AuditActor): Promise<SiteSettings> {
  return saveCodes(d1, SETTINGS_TABLE, changes, by);
}

/** Like saveSiteSettings, for the four ad slots. */
export async function saveAdCodes(d1: D1Database, changes: Partial<AdCodes>, by: AuditActor): Promise<AdCodes> {
  return saveCodes(d1, AD_CODES_TABLE, changes, by);
}

/** The changed names written, then every row read, in one batch (one transaction); then the cache and the audit log told. */
async function saveCodes<Name extends string>(
  d1: D1Database,
  table: CodeTable<Name>,
  changes: Partial<Record<Name, string>>,
  by: AuditActor,
): Promise<Record<Name, string>> {
  const db = database(d1);
  const writes = table.names.flatMap((name) => {
    const text = changes[name];
    return text === undefined ? [] : [table.write(db, name, text)];
  });
  const batch: BatchItem<"sqlite">[] = [...writes, table.read(db)];
  const results: unknown[] = await db.batch(batch as [BatchItem<"sqlite">]);
  const codes = codesFrom(table, results.at(-1) as StoredCode[]);
  const changed = Object.keys(changes);
  // Cached pages carry the old codes (a save that changed nothing keeps them).
  if (changed.length > 0) await bumpCacheGeneration(d1);
  await recordAuditEvent(d1, table.saved, by, { detail: changed.join(", ") || null });
  return codes;
}

/**
 * Site Ayarları's review switch ("Bayrak taşımayan yorumlar hemen yayınlansın"): a row of
 * site_settings under REVIEWS_PUBLISH_UNFLAGGED_KEY, "1" or "0" (none: off). Not one of the
 * SITE_SETTING_KEYS, which are code texts put into every page: this one is read only where a
 * review is saved, so saving it leaves the cached pages as they are.
 */
export async function getReviewPublishing(d1: D1Database): Promise<boolean> {
  const row = await database(d1).select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, REVIEWS_PUBLISH_UNFLAGGED_KEY)).get();
  return row?.value === "1";
}

/** Stores the switch and answers it as stored; audited as a settings save of `by`'s, naming the key and value. */
export async function saveReviewPublishing(d1: D1Database, publishUnflagged: boolean, by: AuditActor): Promise<boolean> {
  const db = database(d1);
  const value = publishUnflagged ? "1" : "0";
  const [, [row]] = await db.batch([
    db
      .insert(siteSettings)
      .values({ key: REVIEWS_PUBLISH_UNFLAGGED_KEY, value, updatedAt: sql`unixepoch()` })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`excluded.updated_at` } }),
    db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, REVIEWS_PUBLISH_UNFLAGGED_KEY)),
  ]);
  await recordAuditEvent(d1, "settings.saved", by, { detail: `${REVIEWS_PUBLISH_UNFLAGGED_KEY}=${value}` });
  return row?.value === "1";
}
