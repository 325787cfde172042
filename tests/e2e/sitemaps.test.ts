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

/** Validates a written file; without the schemas only the crawl itself is checked. */
function expectValid(file: string, schema: string, label: string) {
  if (!VALIDATORS) return;
  const check = spawnSync("xmllint", ["--noout", "--schema", path.join(VALIDATORS, schema), file], { encoding: "utf8" });
  expect(check.status, `${label}: ${check.stderr}`).toBe(0);
}

describe("sitemaps built by the cron on the running Worker", () => {
  beforeAll(() => {
    const probe = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
    if (VALIDATORS && (probe.error || probe.status !== 0)) {
      throw new Error("xmllint is required to validate the sitemaps (Debian package libxml2-utils)");
    }
    rmSync(FILES_DIR, { recursive: true, force: true });
    mkdirSync(FILES_DIR, { recursive: true });
  });

  it("triggers the cron, then serves an index and files that validate against the sitemaps.org schemas", async () => {
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
    expectValid(indexFile, "siteindex.xsd", "sitemap.xml");

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
      expectValid(file, "sitemap.xsd", loc);
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
