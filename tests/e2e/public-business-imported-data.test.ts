import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

// Awkward names an import keeps as they are: one 200-letter word, names and categories that
// start with a character outside the Basic Multilingual Plane (two UTF-16 units).
const LONG_NAME = "Grandhotelzumgoldenensternundmond".repeat(7).slice(0, 200);
const LONG_CATEGORY = "Aussichtsturmbesichtigungsveranstaltung";
const SUSHI_NAME = "🍣🍣🍣 Sushi Bar";
const YOSHINOYA_CATEGORY = "𠮷野家 Beef Bowls";

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, phone, rating, reviews, place_id)
     VALUES (${sqlString(LONG_NAME)}, 'e2e-long-name-aaa111', ${sqlString(LONG_CATEGORY)}, ${sqlString(LONG_CATEGORY)}, 'aussichtsturmbesichtigungsveranstaltung',
             'Seestrasse 1, 8002 Zürich, Switzerland', 'Zürich', 'zurich', 'Switzerland', 'CH', '+41 44 000 00 00', 4.2, 12, 'e2e-place-long'),
            (${sqlString(SUSHI_NAME)}, 'e2e-sushi-bbb222', ${sqlString(YOSHINOYA_CATEGORY)}, ${sqlString(YOSHINOYA_CATEGORY)}, 'e2e-yoshinoya-beef-bowls',
             'Ginza 1, Tokyo, Japan', 'Tokyo', 'tokyo', 'Japan', 'JP', NULL, 4.0, 3, 'e2e-place-sushi');`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id IN ('e2e-place-long', 'e2e-place-sushi');`);
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("business pages with awkward imported data", () => {
  it("wraps a name or category that is one long word: no page showing it scrolls sideways on a 360px phone", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(inject("baseURL") + "/business/e2e-long-name-aaa111");
    await hydrated(page);
    // The whole name stays readable on its own page, wrapped rather than cut off by its card.
    expect(await page.locator("h1").textContent()).toBe(LONG_NAME);
    expect(await page.locator("h1").evaluate((h1) => h1.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    await screenshot(page, "public-business-long-name");
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    for (const path of ["/categories/aussichtsturmbesichtigungsveranstaltung", "/cities/ch/zurich", "/categories?q=aussichtsturm"]) {
      await page.goto(inject("baseURL") + path);
      await hydrated(page);
      expect(await pageWidth(page), path).toBeLessThanOrEqual(360);
    }
    await page.close();
  });

  it("hydrates without errors a business whose name starts with an emoji, its initial whole", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(inject("baseURL") + "/business/e2e-sushi-bbb222");
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe(SUSHI_NAME);
    // The photo placeholder shows the first character, not half of it.
    expect(await page.getByText("🍣", { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("hydrates without errors a category list whose category starts with an astral CJK character", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(inject("baseURL") + "/categories?q=" + encodeURIComponent("Beef Bowls"));
    await hydrated(page);
    await page.getByRole("link", { name: YOSHINOYA_CATEGORY }).waitFor();
    expect(await page.getByText("𠮷", { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
