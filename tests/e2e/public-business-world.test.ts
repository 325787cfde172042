import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

// Business pages for data from around the world, as uploads without time_zone leave it.
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const NINE_TO_FIVE = JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, "9AM-5PM"])));
const ARABIC_HOURS = JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, "8 ص–11 م"])));
const ARABIC_ADDRESS = "1113 كورنيش النيل، جاردن سيتي، قصر النيل، محافظة القاهرة 11519، جمهورية مصر العربية";

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, latitude, longitude, working_hours, place_id, time_zone)
     VALUES ('E2E Ginza Hotel', 'e2e-ginza-hotel-aaa111', 'Hotel', 'Hotel', 'hotel', '4-1 Ginza, Chuo City, Tokyo', 'Tokyo', 'tokyo', 'Japan', 'JP', 35.67, 139.77, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-ginza', NULL),
            ('E2E Lakeside Motel', 'e2e-lakeside-motel-bbb222', 'Motel', 'Motel', 'motel', '1 Lake Rd, Chicago, IL 60601', 'Chicago', 'chicago', 'United States', 'US', 41.88, -87.63, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-lakeside', NULL),
            ('E2E Prairie Inn', 'e2e-prairie-inn-eee555', 'Motel', 'Motel', 'motel', '2 Main St, Springfield', 'Springfield', 'springfield', 'United States', 'US', NULL, NULL, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-prairie', NULL),
            ('فندق النيل الكبير', 'e2e-nile-ccc333', 'فندق', 'فندق', 'hotel', ${sqlString(ARABIC_ADDRESS)}, 'القاهرة', 'e2e-cairo', 'مصر', 'EG', 30.04, 31.23, ${sqlString(ARABIC_HOURS)}, 'e2e-place-nile', 'Africa/Cairo'),
            ('מלון הים', 'e2e-hayam-ddd444', 'Hotel', 'Hotel', 'hotel', 'הירקון 1, תל אביב-יפו', 'תל אביב-יפו', 'e2e-tel-aviv', 'ישראל', 'IL', 32.08, 34.77, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-hayam', 'Asia/Jerusalem');`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id IN ('e2e-place-ginza', 'e2e-place-lakeside', 'e2e-place-prairie', 'e2e-place-nile', 'e2e-place-hayam');`);
});

describe("business page of a business without a time zone", () => {
  it("judges Open by its country's clock when the country keeps one time, else by its coordinates' clock, and shows no badge without either", async () => {
    const page = await browser.newPage();
    // Wednesday 11:30 in Tokyo, 02:30 in UTC; 20:30 on Tuesday in Chicago.
    await page.clock.setFixedTime(new Date("2025-03-05T02:30:00Z"));
    await page.goto(inject("baseURL") + "/business/e2e-ginza-hotel-aaa111");
    await hydrated(page);
    expect(await page.getByTestId("open-status").textContent()).toBe("Open now");
    expect(await page.locator('tr[data-today="true"] th').textContent()).toBe("Wednesday (Today)");

    // Chicago, by its coordinates: Tuesday evening, closed.
    await page.goto(inject("baseURL") + "/business/e2e-lakeside-motel-bbb222");
    await hydrated(page);
    expect(await page.getByTestId("open-status").textContent()).toBe("Closed now");
    expect(await page.locator('tr[data-today="true"] th').textContent()).toBe("Tuesday (Today)");

    // Somewhere in the United States, no coordinates: no clock to read.
    await page.goto(inject("baseURL") + "/business/e2e-prairie-inn-eee555");
    await hydrated(page);
    expect(await page.getByTestId("open-status").count()).toBe(0);
    expect(await page.locator('tr[data-today="true"]').count()).toBe(0);
    // The hours themselves are still shown.
    expect(await page.locator("#hours-heading + table td").first().textContent()).toBe("9:00 AM \u2013 5:00 PM");
    await page.close();
  });
});

describe("right-to-left listings on the left-to-right site", () => {
  it("keeps the address before its city and country, reads Arabic hours right to left, and cuts a card's Arabic address at its end", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/business/e2e-hayam-ddd444");
    // Both Hebrew, parted only by " · ": unisolated, the city link came before the address.
    const cityLink = page.getByRole("link", { name: "תל אביב-יפו" });
    const [addressRight, cityLeft] = await page.locator("p", { has: cityLink }).evaluate((line) => {
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent?.startsWith("הירקון 1")) node = walker.nextNode();
      const address = document.createRange();
      address.selectNodeContents(node!);
      return [address.getBoundingClientRect().right, line.querySelector("a")!.getBoundingClientRect().left];
    });
    expect(addressRight).toBeLessThan(cityLeft!);
    await screenshot(page, "business-hebrew");

    await page.goto(inject("baseURL") + "/business/e2e-nile-ccc333");
    await hydrated(page);
    const hours = page.locator("#hours-heading + table td").first();
    expect(await hours.evaluate((td) => getComputedStyle(td).direction)).toBe("rtl");
    await screenshot(page, "business-arabic");

    await page.goto(inject("baseURL") + "/cities/eg/e2e-cairo");
    const card = page.locator("article", { hasText: "فندق النيل الكبير" });
    const place = card.locator("p.truncate");
    // Cut, and the part shown is the address's start (at the right in Arabic).
    expect(await place.evaluate((p) => [getComputedStyle(p).direction, p.scrollWidth > p.clientWidth])).toEqual(["rtl", true]);
    await screenshot(page, "city-arabic-cards");
    await page.close();
  });
});
