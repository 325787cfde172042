import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, screenshot } from "./support/browser";
import { OUTPUT_DIR } from "./support/server";
import { signedInContext } from "./support/admin-session";
import { sharedMaterial } from "../support/shared-material";

// The official sitemaps.org schemas, kept next to the project when it has them.
const VALIDATORS = sharedMaterial("validators", "the built sitemaps checked against the sitemaps.org schemas");
const FILES_DIR = path.join(OUTPUT_DIR, "sitemaps");

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** W3C Datetime as sitemaps take it: a date, or a date and time with its zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * What the sitemaps protocol asks of a file, checked whether or not the official schemas are at
 * hand: well-formed XML, the root and namespace, a `loc` in each entry (absolute, on this site,
 * at most 2,048 characters, its & escaped), a valid `lastmod` where there is one, at most 50,000
 * entries and 50 MB. With the schemas, xmllint checks the file against them as well.
 */
function expectValid(file: string, xml: string, schema: "siteindex.xsd" | "sitemap.xsd", label: string, site: string) {
  const wellFormed = spawnSync("xmllint", ["--noout", file], { encoding: "utf8" });
  expect(wellFormed.status, `${label}: ${wellFormed.stderr}`).toBe(0);
  const [root, entry] = schema === "siteindex.xsd" ? ["sitemapindex", "sitemap"] : ["urlset", "url"];
  expect(xml, label).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?>\\s*<${root} xmlns="${SITEMAP_NAMESPACE.replace(/[./]/g, "\\$&")}"`));
  const entries = [...xml.matchAll(new RegExp(`<${entry}>([\\s\\S]*?)</${entry}>`, "g"))].map((match) => match[1]!);
  expect(entries.length, label).toBeGreaterThan(0);
  expect(entries.length, label).toBeLessThanOrEqual(50_000);
  expect(Buffer.byteLength(xml), label).toBeLessThanOrEqual(50 * 1024 * 1024);
  for (const body of entries) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(body)?.[1];
    expect(loc, `${label}: an entry without loc`).toBeDefined();
    expect(loc!.length, `${label}: ${loc}`).toBeLessThanOrEqual(2048);
    expect(loc!.startsWith(site), `${label}: ${loc} is not on ${site}`).toBe(true);
    expect(/&(?!amp;|lt;|gt;|quot;|apos;)/.test(loc!), `${label}: ${loc} has an unescaped &`).toBe(false);
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1];
    if (schema === "siteindex.xsd") expect(lastmod, `${label}: ${loc} without lastmod`).toBeDefined();
    if (lastmod !== undefined) expect(lastmod, `${label}: ${loc}`).toMatch(W3C_DATETIME);
  }
  if (!VALIDATORS) return;
  const check = spawnSync("xmllint", ["--noout", "--schema", path.join(VALIDATORS, schema), file], { encoding: "utf8" });
  expect(check.status, `${label}: ${check.stderr}`).toBe(0);
}

describe("sitemaps built by the cron on the running Worker", () => {
  beforeAll(() => {
    const probe = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
    if (probe.error || probe.status !== 0) {
      throw new Error("xmllint is required to check the sitemaps (Debian package libxml2-utils)");
    }
    rmSync(FILES_DIR, { recursive: true, force: true });
    mkdirSync(FILES_DIR, { recursive: true });
  });

  it("triggers the cron, then serves an index and files that keep the sitemaps protocol (and its schemas, when at hand)", async () => {
    const baseURL = inject("baseURL");
    const cron = await fetch(`${baseURL}/__scheduled?cron=0+*/6+*+*+*`);
    expect(cron.ok).toBe(true);

    // The cron queues the rebuild; the queue consumer builds it in steps.
    let index = "";
    const deadline = Date.now() + 45_000;
    while (!index.includes("/sitemaps/businesses/page-1.xml")) {
      if (Date.now() > deadline) throw new Error(`no business sitemap listed in time:\n${index}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const response = await fetch(`${baseURL}/sitemap.xml`);
      expect(response.headers.get("content-type")).toContain("application/xml");
      index = await response.text();
    }

    const indexFile = path.join(FILES_DIR, "sitemap.xml");
    writeFileSync(indexFile, index);
    expectValid(indexFile, index, "siteindex.xsd", "sitemap.xml", baseURL);

    const files = locs(index);
    expect(files.slice(0, 4)).toEqual(["main", "categories", "countries", "cities"].map((name) => `${baseURL}/sitemaps/${name}.xml`));
    let businessUrls = 0;
    for (const loc of files) {
      const response = await fetch(loc);
      expect(response.status, loc).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/xml");
      const xml = await response.text();
      const file = path.join(FILES_DIR, new URL(loc).pathname.replace(/^\/sitemaps\//, "").replace(/\//g, "_"));
      writeFileSync(file, xml);
      expectValid(file, xml, "sitemap.xsd", loc, baseURL);
      if (loc.includes("/sitemaps/businesses/")) businessUrls += locs(xml).length;
    }
    // The harness seeds 400 demo businesses; other test files may add some.
    expect(businessUrls).toBeGreaterThanOrEqual(300);

    // robots.txt points crawlers at the same index.
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  describe("the admin sitemap panel", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });


    it("copies a link with a toast, shows the real counts and queues a rebuild", async () => {
      const baseURL = inject("baseURL");
      const context = await signedInContext(browser, baseURL, { permissions: ["clipboard-read", "clipboard-write"] });
      const page = await context.newPage();
      await page.goto(`${baseURL}/admin/settings`);
      await page.getByRole("heading", { name: "Site Haritası Yönetimi" }).waitFor();
      await hydrated(page);

      // The cron test above built a set: real figures, not the spec's fixed ones.
      const fileCount = await page.locator("dt", { hasText: "Dosya sayısı" }).locator("xpath=following-sibling::dd").textContent();
      expect(Number(fileCount)).toBeGreaterThanOrEqual(5);

      const link = `${baseURL}/sitemaps/businesses/page-1.xml`;
      await page.getByRole("button", { name: `Kopyala: ${link}` }).click();
      await page.getByText("Kopyalandı").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await screenshot(page, "admin-sitemap-panel-copied");

      await page.getByRole("button", { name: "Şimdi yeniden oluştur" }).click();
      await page.getByText("Site haritası yeniden oluşturma sıraya alındı").waitFor();
      await screenshot(page, "admin-sitemap-panel-rebuild");
      await context.close();
    });
  });
});
