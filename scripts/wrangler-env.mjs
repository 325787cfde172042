// Wrangler otherwise stalls 5–20 s per command on a closed network (telemetry, update check,
// Request.cf fetch), and waits at a (Y/n) prompt before applying migrations.
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};
