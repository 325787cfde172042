/**
 * The sitemap rebuild at the benchmark's size: asked for as the admin's "rebuild now" asks, then
 * run by the queue in bounded steps (docs/decisions/050-sitemaps-in-generations.md) until the new
 * set is live. The live set is read from the server's own D1 file (WAL: reading does not block
 * the build's writes), so the harness needs no endpoint of its own.
 */
import { SITEMAP_CURRENT_KEY, type SitemapSet } from "../../app/models/sitemap.server";
import { fetchOnFreshSocket } from "./import-export";
import { d1File } from "../local-database.mjs";
import { workerdRss, type RunningServer } from "./server";
import { query } from "./sqlite";

export type SitemapBuildResult =
  | { available: false; reason: string }
  | {
      available: true;
      seconds: number;
      files: number;
      businessFiles: number;
      urls: number;
      urlsPerSecond: number;
      peakRssBytes: number;
      idleRssBytes: number;
    };

function liveSet(dbFile: string): SitemapSet | null {
  const [row] = query<{ value: string }>(dbFile, `SELECT value FROM app_state WHERE key = '${SITEMAP_CURRENT_KEY}'`);
  return row ? (JSON.parse(row.value) as SitemapSet) : null;
}

/** Time from the admin's request to the new set going live (checked every 0.2 s). */
export async function timeSitemapRebuild(server: RunningServer, stateDir: string, cookie: string, timeoutMs: number): Promise<SitemapBuildResult> {
  const dbFile = d1File(stateDir);
  const before = liveSet(dbFile)?.generation ?? 0;
  const rootPid = server.child.pid!;
  const idleRssBytes = workerdRss(rootPid);
  let peakRssBytes = idleRssBytes;
  const started = performance.now();
  const response = await fetchOnFreshSocket(`${server.baseURL}/api/admin/sitemaps/rebuild`, { method: "POST", headers: { Cookie: cookie, Origin: server.baseURL } });
  await response.arrayBuffer();
  if (response.status === 404) return { available: false, reason: "POST /api/admin/sitemaps/rebuild answers 404" };
  if (!response.ok) throw new Error(`sitemap rebuild answered ${response.status}`);
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    peakRssBytes = Math.max(peakRssBytes, workerdRss(rootPid));
    const live = liveSet(dbFile);
    if (live && live.generation > before) {
      const seconds = (performance.now() - started) / 1000;
      return {
        available: true,
        seconds,
        files: live.fileCount,
        businessFiles: live.businessFileCount,
        urls: live.urlCount,
        urlsPerSecond: live.urlCount / seconds,
        peakRssBytes,
        idleRssBytes,
      };
    }
  }
  throw new Error(`the sitemap rebuild was not live after ${timeoutMs / 1000} s`);
}
