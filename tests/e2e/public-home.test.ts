import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeViolations, holdScripts, hydrated, launchBrowser, screenshot } from "./support/browser";
import { collectErrors } from "./support/public-db";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("home page", () => {
  it("animates the counters to their server-rendered targets", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(inject("baseURL") + "/");
    const targets = await page.locator("[data-counter-target]").evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute("data-counter-target"))));
    expect(targets.length).toBe(4);
    expect(targets[0]).toBeGreaterThan(0);
    await hydrated(page);
    // 2 s / 50 steps: done within 3 s, showing the exact targets.
    await page.waitForFunction(
      () => [...document.querySelectorAll("[data-counter-target]")].every((n) => n.textContent === Number(n.getAttribute("data-counter-target")).toLocaleString("en-US")),
      undefined,
      { timeout: 4000 },
    );
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    await screenshot(page, "public-home");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });

  it("shows the counters' targets at once, without counting, to a visitor who asked for less motion", async () => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    // Counting would be a tenth of the way (and start from 0) by now; watch it a while longer.
    const shown = async () =>
      page.locator("[data-counter-target]").evaluateAll((nodes) => nodes.map((n) => n.textContent === Number(n.getAttribute("data-counter-target")).toLocaleString("en-US")));
    for (let i = 0; i < 3; i++) {
      expect(await shown()).toEqual([true, true, true, true]);
      await page.waitForTimeout(150);
    }
    await context.close();
  });

  it("fills the search from a chip and goes to /search; empty text does nothing", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    const input = page.locator("#hero-search");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("button", { name: "Beach Resorts" }).click();
    expect(await input.inputValue()).toBe("Beach Resorts");
    await input.fill("hotel");
    await input.press("Enter");
    await page.waitForURL("**/search?q=hotel");
    await page.locator("h1", { hasText: "Search results for" }).waitFor();
    expect(await page.getByTestId("result-count").textContent()).toMatch(/Showing 1–20 of [\d,]+\+? results/);
    await page.close();
  });

  it("searches from the hero without JavaScript, and refuses an empty box there too", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/");
    const box = page.locator("#hero-search");
    // The browser refuses to send the form: an empty box, then one of spaces only.
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await box.fill("   ");
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    await box.fill("hotel");
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
    await box.press("Enter");
    await page.waitForURL("**/search?q=hotel");
    await page.locator("h1", { hasText: "Search results for" }).waitFor();
    await context.close();
  });

  it("searches what was typed into the hero before the page's script ran", async () => {
    const page = await browser.newPage();
    const runScripts = await holdScripts(page);
    await page.goto(inject("baseURL") + "/", { waitUntil: "commit" });
    const box = page.locator("#hero-search");
    await box.fill("hotel");
    await runScripts();
    // Enter once the page is live: pressed during hydration itself it was lost once in a full run.
    await hydrated(page);
    expect(await box.inputValue()).toBe("hotel");
    await box.press("Enter");
    await page.waitForURL("**/search?q=hotel");
    await page.close();
  });

  it("gives the filled search box the focus when a chip is pressed from the keyboard, so Enter searches it", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    const chip = page.getByRole("button", { name: "Luxury Hotels" });
    await chip.focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id)).toBe("hero-search");
    expect(await page.locator("#hero-search").inputValue()).toBe("Luxury Hotels");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/search?q=Luxury%20Hotels");
    await page.close();
  });

  it("switches the featured hotels between grid and list and filters them by chip", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    const list = page.getByTestId("featured-list");
    expect(await list.getAttribute("data-layout")).toBe("grid");
    expect(await list.locator("article").count()).toBe(9);
    await page.getByRole("button", { name: "List" }).click();
    expect(await list.getAttribute("data-layout")).toBe("list");
    await page.getByRole("navigation", { name: "Featured filters" }).getByRole("link", { name: "4-Star" }).click();
    await page.waitForURL("**/?featured=4-star");
    await page.locator('[aria-current="true"]', { hasText: "4-Star" }).waitFor();
    const ratings = await list.locator("article").evaluateAll((cards) => cards.map((c) => Number(/★\s*([\d.]+)/.exec(c.textContent ?? "")?.[1])));
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((r) => r >= 4 && r < 4.5)).toBe(true);
    await page.close();
  });

  it("opens and closes the mobile menu", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    expect(await page.locator("#site-menu").isVisible()).toBe(false);
    await toggle.click();
    expect(await page.locator("#site-menu").isVisible()).toBe(true);
    await screenshot(page, "public-home-mobile-menu");
    await page.getByRole("button", { name: "Close menu" }).click();
    expect(await page.locator("#site-menu").isVisible()).toBe(false);
    await page.close();
  });

  it("navigates client-side from a featured card to its business page", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const card = page.getByTestId("featured-list").locator("article h3 a").first();
    const name = (await card.textContent())!;
    await card.click();
    await page.waitForURL("**/business/**");
    await page.locator("h1", { hasText: name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await page.close();
  });
});
