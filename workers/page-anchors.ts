import { rebuildMissingPageAnchors } from "~/models/page-anchor.server";
import { queuePageAnchorRebuild } from "~/models/queue-messages.server";

/**
 * Scopes per queue delivery: each rebuild walks one category's or city's index once (the biggest
 * category holds about a third of the directory), so a round stays well inside a delivery.
 */
const SCOPES_PER_ROUND = 20;

/**
 * One `pageAnchors.rebuild` delivery: rebuilds the biggest scopes without anchors and queues the
 * next round while some remain. A round that anchored nothing stops (the cron tries again).
 */
export async function rebuildPageAnchorRound(env: Pick<Env, "DB" | "WORK_QUEUE">): Promise<void> {
  const { anchored, more } = await rebuildMissingPageAnchors(env.DB, SCOPES_PER_ROUND);
  if (more && anchored > 0) await queuePageAnchorRebuild(env);
}
