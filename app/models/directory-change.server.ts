import { bumpCacheGeneration } from "~/models/cache.server";
import { queuePageAnchorRebuild, queueSitemapRebuild } from "./queue-messages.server";

/**
 * After businesses changed (an admin's edit, an import): summary tables and the search index already followed by
 * trigger; the edge cache is cleared at once (new generation); the page anchors the triggers
 * deleted are rebuilt in the background; and a sitemap rebuild is asked for, so that the
 * sitemaps stop naming an unapproved or deleted business's page within minutes rather than at
 * the next cron (requests during a build coalesce into one more build). A change made in steps
 * (fix slugs) asks only with its last step.
 */
export async function directoryChanged(env: Env, reason: string, { rebuildSitemaps = true }: { rebuildSitemaps?: boolean } = {}): Promise<void> {
  await bumpCacheGeneration(env.DB);
  await queuePageAnchorRebuild(env);
  if (rebuildSitemaps) await queueSitemapRebuild(env, reason);
}
