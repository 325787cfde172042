import { backfillDerivedColumnsStep, derivedColumnsBackfillDue } from "~/models/derived-columns-backfill.server";
import { queueDerivedColumnsBackfill } from "./queue-messages";

/** Steps per queue delivery: 20,000 rows read, well inside a delivery; 100 rounds at 2,000,000 businesses. */
const STEPS_PER_ROUND = 10;

/** The cron's part: starts the walk while one is due (a lost message is made good the next time). */
export async function startDerivedColumnsBackfill(env: Pick<Env, "DB" | "IMPORT_QUEUE">): Promise<void> {
  if (await derivedColumnsBackfillDue(env.DB)) await queueDerivedColumnsBackfill(env);
}

/** One `searchBigrams.backfill` delivery: some steps of the walk, then the next round queued while the table goes on. */
export async function backfillDerivedColumnsRound(env: Pick<Env, "DB" | "IMPORT_QUEUE">, rowsPerStep?: number): Promise<void> {
  for (let step = 0; step < STEPS_PER_ROUND; step++) {
    const done = await backfillDerivedColumnsStep(env.DB, rowsPerStep);
    if (!done?.more) return;
  }
  await queueDerivedColumnsBackfill(env);
}
