import { bumpDirectoryGeneration } from "~/models/cache.server";
import { queueEdgeCacheWarmup, queuePageAnchorRebuild, queueSitemapRebuild } from "./queue-messages.server";

export interface DirectoryChangeOptions {
  rebuildSitemaps?: boolean;
  /**
   * Slugs of the only businesses whose own pages changed (one approved, unapproved or deleted);
   * absent when any business page may have changed (an import, a bulk step). Those pages are
   * never answered from the previous generation's copy.
   */
  businesses?: string[];
}

/**
 * After businesses changed (an admin's edit, an import): summary tables and the search index already followed by
 * trigger; the edge cache moves to a new directory generation, answering from the previous one's
 * copies for a short while as fresh ones render (decision 113), and the most visited pages are
 * rendered at once in the background; the page anchors the triggers deleted are rebuilt in the
 * background; and a sitemap rebuild is asked for, so that the sitemaps stop naming an unapproved
 * or deleted business's page within minutes rather than at the next cron (requests during a
 * build coalesce into one more build). A change made in steps (fix slugs) asks only with its last step.
 */
export async function directoryChanged(env: Env, reason: string, { rebuildSitemaps = true, businesses }: DirectoryChangeOptions = {}): Promise<void> {
  const generations = await bumpDirectoryGeneration(env.DB, businesses ?? null);
  await queueEdgeCacheWarmup(env, generations);
  await queuePageAnchorRebuild(env);
  if (rebuildSitemaps) await queueSitemapRebuild(env, reason);
}
