/** Messages on the import queue. One queue carries every kind of background work. */
export type QueueMessage =
  | { kind: "import"; jobId: string }
  | { kind: "sitemaps.rebuild"; reason: string };
