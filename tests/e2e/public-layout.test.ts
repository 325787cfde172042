import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { isLodgingCategory } from "../../app/lib/business/lodging";
import { slugify } from "../../app/lib/business/slug";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

// The Zürich restaurant hours, as the export writes them.
const RAW_HOURS = JSON.stringify({
  Monday: "Closed",
  Tuesday: "11:45am-2pm,6-11:45pm",
  Wednesday: "11:45am-2pm,6-11:45pm",
  Thursday: "11:45am-2pm,6-11:45pm",
  Friday: "5PM-2AM",
  Saturday: "4-11pm",
  Sunday: "Open 24 hours",
});

let browser: Browser;
/** Paths of the seeded directory's screens, found by following the site's own links. */
const paths: Record<string, string> = {};

async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(inject("baseURL") + path);
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no link ${selector} on ${path}`);
  return href;
}

beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, rating, reviews, working_hours, place_id, time_zone)
     VALUES ('E2E Kronenhalle', 'e2e-kronenhalle-hrs111', 'Restaurant', 'Restaurant', 'restaurant', 'Rämistrasse 4, 8001 Zürich', 'Zürich', 'zurich', 'Switzerland', 'CH', 4.5, 900, ${sqlString(RAW_HOURS)}, 'e2e-place-hours', 'Europe/Zurich');`,
  );
  browser = await launchBrowser();
  const page = await browser.newPage();
  paths.business = await firstHref(page, "/", '[data-testid="featured-list"] article h3 a');
  paths.category = await firstHref(page, "/", 'section[aria-labelledby="categories-heading"] ul a');
  paths.city = await firstHref(page, "/", 'section[aria-labelledby="cities-heading"] ul a');
  paths.cityCategory = await firstHref(page, paths.city, '#top-categories ~ ul a, aside[aria-labelledby="top-categories"] ul a');
  paths.country = await firstHref(page, "/countries", 'main a[href^="/countries/"]');
  await page.close();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id = 'e2e-place-hours';`);
});

/** Each screen, and for a directory list the words it shows above its entries. */
const SCREENS: [name: string, path: () => string, heading?: string][] = [
  ["home", () => "/"],
  ["businesses", () => "/businesses?page=2", "All Businesses"],
  ["categories", () => "/categories", "Business Categories"],
  ["categories-letter", () => "/categories/h", "Keywords beginning with H"],
  ["category", () => paths.category!, "Top Countries"],
  ["countries", () => "/countries", "Global Business Directory"],
  ["country", () => paths.country!, "Top Cities"],
  ["country-cities", () => `${paths.country!}/cities`, "Cities in"],
  ["cities", () => "/cities", "Cities Directory"],
  ["cities-letter", () => "/cities/s", "Cities beginning with S"],
  ["city", () => paths.city!, "Top Categories"],
  ["city-category", () => paths.cityCategory!],
  ["search", () => "/search?q=hotel"],
  ["business", () => paths.business!],
  ["not-found", () => "/no-such-page"],
  ["business-not-found", () => "/business/no-such-business-zz"],
  ["contact", () => "/contact"],
  ["privacy-policy", () => "/privacy-policy"],
];

/** Relative luminance of the page's background, read as sRGB through a canvas (Tailwind's colours are oklch()). */
function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].slice(0, 3).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

describe("every public screen at 390 and 1366 px, light and dark", () => {
  it.each(SCREENS)("%s: nothing wider than the window, one header line on a phone, axe clean in both schemes", async (name, path, heading) => {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      // One load per width; the scheme is switched on the loaded page, as a visitor's system setting would.
      const response = await page.goto(inject("baseURL") + path());
      await hydrated(page);
      if (heading) {
        // A directory list with data: its heading and its entries.
        expect(response?.status(), name).toBe(200);
        expect(await page.getByText(heading).first().isVisible(), name).toBe(true);
        expect(await page.locator("main li").count(), name).toBeGreaterThan(0);
      }
      expect(await page.evaluate(() => document.documentElement.lang), name).toBe("en");
      expect(await page.locator("main").count(), name).toBe(1);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        // Links and cards fade to the new scheme's colours (transition-colors): judged once there.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
        const where = `${name} at ${width} px, ${colorScheme}`;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, where).toBeLessThanOrEqual(0);

        // One top bar, on one line: the brand and the Menu button (or the links) share a row.
        const siteHeader = page.locator("body header").first();
        expect(await page.getByRole("navigation", { name: "Main" }).count(), where).toBe(1);
        expect(await page.locator("body nav[aria-label='Home']").count(), where).toBe(0);
        const brand = (await siteHeader.locator("nav > a").first().boundingBox())!;
        const header = (await siteHeader.boundingBox())!;
        expect(header.height, where).toBeLessThan(brand.height + 40);
        if (width === 390) {
          const toggle = (await page.getByRole("button", { name: "Menu" }).boundingBox())!;
          expect(Math.abs(toggle.y + toggle.height / 2 - (brand.y + brand.height / 2)), where).toBeLessThan(4);
        }

        const background = await bodyLuminance(page);
        if (colorScheme === "dark") expect(background, where).toBeLessThan(0.05);
        else expect(background, where).toBeGreaterThan(0.9);

        await screenshot(page, `layout-${name}-${width}-${colorScheme}`);
        // The page is checked whole once; the other scheme changes only its colours.
        expect((await axeViolations(page, { colours: colorScheme === "dark" })).join("\n"), where).toBe("");
      }
      await context.close();
    }
  });
});

describe("what the issue saw", () => {
  it("shows the home page's search placeholder whole on a phone", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(inject("baseURL") + "/");
    const fits = await page.locator("#hero-search").evaluate((input: HTMLInputElement) => {
      const canvas = document.createElement("canvas").getContext("2d")!;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await page.close();
  });

  it("features places to stay first on the seeded home page", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    // The pill under a card's name is its directory category (type, else category).
    const lodging = await page.getByTestId("featured-list").locator("article").evaluateAll((cards) => cards.map((card) => card.querySelector("h3 + span")?.textContent ?? ""));
    expect(lodging.length).toBe(9);
    const flags = lodging.map((category) => isLodgingCategory(slugify(category)));
    expect(flags[0]).toBe(true);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    await page.close();
  });

  it("shows opening hours as times on a business page", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/business/e2e-kronenhalle-hrs111");
    const rows = await page.locator("#hours-heading + table tr").evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector("th")?.textContent?.replace(" (Today)", "")}: ${tr.querySelector("td")?.textContent}`),
    );
    expect(rows).toEqual([
      "Monday: Closed",
      "Tuesday: 11:45 AM – 2:00 PM, 6:00 – 11:45 PM",
      "Wednesday: 11:45 AM – 2:00 PM, 6:00 – 11:45 PM",
      "Thursday: 11:45 AM – 2:00 PM, 6:00 – 11:45 PM",
      "Friday: 5:00 PM – 2:00 AM",
      "Saturday: 4:00 – 11:00 PM",
      "Sunday: Open 24 hours",
    ]);
    await page.close();
  });

  it("draws the not-found page's magnifier as an SVG, not an emoji", async () => {
    const page = await browser.newPage();
    const response = await page.goto(inject("baseURL") + "/business/no-such-business-zz");
    expect(response?.status()).toBe(404);
    const icon = page.getByTestId("not-found-icon");
    expect(await icon.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
    expect((await icon.boundingBox())!.width).toBeGreaterThan(40);
    expect(await page.locator("main").textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    await page.close();
  });

  it("answers odd page numbers with the list's one address or a 404", async () => {
    const page = await browser.newPage();
    for (const path of ["/businesses?page=0", "/businesses?page=101", "/categories?page=abc", "/cities?page=2.5"]) {
      const response = await page.goto(inject("baseURL") + path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole("link", { name: "Go to the first page" }).waitFor();
    }
    await page.goto(inject("baseURL") + "/businesses?page=1");
    expect(new URL(page.url()).search).toBe("");
    await page.close();
  });

  it("narrows a city's list to one of its top categories", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + paths.city!);
    await hydrated(page);
    const link = page.locator('aside[aria-labelledby="top-categories"] ul a').first();
    const label = (await link.locator("span").first().textContent())!;
    await link.click();
    await page.waitForURL(/\?category=/);
    await page.getByRole("heading", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} in `) }).waitFor();
    expect(await link.getAttribute("aria-current")).toBe("page");
    await page.close();
  });
});
