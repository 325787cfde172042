import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { geoCell } from "../../app/lib/map/geo-cell";
import { hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

/**
 * The results map answers the list's own question: "Mapfollow" hotels in Lyon and in Kyoto,
 * every other one verified, far apart so a map fitted to one city cannot show the other.
 */
const LYON = { city: "Lyon", slug: "lyon", country: "France", code: "FR", latitude: 45.764, longitude: 4.8357, count: 30 };
const KYOTO = { city: "Kyoto", slug: "kyoto", country: "Japan", code: "JP", latitude: 35.0116, longitude: 135.7681, count: 18 };

interface Hotel {
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
  verified: boolean;
  place: typeof LYON;
}

const hotels: Hotel[] = [LYON, KYOTO].flatMap((place) =>
  Array.from({ length: place.count }, (_, i) => ({
    name: `Mapfollow Hotel ${place.city} ${i + 1}`,
    slug: `e2e-mapfollow-${place.slug}-${i + 1}`,
    // A grid of about 3 km by 2 km round the centre.
    latitude: Number((place.latitude + ((i % 6) - 3) * 0.004).toFixed(5)),
    longitude: Number((place.longitude + (Math.floor(i / 6) - 2) * 0.006).toFixed(5)),
    verified: i % 2 === 0,
    place,
  })),
);

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, city, city_slug, country, country_code, latitude, longitude, geo_cell, rating, reviews, verified, place_id)
     VALUES ${hotels
       .map(
         (h) =>
           `(${sqlString(h.name)}, ${sqlString(h.slug)}, 'Hotel', 'Hotel', 'hotel', ${sqlString(h.place.city)}, ${sqlString(h.place.slug)}, ${sqlString(h.place.country)}, ` +
           `'${h.place.code}', ${h.latitude}, ${h.longitude}, ${geoCell(h.latitude, h.longitude)}, 4.1, 10, ${h.verified ? 1 : 0}, ${sqlString(`e2e-place-${h.slug}`)})`,
       )
       .join(",\n")};`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE slug LIKE 'e2e-mapfollow-%';`);
});

interface MapRequest {
  params: URLSearchParams;
  box: { west: number; south: number; east: number; north: number };
}

/** Every /api/map request the page makes, in order. */
function mapRequests(page: Page): MapRequest[] {
  const seen: MapRequest[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/api/map") return;
    const [west, south, east, north] = url.searchParams.get("bbox")!.split(",").map(Number) as [number, number, number, number];
    seen.push({ params: url.searchParams, box: { west, south, east, north } });
  });
  return seen;
}

/** How many businesses the drawn markers stand for: each pin once, each bubble its count. */
async function markersTotal(page: Page): Promise<number> {
  const pins = await page.locator(".results-map-pin").count();
  const bubbles = await page.locator(".results-map-cluster").evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label") ?? ""));
  return pins + bubbles.reduce((sum, label) => sum + Number(/^([\d,]+) businesses here/.exec(label)?.[1]?.replace(/,/g, "") ?? NaN), 0);
}

const inBox = (box: MapRequest["box"], h: { latitude: number; longitude: number }) =>
  h.latitude >= box.south && h.latitude <= box.north && h.longitude >= box.west && h.longitude <= box.east;

/** The list's total: "Showing 1–20 of 24 results". */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByTestId("result-count").innerText();
  return Number(/of ([\d,]+) results?$/.exec(text)?.[1]?.replace(/,/g, "") ?? NaN);
}

describe("the results map follows its list", () => {
  it("asks the list's words, place and filters, fits their answer, and fits again when the search changes", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const asked = mapRequests(page);
    await page.goto(inject("baseURL") + "/search?q=Mapfollow&verified=1");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const status = page.getByTestId("results-map-status");
    const verified = hotels.filter((h) => h.verified);
    expect(await listTotal(page)).toBe(verified.length);
    // Both cities in one view: every verified hotel on the map, as counted bubbles, not one pin each.
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe(`${verified.length} businesses in this area.`);
    expect(await markersTotal(page)).toBe(verified.length);
    expect(await page.locator(".results-map-cluster").count()).toBeGreaterThan(0);
    expect(await page.locator(".results-map-cluster").first().getAttribute("aria-label")).toMatch(/^\d+ businesses here: zoom in$/);
    for (const request of asked) expect([request.params.get("q"), request.params.get("verified")]).toEqual(["Mapfollow", "1"]);
    expect(verified.every((h) => inBox(asked.at(-1)!.box, h))).toBe(true);
    await screenshot(page, "maps-follow-search-1366");

    // The visitor types a place and searches again, in place: the map asks the new question and fits Kyoto.
    const before = asked.length;
    await page.locator("#search-location").fill("Kyoto");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/location=Kyoto/);
    const inKyoto = hotels.filter((h) => h.place === KYOTO);
    await expect.poll(() => listTotal(page)).toBe(inKyoto.length);
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe(`${inKyoto.length} businesses in this area.`);
    expect(await markersTotal(page)).toBe(inKyoto.length);
    const after = asked.slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const request of after) expect([request.params.get("q"), request.params.get("location")]).toEqual(["Mapfollow", "Kyoto"]);
    const fitted = after.at(-1)!.box;
    expect(inKyoto.every((h) => inBox(fitted, h))).toBe(true);
    expect(fitted.east - fitted.west).toBeLessThan(1);
    expect(await page.getByRole("button", { name: "Search this area" }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // The visitor's own move is theirs: the map asks for the new view and stays there.
    const beforeMove = asked.length;
    await page.getByTestId("results-map").locator(".maplibregl-canvas").focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: "Search this area" }).waitFor();
    await expect.poll(() => asked.length > beforeMove).toBe(true);
    await page.waitForTimeout(800);
    expect(asked.at(-1)!.box.west).toBeGreaterThan(fitted.west);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists 'hotel' near me with a filter on, and the map shows the same businesses", async () => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      geolocation: { latitude: LYON.latitude, longitude: LYON.longitude },
      permissions: ["geolocation"],
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const asked = mapRequests(page);
    await page.goto(inject("baseURL") + "/search?q=hotel&verified=1");
    await hydrated(page);
    await page.getByRole("button", { name: "Near me" }).click();
    await page.waitForURL(/near=/);
    // The cards of the near-me list carry their distance: the new list is in.
    await page.getByTestId("distance").first().waitFor();
    // Every verified "Mapfollow" hotel of Lyon is within 10 km: the list holds at least those, never "No businesses found".
    const inLyon = hotels.filter((h) => h.place === LYON && h.verified);
    await expect.poll(() => listTotal(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(inLyon.length);
    const total = await listTotal(page);
    expect(await page.getByText("No businesses found").count()).toBe(0);
    await expect.poll(() => page.getByTestId("results-map-status").innerText(), { timeout: 20_000 }).toBe(`${total} businesses in this area.`);
    expect(await markersTotal(page)).toBe(total);
    const last = asked.at(-1)!.params;
    expect([last.get("q"), last.get("verified"), last.get("near") !== null]).toEqual(["hotel", "1", true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("narrows a country page's map to the country and opens on its businesses", async () => {
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const asked = mapRequests(page);
      await page.goto(inject("baseURL") + "/countries/jp");
      await hydrated(page);
      await page.getByTestId("results-map").scrollIntoViewIfNeeded();
      const total = Number((await page.getByText("Total Businesses", { exact: true }).locator("..").innerText()).replace(/\D/g, ""));
      expect(total).toBeGreaterThanOrEqual(KYOTO.count);
      // Every business of the country in view, none of another's.
      await expect.poll(() => page.getByTestId("results-map-status").innerText(), { timeout: 20_000 }).toBe(`${total} businesses in this area.`);
      expect(asked.length).toBeGreaterThan(0);
      for (const request of asked) expect(request.params.get("location")).toBe("JP");
      const { box } = asked.at(-1)!;
      // Japan lies between 122° and 154° east, 20° and 46° north.
      expect([box.west > 110, box.east < 160, box.south > 10, box.north < 55]).toEqual([true, true, true, true]);
      expect(await markersTotal(page)).toBe(total);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `maps-follow-country-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
