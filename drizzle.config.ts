import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied by `wrangler d1 migrations apply` (local or remote).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
