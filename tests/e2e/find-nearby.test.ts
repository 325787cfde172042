import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { geoCell } from "../../app/lib/map/geo-cell";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

/**
 * Near me, the filter bar and the results map, on a village of 520 lighthouses of their own
 * category: more than the 500 features an /api/map answer holds, so a view of all of them is
 * clusters, and zooming in splits them into single businesses.
 */
const CENTER = { latitude: 69.65, longitude: 18.96 };
const COUNT = 520;
const QUERY = "/search?q=Fjordlight";

interface Lighthouse {
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
  rating: number;
  verified: boolean;
}

const lighthouses: Lighthouse[] = Array.from({ length: COUNT }, (_, i) => ({
  name: `Fjordlight Inn ${i + 1}`,
  slug: `e2e-fjordlight-inn-${i + 1}`,
  // A grid of 26 × 20 about 5 km by 4 km around the centre.
  latitude: Number((CENTER.latitude + ((i % 26) - 13) * 0.0018).toFixed(5)),
  longitude: Number((CENTER.longitude + (Math.floor(i / 26) - 10) * 0.005).toFixed(5)),
  rating: 3 + (i % 21) / 10,
  verified: i % 2 === 0,
}));

let browser: Browser;
beforeAll(async () => {
  const rows = lighthouses.map(
    (b, i) =>
      `(${sqlString(b.name)}, ${sqlString(b.slug)}, 'E2E Lighthouse', 'E2E Lighthouse', 'e2e-lighthouse', 'Fjordvik', 'fjordvik', 'Norway', 'NO', ` +
      `${b.latitude}, ${b.longitude}, ${geoCell(b.latitude, b.longitude)}, ${b.rating}, ${i * 3}, ${b.verified ? 1 : 0}, ` +
      `${sqlString(JSON.stringify({ Amenities: { "Free Wi-Fi": true, Pool: i % 3 === 0 } }))}, ${sqlString(`e2e-place-fjordlight-${i + 1}`)}, 'Europe/Oslo')`,
  );
  // 40 rows a statement: D1 refuses a statement over 100 kB.
  const statements = [];
  for (let i = 0; i < rows.length; i += 40) {
    statements.push(
      `INSERT INTO businesses (name, slug, type, category, category_slug, city, city_slug, country, country_code, latitude, longitude, geo_cell, rating, reviews, verified, about, place_id, time_zone)
       VALUES ${rows.slice(i, i + 40).join(",\n")};`,
    );
  }
  runSql(inject("stateDir"), statements.join("\n"));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE category_slug = 'e2e-lighthouse';`);
});

async function openPage(options: BrowserContextOptions, path = QUERY): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(inject("baseURL") + path);
  await hydrated(page);
  return { page, errors };
}

/** The ratings of the cards on the page, in their order. */
async function cardRatings(page: Page): Promise<number[]> {
  // The rating line of each card: its star and the rating beside it.
  const texts = await page.locator("article").filter({ hasText: "Fjordlight Inn" }).locator("p").filter({ hasText: "★" }).allInnerTexts();
  return texts.map((text) => Number(/(\d\.\d)/.exec(text)?.[1]));
}

describe("Near me", () => {
  it("opens the same search around the visitor's position, nearest first, each with its distance", async () => {
    const { page, errors } = await openPage({ geolocation: { latitude: 69.650004, longitude: 18.960004 }, permissions: ["geolocation"] });
    await page.getByRole("button", { name: "Near me" }).click();
    await page.waitForURL(/near=/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("Fjordlight");
    expect(url.searchParams.get("near")).toBe("69.65,18.96");
    expect(url.searchParams.get("sort")).toBe("distance");
    expect(await page.getByTestId("near-me-status").innerText()).toBe("Showing businesses near your location, nearest first.");
    await expect.poll(() => page.getByTestId("distance").count()).toBe(20);
    const distances = (await page.getByTestId("distance").allInnerTexts()).map((text) => (text.includes(" km") ? parseFloat(text) * 1000 : parseFloat(text)));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The business at the centre is the nearest.
    expect(await page.locator("article h3").first().innerText()).toBe(lighthouses.find((b) => b.latitude === CENTER.latitude && b.longitude === CENTER.longitude)!.name);
    expect(await page.getByTestId("near-summary").innerText()).toContain("Within 10 km of 69.650, 18.960");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says what happened and leaves the list as it was when the visitor refuses their position", async () => {
    const { page, errors } = await openPage({ permissions: [] });
    await page.getByRole("button", { name: "Near me" }).click();
    await expect.poll(() => page.getByTestId("near-me-status").innerText()).toMatch(/^Location access was not allowed, so the list is unchanged\./);
    expect(await page.getByRole("status").filter({ hasText: "Location access was not allowed" }).count()).toBe(1);
    expect(new URL(page.url()).search).toBe("?q=Fjordlight");
    expect(await page.getByRole("button", { name: "Near me" }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("is not offered without JavaScript, where it could not work", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + QUERY);
    expect(await page.getByRole("button", { name: "Apply filters" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Near me" }).count()).toBe(0);
    await context.close();
  });
});

describe("filters and sort", () => {
  it("narrow and order the list from the bar, in the address, without a full reload", async () => {
    const { page, errors } = await openPage({});
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByLabel("Rating").selectOption("4.5");
    await page.waitForURL(/minRating=4\.5/);
    await expect.poll(async () => (await cardRatings(page)).every((rating) => rating >= 4.5)).toBe(true);
    expect((await cardRatings(page)).length).toBeGreaterThan(0);

    await page.getByLabel("Sort by").selectOption("rating");
    await page.waitForURL(/sort=rating/);
    await expect.poll(async () => {
      const ratings = await cardRatings(page);
      return ratings.length > 0 && ratings.join() === [...ratings].sort((a, b) => b - a).join();
    }).toBe(true);
    expect((await cardRatings(page))[0]).toBe(5);

    await page.getByLabel("Verified only").check();
    await page.waitForURL(/verified=1/);
    await expect.poll(async () => {
      const cards = page.locator("article").filter({ hasText: "Fjordlight Inn" });
      const count = await cards.count();
      return count > 0 && (await cards.filter({ hasText: "✓ Verified" }).count()) === count;
    }).toBe(true);

    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("Fjordlight");
    expect([...url.searchParams.keys()]).toEqual(["q", "minRating", "verified", "sort"]);
    // Remix changed the list in place: the page's own script state survived.
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("work as a plain form without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + QUERY + "&page=2");
    await page.getByLabel("Rating").selectOption("4.5");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/minRating=4\.5/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("Fjordlight");
    // A new filter starts again on the first page.
    expect(url.searchParams.get("page")).toBeNull();
    const ratings = await cardRatings(page);
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((rating) => rating >= 4.5)).toBe(true);
    await context.close();
  });
});

describe("the results map", () => {
  it("shows a category's businesses as clusters that split as a click zooms in, and a pin opens the business", async () => {
    // 25 km around the village: all 520 in view, more than one answer holds.
    const { page, errors } = await openPage({}, "/categories/e2e-lighthouse?near=69.65,18.96&radius=25");
    const zooms: number[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/map") zooms.push(Number(url.searchParams.get("zoom")));
    });
    await page.getByTestId("results-map").locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    const clusters = page.locator(".results-map-cluster");
    const pins = page.locator(".results-map-pin");
    const status = page.getByTestId("results-map-status");
    const settled = () => expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/^[\d,]+ business(es)? in this area\.$/);
    await settled();
    // The map opened on the radius, its businesses as clusters.
    expect(await clusters.count()).toBeGreaterThan(0);
    expect(await clusters.first().getAttribute("aria-label")).toMatch(/^[\d,]+ businesses here: zoom in$/);

    for (let round = 0; round === 0 || (round < 10 && (await pins.count()) === 0); round++) {
      const asked = zooms.length;
      // Neighbouring clusters may overlap at their edges: the click lands on whichever is on top.
      await clusters.first().click({ force: true });
      await expect.poll(() => zooms.length > asked, { timeout: 10_000 }).toBe(true);
      await settled();
    }
    expect(Math.max(...zooms)).toBeGreaterThan(zooms[0]!);
    // Zoomed in, the visitor may search the area they are looking at.
    expect(await page.getByRole("button", { name: "Search this area" }).count()).toBe(1);

    const pin = pins.first();
    const name = (await pin.getAttribute("aria-label"))!.replace(/, rated [\d.]+$/, "");
    expect(lighthouses.some((b) => b.name === name)).toBe(true);
    await pin.click();
    const card = page.getByTestId("map-card");
    await card.waitFor();
    const link = card.getByRole("link", { name });
    // The card takes the focus, so a keyboard user lands on its link.
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    await link.click();
    await page.waitForURL(/\/business\/e2e-fjordlight-inn-\d+$/);
    await expect.poll(() => page.locator("h1").innerText()).toBe(name);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("searches the area in view after the visitor has moved the map", async () => {
    const { page } = await openPage({}, "/categories/e2e-lighthouse?near=69.65,18.96&radius=5");
    const canvas = page.getByTestId("results-map").locator(".maplibregl-canvas");
    await canvas.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId("results-map-status").innerText()).toMatch(/in this area\.$/);
    expect(await page.getByRole("button", { name: "Search this area" }).count()).toBe(0);
    // Three levels closer: a view about 1.5 km across.
    for (let i = 0; i < 3; i++) {
      await page.getByRole("button", { name: "Zoom in", exact: true }).click();
      await page.waitForTimeout(400);
    }
    // Then moved east with the keyboard, as the map's own name tells.
    await canvas.focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("ArrowRight");
      await page.waitForTimeout(300);
    }
    await page.getByRole("button", { name: "Search this area" }).click();
    await page.waitForURL((url) => url.searchParams.get("radius") === "1");
    const url = new URL(page.url());
    const [latitude, longitude] = url.searchParams.get("near")!.split(",").map(Number);
    expect(latitude).toBeCloseTo(69.65, 2);
    expect(longitude).toBeGreaterThan(18.96);
    expect(url.pathname).toBe("/categories/e2e-lighthouse");
    // The list is the new area's, and the button waits for the next move.
    await expect.poll(() => page.getByRole("button", { name: "Search this area" }).count()).toBe(0);
    await page.context().close();
  });
});

describe("on a phone", () => {
  it("shows the list first, loads the map only when asked for, and never scrolls sideways", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (/maplibre/.test(request.url())) mapRequests.push(request.url());
    });
    await page.goto(inject("baseURL") + QUERY);
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(mapRequests).toEqual([]);
    expect(await page.getByTestId("results-map").isVisible()).toBe(false);
    expect(await page.getByTestId("result-count").isVisible()).toBe(true);
    // The filters fold away behind a button on a small screen.
    expect(await page.getByLabel("Rating").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Show filters" }).click();
    expect(await page.getByLabel("Rating").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Show map" }).click();
    await page.getByTestId("results-map").locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    expect(mapRequests.some((url) => url.endsWith(".css"))).toBe(true);
    expect(await page.getByTestId("result-count").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "find-nearby-phone-map");

    await page.getByRole("button", { name: "Show list" }).click();
    expect(await page.getByTestId("result-count").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const [path, width] of [[QUERY, 1366], ["/categories/e2e-lighthouse?near=69.65,18.96", 1366], [QUERY, 390]] as const) {
      it(`has no axe violations on ${path} at ${width} px (${colorScheme})`, async () => {
        const { page } = await openPage({ colorScheme, viewport: { width, height: 900 } }, path);
        if (width < 800) {
          await page.getByRole("button", { name: "Show filters" }).click();
          await page.getByRole("button", { name: "Show map" }).click();
        }
        await page.getByTestId("results-map").locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
        await expect.poll(() => page.getByTestId("results-map-status").innerText()).toMatch(/in this area\.$/);
        // The dark scheme changes only the colours: the light run checks the rest.
        expect(await axeViolations(page, { colours: colorScheme === "dark" })).toEqual([]);
        await screenshot(page, `find-nearby-${width}-${colorScheme}-${path.startsWith("/search") ? "search" : "category"}`);
        await page.context().close();
      });
    }
  }
});
