/** Messages on the work queue (WORK_QUEUE): one queue carries every kind of background work. */
export type QueueMessage =
  | { kind: "import"; jobId: string }
  | { kind: "sitemaps.rebuild"; reason: string }
  /** One bounded step of a sitemap build (workers/sitemaps.ts): the build's generation and its next business file. */
  | { kind: "sitemaps.build"; generation: number; page: number }
  /** Rebuild the page anchors that a change deleted (app/models/page-anchor.server.ts), a round at a time. */
  | { kind: "pageAnchors.rebuild" }
  /** Re-derive the derived columns of every business (app/models/derived-columns-walk.server.ts), a round at a time. */
  | { kind: "derivedColumns.walk" }
  /** The same message under its earlier name, still understood for one release. */
  | { kind: "searchBigrams.backfill" }
  /** Render the most visited pages into the edge cache under these generations (decision 113). */
  | { kind: "edgeCache.warm"; generation: number; directoryGeneration: number }
  /** Send the e-mail held in this mail_outbox row (app/models/mail-outbox.server.ts). */
  | { kind: "mail.send"; outboxId: number };

/** Asks for a sitemap rebuild after the directory changed (import, bulk delete, fix slugs). */
export async function queueSitemapRebuild(env: Pick<Env, "WORK_QUEUE">, reason: string): Promise<void> {
  await env.WORK_QUEUE.send({ kind: "sitemaps.rebuild", reason } satisfies QueueMessage);
}

/** Asks for the page anchors a directory change deleted to be rebuilt (decision 065). */
export async function queuePageAnchorRebuild(env: Pick<Env, "WORK_QUEUE">): Promise<void> {
  await env.WORK_QUEUE.send({ kind: "pageAnchors.rebuild" } satisfies QueueMessage);
}

/** Asks for the next round of the derived columns' walk (decision 091). */
export async function queueDerivedColumnsWalk(env: Pick<Env, "WORK_QUEUE">): Promise<void> {
  await env.WORK_QUEUE.send({ kind: "derivedColumns.walk" } satisfies QueueMessage);
}

/** Asks for the most visited pages to be rendered into the edge cache right after a bump (decision 113). */
export async function queueEdgeCacheWarmup(env: Pick<Env, "WORK_QUEUE">, generations: { generation: number; directory: { generation: number } }): Promise<void> {
  await env.WORK_QUEUE.send({ kind: "edgeCache.warm", generation: generations.generation, directoryGeneration: generations.directory.generation } satisfies QueueMessage);
}
