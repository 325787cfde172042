import { defineConfig } from "vitest/config";

// Unit tests: pure modules under plain Node.
export default defineConfig({
  // Per checkout, so that several work trees sharing one node_modules do not share caches.
  cacheDir: ".cache/vite-unit",
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
