// Replaced by the sitemap builder (issue: sitemaps).
export async function rebuildSitemaps(env: Env): Promise<void> {
  await env.DB.prepare(`INSERT INTO app_state (key, value) VALUES ('sitemaps_requested_at', unixepoch())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run();
}
