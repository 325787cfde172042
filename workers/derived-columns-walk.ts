import { derivedColumnsWalkDue, walkDerivedColumnsStep } from "~/models/derived-columns-walk.server";
import { queueDerivedColumnsWalk } from "~/models/queue-messages.server";

/** Steps per queue delivery: 20,000 rows read, well inside a delivery; 100 rounds at 2,000,000 businesses. */
const STEPS_PER_ROUND = 10;

/** The cron's part: starts the walk when the derivation changed, or goes on with one a lost message left due. */
export async function startDerivedColumnsWalk(env: Pick<Env, "DB" | "WORK_QUEUE">): Promise<void> {
  if (await derivedColumnsWalkDue(env.DB)) await queueDerivedColumnsWalk(env);
}

/** One `derivedColumns.walk` delivery: some steps of the walk, then the next round queued while the table goes on. */
export async function walkDerivedColumnsRound(env: Pick<Env, "DB" | "WORK_QUEUE">, rowsPerStep?: number): Promise<void> {
  for (let step = 0; step < STEPS_PER_ROUND; step++) {
    const done = await walkDerivedColumnsStep(env.DB, rowsPerStep);
    if (!done?.more) return;
  }
  await queueDerivedColumnsWalk(env);
}
