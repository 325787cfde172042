import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { database, type Database } from "~/db/client.server";
import { adCodes, siteSettings } from "~/db/schema";
import { getCacheGeneration } from "./cache.server";

export const SITE_SETTING_KEYS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettings = Record<SiteSettingKey, string>;

export const AD_SLOTS = ["ad1", "ad2", "ad3", "ad4"] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
export type AdCodes = Record<AdSlot, string>;

const storedSettings = (db: Database) => db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
const storedAdCodes = (db: Database) => db.select({ slot: adCodes.slot, code: adCodes.code }).from(adCodes);

export async function getSiteSettings(d1: D1Database): Promise<SiteSettings> {
  return siteSettingsFrom(await storedSettings(database(d1)));
}

function siteSettingsFrom(results: readonly { key: string; value: string }[]): SiteSettings {
  const settings = Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, ""])) as SiteSettings;
  for (const row of results) {
    if ((SITE_SETTING_KEYS as readonly string[]).includes(row.key)) settings[row.key as SiteSettingKey] = row.value;
  }
  return settings;
}

export async function getAdCodes(d1: D1Database): Promise<AdCodes> {
  return adCodesFrom(await storedAdCodes(database(d1)));
}

function adCodesFrom(results: readonly { slot: string; code: string }[]): AdCodes {
  const codes = Object.fromEntries(AD_SLOTS.map((k) => [k, ""])) as AdCodes;
  for (const row of results) {
    if ((AD_SLOTS as readonly string[]).includes(row.slot)) codes[row.slot as AdSlot] = row.code;
  }
  return codes;
}

export interface PublicSiteCode {
  settings: SiteSettings;
  ads: AdCodes;
}

let publicSiteCodeMemo: { generation: number; value: PublicSiteCode } | null = null;

/**
 * Site settings and ad codes as public pages show them, read once per cache generation per
 * isolate (both in one D1 round trip). Saving either bumps the generation, so a page never
 * shows older code than the edge cache would. Only the value is shared, never a pending read:
 * workerd ties a promise to the request whose I/O settles it, and another request awaiting it
 * can hang.
 */
export async function getPublicSiteCode(db: D1Database): Promise<PublicSiteCode> {
  try {
    const generation = await getCacheGeneration(db);
    if (publicSiteCodeMemo?.generation === generation) return publicSiteCodeMemo.value;
    const value = await readPublicSiteCode(db);
    publicSiteCodeMemo = { generation, value };
    return value;
  } catch (error) {
    // Spec: advertisement fetch errors are only logged and the ad area stays hidden; injected
    // site code is likewise optional, so the page renders without either (and nothing is memoised).
    console.error("Could not read site code and advertisement codes; rendering without them", error);
    return { settings: siteSettingsFrom([]), ads: adCodesFrom([]) };
  }
}

async function readPublicSiteCode(d1: D1Database): Promise<PublicSiteCode> {
  const db = database(d1);
  const [settings, ads] = await db.batch([storedSettings(db), storedAdCodes(db)]);
  return { settings: siteSettingsFrom(settings), ads: adCodesFrom(ads) };
}

/**
 * Stores the settings given (others stay as stored) and answers all four as they now are, read
 * in the same batch: a screen saving only what its administrator changed cannot overwrite
 * another session's save of another field.
 */
export async function saveSiteSettings(d1: D1Database, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const db = database(d1);
  const writes = SITE_SETTING_KEYS.flatMap((key) => {
    const value = changes[key];
    if (value === undefined) return [];
    return [
      db
        .insert(siteSettings)
        .values({ key, value, updatedAt: sql`unixepoch()` })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`excluded.updated_at` } }),
    ];
  });
  return siteSettingsFrom(await writeThenRead(db, writes, storedSettings(db)));
}

/** Like saveSiteSettings, for the four ad slots. */
export async function saveAdCodes(d1: D1Database, changes: Partial<AdCodes>): Promise<AdCodes> {
  const db = database(d1);
  const writes = AD_SLOTS.flatMap((slot) => {
    const code = changes[slot];
    if (code === undefined) return [];
    return [
      db
        .insert(adCodes)
        .values({ slot, code, updatedAt: sql`unixepoch()` })
        .onConflictDoUpdate({ target: adCodes.slot, set: { code, updatedAt: sql`excluded.updated_at` } }),
    ];
  });
  return adCodesFrom(await writeThenRead(db, writes, storedAdCodes(db)));
}

/** The writes, then the read, in one batch (one transaction); the read's rows. */
async function writeThenRead<Read extends BatchItem<"sqlite">>(db: Database, writes: BatchItem<"sqlite">[], read: Read): Promise<Awaited<Read>> {
  const batch: BatchItem<"sqlite">[] = [...writes, read];
  const results: unknown[] = await db.batch(batch as [BatchItem<"sqlite">]);
  return results.at(-1) as Awaited<Read>;
}
