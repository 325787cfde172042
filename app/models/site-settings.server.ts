export const SITE_SETTING_KEYS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettings = Record<SiteSettingKey, string>;

export const AD_SLOTS = ["ad1", "ad2", "ad3", "ad4"] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
export type AdCodes = Record<AdSlot, string>;

export async function getSiteSettings(db: D1Database): Promise<SiteSettings> {
  const { results } = await db.prepare(`SELECT key, value FROM site_settings`).all<{ key: string; value: string }>();
  const settings = Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, ""])) as SiteSettings;
  for (const row of results) {
    if ((SITE_SETTING_KEYS as readonly string[]).includes(row.key)) settings[row.key as SiteSettingKey] = row.value;
  }
  return settings;
}

export async function getAdCodes(db: D1Database): Promise<AdCodes> {
  const { results } = await db.prepare(`SELECT slot, code FROM ad_codes`).all<{ slot: string; code: string }>();
  const codes = Object.fromEntries(AD_SLOTS.map((k) => [k, ""])) as AdCodes;
  for (const row of results) {
    if ((AD_SLOTS as readonly string[]).includes(row.slot)) codes[row.slot as AdSlot] = row.code;
  }
  return codes;
}

export async function saveSiteSettings(db: D1Database, settings: SiteSettings): Promise<void> {
  const statement = db.prepare(
    `INSERT INTO site_settings (key, value, updated_at) VALUES (?1, ?2, unixepoch())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  await db.batch(SITE_SETTING_KEYS.map((key) => statement.bind(key, settings[key])));
}

export async function saveAdCodes(db: D1Database, codes: AdCodes): Promise<void> {
  const statement = db.prepare(
    `INSERT INTO ad_codes (slot, code, updated_at) VALUES (?1, ?2, unixepoch())
     ON CONFLICT (slot) DO UPDATE SET code = excluded.code, updated_at = excluded.updated_at`,
  );
  await db.batch(AD_SLOTS.map((slot) => statement.bind(slot, codes[slot])));
}
