import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the running site", () => {
  it("renders the home page and navigates client-side after hydration", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    await expect(page.locator("h1").first().textContent()).resolves.toBeTruthy();
    await screenshot(page, "home");

    // A marker on window survives only a client-side (Remix) navigation, not a full reload.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Businesses" }).click();
    await page.waitForURL("**/businesses");
    await page.locator("h1", { hasText: "All Businesses" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await screenshot(page, "businesses");
    await page.close();
  });
});
