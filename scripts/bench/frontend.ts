/** What a page ships to the browser (gzip sizes from build/client) and its Lighthouse scores. */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./server";

export interface ShippedAssets {
  htmlGzip: number;
  jsFiles: number;
  jsGzip: number;
  cssFiles: number;
  cssGzip: number;
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes).byteLength;

/** Every module script, module preload and stylesheet the HTML references, read from the build. */
export function shippedAssets(html: string): ShippedAssets {
  const urls = new Set(html.match(/\/assets\/[\w.\-/]+\.(?:js|css)/g) ?? []);
  const shipped: ShippedAssets = { htmlGzip: gzipSize(html), jsFiles: 0, jsGzip: 0, cssFiles: 0, cssGzip: 0 };
  for (const url of urls) {
    const file = path.join(ROOT, "build/client", url);
    if (!existsSync(file)) throw new Error(`the page references ${url}, which is not in build/client`);
    const size = gzipSize(readFileSync(file));
    if (url.endsWith(".css")) {
      shipped.cssFiles += 1;
      shipped.cssGzip += size;
    } else {
      shipped.jsFiles += 1;
      shipped.jsGzip += size;
    }
  }
  return shipped;
}

export const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync --disable-quic";
export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseScores =
  | (Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number> & { failedAudits: string[] })
  | { error: string };

/**
 * Lighthouse (default mobile profile, simulated throttling) against the local server; tried a
 * second time when Chromium does not answer in time, which happens on a busy machine.
 */
export function lighthouse(url: string, outputFile: string): LighthouseScores {
  const first = lighthouseOnce(url, outputFile);
  return "error" in first ? lighthouseOnce(url, outputFile) : first;
}

function lighthouseOnce(url: string, outputFile: string): LighthouseScores {
  rmSync(outputFile, { force: true });
  const result = spawnSync(
    "nice",
    ["-n", "10", path.join(ROOT, "node_modules/.bin/lighthouse"), url, `--chrome-flags=${CHROME_FLAGS}`,
      `--only-categories=${LIGHTHOUSE_CATEGORIES.join(",")}`, "--output=json", `--output-path=${outputFile}`, "--quiet"],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: "utf8", timeout: 180_000 },
  );
  if (result.status !== 0 || !existsSync(outputFile)) {
    return { error: `lighthouse exited with ${result.status}: ${(result.stderr || String(result.error ?? "")).trim().slice(-300)}` };
  }
  const report = JSON.parse(readFileSync(outputFile, "utf8")) as {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; title: string }>;
    runtimeError?: { message: string };
  };
  if (report.runtimeError) return { error: report.runtimeError.message };
  const scores = Object.fromEntries(
    LIGHTHOUSE_CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]),
  ) as Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number>;
  // What cost points (weighted audits below a full score), so a poor score says what to fix.
  const failedAudits = LIGHTHOUSE_CATEGORIES.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${report.audits[ref.id]!.title} (${Math.round(report.audits[ref.id]!.score! * 100)})`),
  );
  return { ...scores, failedAudits };
}
