import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

// Business pages for data from around the world, as uploads without time_zone leave it.
const NINE_TO_FIVE = JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "9AM-5PM"])));

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, latitude, longitude, working_hours, place_id, time_zone)
     VALUES ('E2E Ginza Hotel', 'e2e-ginza-hotel-aaa111', 'Hotel', 'Hotel', 'hotel', '4-1 Ginza, Chuo City, Tokyo', 'Tokyo', 'tokyo', 'Japan', 'JP', 35.67, 139.77, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-ginza', NULL),
            ('E2E Lakeside Motel', 'e2e-lakeside-motel-bbb222', 'Motel', 'Motel', 'motel', '1 Lake Rd, Chicago, IL 60601', 'Chicago', 'chicago', 'United States', 'US', 41.88, -87.63, ${sqlString(NINE_TO_FIVE)}, 'e2e-place-lakeside', NULL);`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id IN ('e2e-place-ginza', 'e2e-place-lakeside');`);
});

describe("business page of a business without a time zone", () => {
  it("judges Open by its country's clock when the country keeps one time, and shows no badge when it keeps several", async () => {
    const page = await browser.newPage();
    // Wednesday 11:30 in Tokyo, 02:30 in UTC; 20:30 on Tuesday in Chicago.
    await page.clock.setFixedTime(new Date("2025-03-05T02:30:00Z"));
    await page.goto(inject("baseURL") + "/business/e2e-ginza-hotel-aaa111");
    await hydrated(page);
    expect(await page.getByTestId("open-status").textContent()).toBe("Open");
    expect(await page.locator('tr[data-today="true"] th').textContent()).toBe("Wednesday (Today)");

    await page.goto(inject("baseURL") + "/business/e2e-lakeside-motel-bbb222");
    await hydrated(page);
    expect(await page.getByTestId("open-status").count()).toBe(0);
    expect(await page.locator('tr[data-today="true"]').count()).toBe(0);
    // The hours themselves are still shown.
    expect(await page.locator("#hours-heading + table td").first().textContent()).toBe("9AM-5PM");
    await page.close();
  });
});
