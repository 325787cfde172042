/**
 * The sitemap rebuild, driven by the queue (docs/decisions/050-sitemaps-in-generations.md).
 *
 * `rebuildSitemaps` (cron, import, bulk delete, fix slugs) starts a build or, if one runs,
 * coalesces into it. Each `sitemaps.build` step writes up to `filesPerStep` business files
 * (9,000 approved businesses each, keyset on id) under the build's generation prefix in R2 and
 * queues the next step; the last step writes main/categories/countries/cities and the index,
 * then switches the live pointer and deletes older generations.
 */
import {
  BUSINESSES_PER_SITEMAP,
  MAIN_SITEMAP_PATHS,
  MAX_URLS_PER_SITEMAP,
  businessPath,
  businessSitemapFile,
  categoryPath,
  cityPath,
  countryPath,
  fitsSitemapLoc,
  listSitemapFile,
  mainSitemapXml,
  siteLink,
  sitemapFileLastmod,
  sitemapIndexXml,
  urlsetXml,
  type ListSitemap,
  type SitemapEntry,
} from "~/lib/directory/sitemap-xml";
import {
  SITEMAP_BUILD_STALE_MS,
  advanceSitemapBuild,
  beginSitemapBuild,
  readSitemapState,
  recordSitemapRequest,
  sitemapBusinessSlice,
  sitemapCategorySlugs,
  sitemapCities,
  sitemapCountryCodes,
  sitemapObjectKey,
  switchSitemapSet,
  type SitemapBuild,
  type SitemapBuildParams,
  type SitemapFileInfo,
  type SitemapSet,
} from "~/models/sitemap.server";
import { queueSitemapRebuild, type QueueMessage } from "~/models/queue-messages.server";

export const DEFAULT_SITEMAP_PARAMS: SitemapBuildParams = {
  businessesPerFile: BUSINESSES_PER_SITEMAP,
  urlsPerFile: MAX_URLS_PER_SITEMAP,
  // 8 × 9,000 rows per invocation: a few MB of XML and well under a second of CPU.
  filesPerStep: 8,
};

/** Rows read per query while writing list sitemaps (keeps each D1 answer small). */
const LIST_READ_CHUNK = 5000;

type SitemapEnv = Pick<Env, "DB" | "BUCKET" | "WORK_QUEUE" | "SITE_URL">;
type BuildStep = Extract<QueueMessage, { kind: "sitemaps.build" }>;

/** Handles a `sitemaps.rebuild` request: starts a build, or coalesces into the running one. */
export async function rebuildSitemaps(env: SitemapEnv, reason: string, params: SitemapBuildParams = DEFAULT_SITEMAP_PARAMS): Promise<void> {
  const requestsSeen = await recordSitemapRequest(env.DB);
  const now = Date.now();
  const build = await beginSitemapBuild(
    env.DB,
    { reason, requestsSeen, startedAt: now, heartbeatAt: now, params, advancedFrom: null, nextPage: 1, afterId: 0, newest: 0, businessFiles: [] },
    now - SITEMAP_BUILD_STALE_MS,
  );
  if (!build) return;
  // The first step runs as its own message so that a failure is retried from its cursor.
  await sendStep(env, build.generation, 1);
}

async function sendStep(env: SitemapEnv, generation: number, page: number): Promise<void> {
  await env.WORK_QUEUE.send({ kind: "sitemaps.build", generation, page } satisfies QueueMessage);
}

/**
 * One bounded step of a build. Safe to redeliver: a step that is no longer the build's next one
 * does nothing — except the retry (`attempt` > 1) of the step that advanced the build, whose
 * failure may have been the send of the next step: it sends it again.
 */
export async function runSitemapBuildStep(env: SitemapEnv, step: BuildStep, attempt = 1): Promise<void> {
  const { build, current } = await readSitemapState(env.DB);
  if (!build || build.generation !== step.generation) return;
  if (build.nextPage !== step.page) {
    if (attempt > 1 && build.advancedFrom === step.page) await sendStep(env, build.generation, build.nextPage);
    return;
  }
  const live = liveFiles(current);

  const { params } = build;
  const businessFiles = [...build.businessFiles];
  let { afterId, newest } = build;
  let page = step.page;
  let finished = false;
  for (let written = 0; written < params.filesPerStep; written++) {
    const rows = await sitemapBusinessSlice(env.DB, afterId, params.businessesPerFile);
    if (rows.length === 0) {
      finished = true;
      break;
    }
    const rowsNewest = Math.max(...rows.map((row) => row.updated_at));
    const xml = urlsetXml(rows.map((row) => ({ loc: siteLink(env.SITE_URL, businessPath(row.slug)), lastmod: row.updated_at })));
    businessFiles.push(await writeFile(env, build.generation, live, businessSitemapFile(page), xml, rows.length, rowsNewest));
    afterId = rows[rows.length - 1]!.id;
    newest = Math.max(newest, rowsNewest);
    page += 1;
    if (rows.length < params.businessesPerFile) {
      finished = true;
      break;
    }
  }

  const next: SitemapBuild = { ...build, heartbeatAt: Date.now(), advancedFrom: step.page, nextPage: page, afterId, newest, businessFiles };
  if (!finished) {
    if (await advanceSitemapBuild(env.DB, step.page, next)) await sendStep(env, build.generation, page);
    return;
  }
  await finishBuild(env, step.page, next, live);
}

async function finishBuild(env: SitemapEnv, fromPage: number, build: SitemapBuild, live: LiveFiles): Promise<void> {
  const { generation, newest } = build;
  const listFiles: SitemapFileInfo[] = [
    await writeFile(env, generation, live, "main.xml", mainSitemapXml(env.SITE_URL, newest || null), MAIN_SITEMAP_PATHS.length, newest || null),
  ];

  listFiles.push(
    ...(await writeListSitemap(env, build, live, "categories", async function* () {
      for (let after = ""; ; ) {
        const slugs = await sitemapCategorySlugs(env.DB, after, LIST_READ_CHUNK);
        yield slugs.map((slug) => categoryPath(slug));
        if (slugs.length < LIST_READ_CHUNK) return;
        after = slugs[slugs.length - 1]!;
      }
    })),
    ...(await writeListSitemap(env, build, live, "countries", async function* () {
      for (let after = ""; ; ) {
        const codes = await sitemapCountryCodes(env.DB, after, LIST_READ_CHUNK);
        yield codes.map((code) => countryPath(code));
        if (codes.length < LIST_READ_CHUNK) return;
        after = codes[codes.length - 1]!;
      }
    })),
    ...(await writeListSitemap(env, build, live, "cities", async function* () {
      for (let after = { country_code: "", slug: "" }; ; ) {
        const cities = await sitemapCities(env.DB, after, LIST_READ_CHUNK);
        yield cities.map((city) => cityPath(city.country_code, city.slug));
        if (cities.length < LIST_READ_CHUNK) return;
        after = cities[cities.length - 1]!;
      }
    })),
  );

  const files = [...listFiles, ...build.businessFiles];
  await putXml(
    env,
    generation,
    "sitemap.xml",
    sitemapIndexXml(files.map((info) => ({ loc: siteLink(env.SITE_URL, `/sitemaps/${info.file}`), lastmod: info.lastmod }))),
  );

  const switched = await switchSitemapSet(env.DB, fromPage, {
    generation,
    builtAt: Date.now(),
    fileCount: files.length,
    urlCount: files.reduce((sum, info) => sum + info.urls, 0),
    businessFileCount: build.businessFiles.length,
    files,
  });
  if (!switched) return;

  await deleteOlderGenerations(env.BUCKET, generation);
  // A change that asked for a rebuild while this one ran may not be in it: build once more.
  const { requests } = await readSitemapState(env.DB);
  if (requests > build.requestsSeen) await queueSitemapRebuild(env, "requested during the previous build");
}

/**
 * Writes one list sitemap from pages of paths, split into `name.xml`, `name-2.xml`, … at
 * `urlsPerFile` URLs (sitemaps.org's 50,000). Always writes the first file.
 */
async function writeListSitemap(
  env: SitemapEnv,
  build: SitemapBuild,
  live: LiveFiles,
  list: ListSitemap,
  pages: () => AsyncGenerator<string[]>,
): Promise<SitemapFileInfo[]> {
  const files: SitemapFileInfo[] = [];
  let pending: SitemapEntry[] = [];
  const flush = async () => {
    files.push(await writeFile(env, build.generation, live, listSitemapFile(list, files.length), urlsetXml(pending), pending.length, build.newest || null));
    pending = [];
  };
  for await (const paths of pages()) {
    for (const path of paths) {
      const loc = siteLink(env.SITE_URL, path);
      if (!fitsSitemapLoc(loc)) continue;
      pending.push({ loc });
      if (pending.length === build.params.urlsPerFile) await flush();
    }
  }
  if (files.length === 0 && pending.length === 0) {
    // A urlset needs at least one URL: an empty list names its directory page instead, so the
    // file stays valid and the panel's link keeps working.
    pending.push({ loc: siteLink(env.SITE_URL, `/${list}`) });
  }
  if (pending.length > 0) await flush();
  return files;
}

/** Stores one file of a generation; answers R2's etag for it (the MD5 of its bytes, for a single put). */
async function putXml(env: SitemapEnv, generation: number, file: string, xml: string): Promise<string> {
  const stored = await env.BUCKET.put(sitemapObjectKey(generation, file), xml, {
    httpMetadata: { contentType: "application/xml; charset=utf-8" },
  });
  return stored!.etag;
}

/** The live set's files by name: what each file of a build is compared with. */
type LiveFiles = Map<string, SitemapFileInfo>;

function liveFiles(current: SitemapSet | null): LiveFiles {
  return new Map((current?.files ?? []).map((info) => [info.file, info]));
}

/**
 * Writes one file of the build and says what the index lists for it: its lastmod is its newest
 * row's time (`newest`), or the time of this write when it changed without a newer row
 * (sitemapFileLastmod). R2's etag is the digest: it only tells a file from its last copy.
 */
async function writeFile(env: SitemapEnv, generation: number, live: LiveFiles, file: string, xml: string, urls: number, newest: number | null): Promise<SitemapFileInfo> {
  const digest = await putXml(env, generation, file, xml);
  const before = live.size === 0 ? undefined : (live.get(file) ?? null);
  return { file, urls, lastmod: sitemapFileLastmod(before, digest, newest, Math.floor(Date.now() / 1000)), digest };
}

/** Removes every generation older than the live one (the previous set and any abandoned build). */
async function deleteOlderGenerations(bucket: R2Bucket, live: number): Promise<void> {
  const { delimitedPrefixes } = await bucket.list({ prefix: "sitemaps/", delimiter: "/" });
  for (const prefix of delimitedPrefixes) {
    const generation = Number(/^sitemaps\/gen-(\d+)\/$/.exec(prefix)?.[1]);
    if (!(generation < live)) continue;
    // Deleting what was listed and listing again: no cursor over a shrinking listing.
    for (;;) {
      const { objects } = await bucket.list({ prefix, limit: 1000 });
      if (objects.length === 0) break;
      await bucket.delete(objects.map((object) => object.key));
    }
  }
}
