import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { geoCell } from "../../app/lib/map/geo-cell";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors, runSql } from "./support/public-db";

/** Eight guesthouses within a kilometre in Iceland's interior, far from the demo data: "Nearby" is among them. */
const GUESTHOUSES = Array.from({ length: 8 }, (_, i) => ({
  slug: `e2e-highland-guesthouse-${i}`,
  name: `E2E Highland Guesthouse ${i}`,
  // Each a little farther east than the one before: 0, 150 m, 300 m … from the first.
  latitude: 64.0,
  longitude: -19.0 + i * 0.003,
}));

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, city, city_slug, country, country_code, latitude, longitude, geo_cell, rating, reviews, place_id)
     VALUES ${GUESTHOUSES.map(
       (g) => `('${g.name}', '${g.slug}', 'Guest house', 'Guest house', 'guest-house', 'Hálendi', 'halendi', 'Iceland', 'IS', ${g.latitude}, ${g.longitude}, ${geoCell(g.latitude, g.longitude)}, 4.2, 12, 'e2e-${g.slug}')`,
     ).join(",\n")};`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE slug LIKE 'e2e-highland-guesthouse-%';`);
});

describe("Nearby on a business page", () => {
  it("lists the six nearest other businesses, nearest first, with their distance, each a link", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/business/e2e-highland-guesthouse-3");
    await hydrated(page);
    const nearby = page.getByTestId("nearby");
    expect(await nearby.getByRole("heading", { name: "Nearby" }).count()).toBe(1);
    // Guesthouses 2 and 4 are 150 m away, 1 and 5 300 m, 0 and 6 450 m; 7 (600 m) is the seventh.
    const names = await nearby.getByRole("link").allInnerTexts();
    expect(names.slice(0, 2).sort()).toEqual(["E2E Highland Guesthouse 2", "E2E Highland Guesthouse 4"]);
    expect(names.slice(2, 4).sort()).toEqual(["E2E Highland Guesthouse 1", "E2E Highland Guesthouse 5"]);
    expect(names.slice(4).sort()).toEqual(["E2E Highland Guesthouse 0", "E2E Highland Guesthouse 6"]);
    expect(await nearby.getByTestId("nearby-distance").allInnerTexts()).toEqual(["150 m", "150 m", "290 m", "290 m", "440 m", "440 m"]);
    await nearby.getByRole("link", { name: "E2E Highland Guesthouse 6" }).click();
    await page.waitForURL("**/business/e2e-highland-guesthouse-6");
    // The address changes before the client-side navigation renders the new page: wait for its heading.
    await expect.poll(() => page.locator("h1").textContent()).toBe("E2E Highland Guesthouse 6");
    expect((await page.getByTestId("nearby").getByRole("link").allInnerTexts()).slice(0, 2).sort()).toEqual(["E2E Highland Guesthouse 5", "E2E Highland Guesthouse 7"]);
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });
});

describe("the offline basemap", () => {
  it("draws land from the site's own shapes, with no request leaving the site", async () => {
    const base = inject("baseURL");
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const outside: string[] = [];
    const asked: string[] = [];
    // Everything the page and maplibre's worker ask for: anything not on the site is refused and noted.
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      asked.push(url);
      if (url.startsWith(base) || url.startsWith("data:") || url.startsWith("blob:")) await route.continue();
      else {
        outside.push(url);
        await route.abort();
      }
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(base + "/business/e2e-highland-guesthouse-0");
    await hydrated(page);
    const answered: string[] = [];
    context.on("response", (response) => {
      if (response.ok()) answered.push(response.url());
    });
    await page.getByTestId("business-map").scrollIntoViewIfNeeded();
    await page.locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    // The shapes and the labels, fetched by maplibre's worker from the site itself.
    for (const path of ["/basemap/land.json", "/basemap/borders.json", "/api/map-places"]) {
      await expect.poll(() => answered.includes(base + path), { timeout: 20_000 }).toBe(true);
    }
    // Drawn once the shapes are in: the map box is mostly land's colour (water would be blue). A
    // loaded machine may take a few seconds for the first frame.
    const landShare = async () => {
      const png = await page.getByTestId("business-map").screenshot();
      return page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context2d = canvas.getContext("2d")!;
        context2d.drawImage(image, 0, 0);
        const pixels = context2d.getImageData(0, 0, image.width, image.height).data;
        let land = 0;
        let water = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          const near = (r: number, g: number, b: number) => Math.abs(pixels[i]! - r) + Math.abs(pixels[i + 1]! - g) + Math.abs(pixels[i + 2]! - b) < 12;
          if (near(0xf3, 0xf1, 0xea)) land++;
          else if (near(0xcf, 0xe2, 0xf3)) water++;
        }
        return { land: land / (pixels.length / 4), water: water / (pixels.length / 4) };
      }, png.toString("base64"));
    };
    let share = { land: 0, water: 0 };
    await expect.poll(async () => (share = await landShare()).land, { timeout: 20_000 }).toBeGreaterThan(0.5);
    // At city level a coast or a lake may show: land still holds most of the box.
    expect(share.water).toBeLessThan(0.35);
    expect(outside).toEqual([]);
    // The shapes (1.3 MB) are kept a day by the browser, not asked again on every map.
    const land = await fetch(base + "/basemap/land.json");
    expect([land.status, land.headers.get("Cache-Control")]).toEqual([200, "public, max-age=86400"]);
    await land.arrayBuffer();
    expect(asked.some((url) => url.endsWith("/map-style.json"))).toBe(true);
    expect(errors.filter((e) => !/favicon/i.test(e))).toEqual([]);
    await screenshot(page, "business-basemap");
    await context.close();
  });
});
