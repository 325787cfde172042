import { bumpCacheGeneration } from "~/models/cache.server";
import { queuePageAnchorRebuild, queueSitemapRebuild } from "../../workers/queue-messages";

/**
 * After businesses changed (an admin's edit, an import): summary tables and the search index already followed by
 * trigger; the edge cache is cleared at once (new generation); the page anchors the triggers
 * deleted are rebuilt in the background; bulk changes also ask for a sitemap rebuild.
 */
export async function directoryChanged(env: Env, reason: string, { bulk }: { bulk: boolean }): Promise<void> {
  await bumpCacheGeneration(env.DB);
  await queuePageAnchorRebuild(env);
  if (bulk) await queueSitemapRebuild(env, reason);
}
