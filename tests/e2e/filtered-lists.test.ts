import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A business the directory holds, with its place and category: the centre of the near-me lists below. */
async function someBusiness() {
  // A fresh answer (its own cache key): another test may have taken a listing off the site meanwhile.
  const answer = (await (await fetch(`${inject("baseURL")}/api/search?q=hotel&t=${Date.now()}`)).json()) as { results: { latitude: number; longitude: number; city: string }[] };
  // A hotel the map's index places: rows other tests write by hand may carry coordinates without their map cell.
  for (const located of answer.results.filter((r) => r.latitude !== null && r.longitude !== null)) {
    const near = (await (await fetch(`${inject("baseURL")}/api/search?near=${located.latitude},${located.longitude}&radius=25&t=${Date.now()}`)).json()) as { results: unknown[] };
    if (near.results.length > 0) return located;
  }
  throw new Error("the e2e directory has no hotel with coordinates on the map");
}

/** "350 m" / "1.2 km" / "12 km" as kilometres. */
const kilometres = (text: string) => (text.endsWith(" km") ? Number(text.slice(0, -3)) : Number(text.slice(0, -2)) / 1000);

describe("lists with filters in Chromium", () => {
  it("show each business's distance, nearest first, on a computer and a phone, with no axe violation", async () => {
    const centre = await someBusiness();
    for (const width of [1366, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const response = await page.goto(`${inject("baseURL")}/search?near=${centre.latitude},${centre.longitude}&radius=25&sort=distance`);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      const distances = (await page.getByTestId("distance").allTextContents()).map((text) => kilometres(text.replace(" away", "").trim()));
      expect(distances.length).toBeGreaterThan(0);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances.every((km) => km <= 25)).toBe(true);
      await expect(page.getByTestId("result-count").textContent()).resolves.toMatch(/Showing 1–\d+ of/);
      // The card stays inside a phone's width with its distance line.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `width ${width}`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `filtered-search-near-${width}`);
      await page.close();
    }
  });

  it("answer a filter it cannot read with a 400 page naming it, and a way back to the list", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const response = await page.goto(`${inject("baseURL")}/businesses?minRating=9`);
    expect(response?.status()).toBe(400);
    await hydrated(page);
    await expect(page.getByTestId("filter-error").textContent()).resolves.toContain("minRating must be a rating from 1 to 5");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "filtered-bad-parameter");
    await page.getByRole("link", { name: "Show the list without filters" }).click();
    await page.waitForURL(/\/businesses$/);
    await page.getByRole("heading", { level: 1, name: "All Businesses" }).waitFor();
    await page.close();
  });
});
