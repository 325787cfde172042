import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// Each test file starts from clean storage with the real migrations applied (the migrations
// are read in vitest.worker.config.ts and handed over as a test-only binding).
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
