import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

const HOURS_24 = JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"])));
const ABOUT = JSON.stringify({ Amenities: { "Free Wi-Fi": true, "Outdoor pool": true, "Fitness centre": true, Spa: false }, Accessibility: { "Wheelchair-accessible entrance": true } });
const AD1 = `<div id="e2e-ad1">Ad placeholder</div><script>window.__ad1Runs=(window.__ad1Runs||0)+1;document.getElementById("e2e-ad1").textContent="Ad script ran";</script>`;

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, street, city, city_slug, postal_code, country, country_code, phone, latitude, longitude, rating, reviews, working_hours, verified, about, place_id, time_zone)
     VALUES ('E2E Harbour Hotel', 'e2e-harbour-hotel-abc123', 'Hotel', 'Hotel', 'hotel', 'Limmatquai 1, 8001 Zürich, Switzerland', 'Limmatquai 1', 'Zürich', 'zurich', '8001', 'Switzerland', 'CH', '+41 44 123 45 67', 47.3717, 8.5423, 4.7, 1234, ${sqlString(HOURS_24)}, 1, ${sqlString(ABOUT)}, 'e2e-place-harbour', 'Europe/Zurich'),
            ('E2E Nowhere Cafe', 'e2e-nowhere-cafe-def456', 'Cafe', 'Cafe', 'cafe', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, 'Plain text about a small cafe.', 'e2e-place-nowhere', NULL);
     INSERT INTO ad_codes (slot, code) VALUES ('ad1', ${sqlString(AD1)}) ON CONFLICT (slot) DO UPDATE SET code = excluded.code;
     INSERT INTO site_settings (key, value) VALUES
       ('head_tags', '<meta name="e2e-head" content="1"><script>window.__headRuns=(window.__headRuns||0)+1</script>'),
       ('facebook_pixel', '<div id="e2e-body-start" hidden></div><script>window.__bodyStartRuns=(window.__bodyStartRuns||0)+1</script>'),
       ('footer_tags', '<script>window.__footerRuns=(window.__footerRuns||0)+1</script>')
     ON CONFLICT (key) DO UPDATE SET value = excluded.value;`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(
    inject("stateDir"),
    `DELETE FROM businesses WHERE place_id IN ('e2e-place-harbour', 'e2e-place-nowhere');
     DELETE FROM ad_codes WHERE slot = 'ad1';
     DELETE FROM site_settings WHERE key IN ('head_tags', 'facebook_pixel', 'footer_tags');`,
  );
});

type Counters = { __headRuns?: number; __bodyStartRuns?: number; __footerRuns?: number; __ad1Runs?: number };
const counters = () => {
  const w = window as unknown as Counters;
  return { head: w.__headRuns, bodyStart: w.__bodyStartRuns, footer: w.__footerRuns, ad1: w.__ad1Runs };
};

describe("business detail page", () => {
  it("shows hours with today highlighted, the Open badge, amenities, the map and ad1 with its script run", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe("E2E Harbour Hotel");
    expect(await page.getByTestId("open-status").textContent()).toBe("Open now");
    const today = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "Europe/Zurich" }).format(new Date());
    expect(await page.locator('tr[data-today="true"] th').textContent()).toBe(`${today} (Today)`);
    expect(await page.locator("#amenities-heading + ul li").count()).toBe(4);
    // The map (and maplibre's script and stylesheet) loads only once it comes near the screen.
    await page.getByTestId("business-map").scrollIntoViewIfNeeded();
    await page.locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    expect(await page.locator('link[data-maplibre-styles]').count()).toBe(1);
    expect(await page.getByTestId("business-map").innerText()).not.toContain("needs JavaScript");
    expect(await page.locator("#e2e-ad1").textContent()).toBe("Ad script ran");
    expect(await page.evaluate(counters)).toEqual({ head: 1, bodyStart: 1, footer: 1, ad1: 1 });
    expect(await page.getByRole("link", { name: "Call Now" }).getAttribute("href")).toBe("tel:+41441234567");
    const directions = page.getByRole("link", { name: "Get Directions" });
    expect(await directions.getAttribute("href")).toBe("https://www.google.com/maps/place/?q=place_id:e2e-place-harbour");
    expect(await directions.getAttribute("target")).toBe("_blank");
    // A screen reader is told it opens a new tab, as the eye sees the browser do.
    expect(await directions.evaluate((link) => link.textContent)).toBe("Get Directions (opens in a new tab)");
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    await screenshot(page, "public-business");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });

  it("copies the URL with Share and shows Copied! for 2 seconds", async () => {
    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    await hydrated(page);
    await page.getByRole("button", { name: "Share" }).click();
    // Timed inside the page: from "Copied!" appearing to "Share" coming back.
    const shownMs = await page.evaluate(async () => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Copied!" || b.textContent === "Share")!;
      const until = (text: string) =>
        new Promise<number>((resolve) => {
          const check = () => (button.textContent === text ? resolve(performance.now()) : setTimeout(check, 20));
          check();
        });
      const shown = await until("Copied!");
      return (await until("Share")) - shown;
    });
    expect(shownMs).toBeGreaterThan(1700);
    expect(shownMs).toBeLessThan(2600);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    await context.close();
  });

  it("says the link could not be copied, and shows it, when the clipboard refuses (no Copied!)", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) } });
    });
    await page.goto(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    await hydrated(page);
    await page.getByRole("button", { name: "Share" }).click();
    const notice = page.getByTestId("toast-region").filter({ hasText: "Could not copy the link" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Copy it by hand: ${inject("baseURL")}/business/e2e-harbour-hotel-abc123`);
    expect(await page.getByRole("button", { name: "Copied!" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Share" }).count()).toBe(1);
    await page.close();
  });

  it("loads the map only when a visitor on a small screen scrolls down to it", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 640 } });
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (/maplibre/.test(request.url())) mapRequests.push(request.url());
    });
    await page.goto(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(mapRequests).toEqual([]);
    await page.getByTestId("business-map").scrollIntoViewIfNeeded();
    await page.locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    expect(mapRequests.some((url) => url.endsWith(".css"))).toBe(true);
    await page.close();
  });

  it("says the map needs JavaScript, links to the location on Google Maps and offers no dead Share button when scripts are off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/business/e2e-harbour-hotel-abc123");
    // Playwright's text and role locators skip <noscript>, so the box is read as a visitor sees it.
    const map = page.getByTestId("business-map");
    expect(await map.innerText()).toMatch(/^The map needs JavaScript\.\s+View 47\.3717, 8\.5423 on Google Maps\s*\(opens in a new tab\)$/);
    const link = map.locator("a");
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute("href")).toBe("https://www.google.com/maps/search/?api=1&query=47.3717%2C%208.5423");
    // Share needs the script to copy: no button that does nothing; Get Directions is a plain link.
    expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Get Directions" }).count()).toBe(1);
    await screenshot(page, "public-business-no-js");
    await context.close();
  });

  it("says 'Location not available' and hides Call Now for a business without coordinates or phone", async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(inject("baseURL") + "/business/e2e-nowhere-cafe-def456");
    await hydrated(page);
    await page.getByText("Location not available").waitFor();
    // Without address, city or country, both fallbacks show, apart.
    expect(await page.locator("main").innerText()).toContain("Address not available · Location not specified");
    expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Call Now" }).count()).toBe(0);
    expect(await page.getByText("Plain text about a small cafe.").count()).toBe(1);
    await page.close();
  });

  it("runs the site code exactly once and runs ad scripts again after a client-side navigation", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(inject("baseURL") + "/search?q=harbour");
    await hydrated(page);
    expect(await page.locator('head meta[name="e2e-head"]').count()).toBe(1);
    expect(await page.evaluate(counters)).toEqual({ head: 1, bodyStart: 1, footer: 1, ad1: undefined });
    await page.getByRole("link", { name: "E2E Harbour Hotel", exact: true }).click();
    await page.waitForURL("**/business/e2e-harbour-hotel-abc123");
    await page.locator("#e2e-ad1", { hasText: "Ad script ran" }).waitFor();
    expect(await page.evaluate(counters)).toEqual({ head: 1, bodyStart: 1, footer: 1, ad1: 1 });
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    await page.close();
  });

  it("answers an unknown business with the Business Not Found page (404) and its search form", async () => {
    const page = await browser.newPage();
    const response = await page.goto(inject("baseURL") + "/business/no-such-hotel-zzzzzz");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.locator("h1", { hasText: "Business Not Found" }).waitFor();
    await screenshot(page, "public-business-not-found");
    const search = page.getByRole("button", { name: "Search" });
    expect(await search.isDisabled()).toBe(true);
    await page.getByPlaceholder("Where? (city, country)").fill("Zürich");
    expect(await search.isDisabled()).toBe(true);
    await page.getByPlaceholder("What are you looking for? (e.g., restaurant, plumber)").fill(" harbour ");
    await search.click();
    await page.waitForURL("**/search?q=harbour&location=Z%C3%BCrich");
    await page.getByRole("link", { name: "E2E Harbour Hotel", exact: true }).waitFor();
    await page.close();
  });
});
