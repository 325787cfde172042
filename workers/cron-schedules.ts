/**
 * The crons in wrangler.toml, and what each runs. The directory's upkeep (sitemaps, page anchors,
 * abandoned uploads, spent throttle counts and sessions) can wait hours; an import whose queue
 * message was lost cannot: the administrator is watching its progress, so it is looked for every
 * 10 minutes (its own check waits for 15 quiet minutes) instead of every 6 hours.
 */
export const UPKEEP_CRON = "0 */6 * * *";
export const STALLED_IMPORTS_CRON = "*/10 * * * *";
