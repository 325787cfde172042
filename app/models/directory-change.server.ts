import { bumpCacheGeneration } from "~/models/cache.server";
import { queueSitemapRebuild } from "../../workers/queue-messages";

/**
 * After businesses changed (an admin's edit, an import): summary tables and the search index already followed by
 * trigger; the edge cache is cleared at once (new generation); bulk changes also ask for a
 * sitemap rebuild.
 */
export async function directoryChanged(env: Env, reason: string, { bulk }: { bulk: boolean }): Promise<void> {
  await bumpCacheGeneration(env.DB);
  if (bulk) await queueSitemapRebuild(env, reason);
}
