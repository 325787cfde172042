import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

// Awkward names an import keeps as they are: names and categories that start with a character
// outside the Basic Multilingual Plane (two UTF-16 units).
const SUSHI_NAME = "🍣🍣🍣 Sushi Bar";
const YOSHINOYA_CATEGORY = "𠮷野家 Beef Bowls";

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, phone, rating, reviews, place_id)
     VALUES (${sqlString(SUSHI_NAME)}, 'e2e-sushi-bbb222', ${sqlString(YOSHINOYA_CATEGORY)}, ${sqlString(YOSHINOYA_CATEGORY)}, 'e2e-yoshinoya-beef-bowls',
             'Ginza 1, Tokyo, Japan', 'Tokyo', 'tokyo', 'Japan', 'JP', NULL, 4.0, 3, 'e2e-place-sushi');`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id = 'e2e-place-sushi';`);
});

describe("business pages with awkward imported data", () => {
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
