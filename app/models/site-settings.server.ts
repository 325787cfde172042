import { getCacheGeneration } from "./cache.server";

export const SITE_SETTING_KEYS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettings = Record<SiteSettingKey, string>;

export const AD_SLOTS = ["ad1", "ad2", "ad3", "ad4"] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
export type AdCodes = Record<AdSlot, string>;

const SETTINGS_SQL = `SELECT key, value FROM site_settings`;
const AD_CODES_SQL = `SELECT slot, code FROM ad_codes`;

export async function getSiteSettings(db: D1Database): Promise<SiteSettings> {
  const { results } = await db.prepare(SETTINGS_SQL).all<{ key: string; value: string }>();
  return siteSettingsFrom(results);
}

function siteSettingsFrom(results: readonly { key: string; value: string }[]): SiteSettings {
  const settings = Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, ""])) as SiteSettings;
  for (const row of results) {
    if ((SITE_SETTING_KEYS as readonly string[]).includes(row.key)) settings[row.key as SiteSettingKey] = row.value;
  }
  return settings;
}

export async function getAdCodes(db: D1Database): Promise<AdCodes> {
  const { results } = await db.prepare(AD_CODES_SQL).all<{ slot: string; code: string }>();
  return adCodesFrom(results);
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

async function readPublicSiteCode(db: D1Database): Promise<PublicSiteCode> {
  const [settings, ads] = await db.batch<Record<string, string>>([db.prepare(SETTINGS_SQL), db.prepare(AD_CODES_SQL)]);
  return {
    settings: siteSettingsFrom((settings?.results ?? []) as { key: string; value: string }[]),
    ads: adCodesFrom((ads?.results ?? []) as { slot: string; code: string }[]),
  };
}

/**
 * Stores the settings given (others stay as stored) and answers all four as they now are, read
 * in the same batch: a screen saving only what its administrator changed cannot overwrite
 * another session's save of another field.
 */
export async function saveSiteSettings(db: D1Database, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const upsert = `INSERT INTO site_settings (key, value, updated_at) VALUES (?1, ?2, unixepoch())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`;
  return siteSettingsFrom(await saveChangedThenRead<{ key: string; value: string }>(db, upsert, SITE_SETTING_KEYS, changes, SETTINGS_SQL));
}

/** Like saveSiteSettings, for the four ad slots. */
export async function saveAdCodes(db: D1Database, changes: Partial<AdCodes>): Promise<AdCodes> {
  const upsert = `INSERT INTO ad_codes (slot, code, updated_at) VALUES (?1, ?2, unixepoch())
     ON CONFLICT (slot) DO UPDATE SET code = excluded.code, updated_at = excluded.updated_at`;
  return adCodesFrom(await saveChangedThenRead<{ slot: string; code: string }>(db, upsert, AD_SLOTS, changes, AD_CODES_SQL));
}

/** `upsert` (?1 the key, ?2 the value) for each key `changes` gives, then `readSql`'s rows, in one batch. */
async function saveChangedThenRead<Row>(
  db: D1Database,
  upsert: string,
  keys: readonly string[],
  changes: Partial<Record<string, string>>,
  readSql: string,
): Promise<Row[]> {
  const statement = db.prepare(upsert);
  const writes = keys.flatMap((key) => (changes[key] === undefined ? [] : [statement.bind(key, changes[key])]));
  const results = await db.batch([...writes, db.prepare(readSql)]);
  return results.at(-1)!.results as Row[];
}
