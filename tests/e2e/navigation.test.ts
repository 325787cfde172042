import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, screenshot } from "./support/browser";

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
    await expect(page.locator("h1").first().textContent()).resolves.toBe("Find your perfect hotel, anywhere");
    await screenshot(page, "home");

    // A marker on window survives only a client-side (Remix) navigation, not a full reload.
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Businesses" }).click();
    await page.waitForURL("**/businesses");
    await page.locator("h1", { hasText: "All Businesses" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await screenshot(page, "businesses");
    await page.close();
  });

  it("lets a keyboard user skip the navigation: the first Tab shows 'Skip to main content', Enter moves focus to the page", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/categories");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const link = page.getByRole("link", { name: "Skip to main content" });
    await expect(link.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    // Hidden until focused, then on screen.
    expect((await link.boundingBox())!.width).toBeGreaterThan(50);
    await screenshot(page, "skip-link");
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
    // The next Tab lands inside the page, past the site header's links.
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement!.closest("main") !== null)).resolves.toBe(true);
    await page.close();
  });
});
