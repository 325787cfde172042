import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Material kept beside the project in ../shared (real exports, the sitemaps.org schemas): used
 * when a checkout has it, never required. Returns the path, or null after printing why the tests
 * that need it are skipped.
 */
export function sharedMaterial(relative: string, usedFor: string): string | null {
  const full = path.resolve(import.meta.dirname, "../../../shared", relative);
  if (existsSync(full)) return full;
  console.log(`skipped: ${usedFor} — ../shared/${relative} is not beside this checkout`);
  return null;
}
