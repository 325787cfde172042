import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hydrated, isFocused, launchBrowser, tabTo } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

// The public site driven the way a keyboard or screen-reader user drives it: Tab, Enter, Space
// and Escape only, and what the page tells assistive technology along the way, on a desktop
// and on a phone-sized screen.

const HOURS = JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"])));
const BUSINESS = "/business/e2e-keyboard-inn-kb1234";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const base = () => inject("baseURL");

beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, phone, url, latitude, longitude, rating, reviews, working_hours, place_id, time_zone)
     VALUES ('E2E Keyboard Inn', 'e2e-keyboard-inn-kb1234', 'Hotel', 'Hotel', 'hotel', 'Bahnhofstrasse 1, 8001 Zürich, Switzerland', 'Zürich', 'zurich', 'Switzerland', 'CH', '+41 44 987 65 43', 'https://keyboard-inn.example', 47.3769, 8.5417, 4.5, 321, ${sqlString(HOURS)}, 'e2e-place-keyboard', 'Europe/Zurich');`,
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), "DELETE FROM businesses WHERE place_id = 'e2e-place-keyboard';");
});

async function open(path: string, on: Page = page) {
  // The keyboard needs the heading and the page's script, not every image and tile: waiting for
  // the business page's load event timed out (30 s) in two full runs on this shared machine.
  await on.goto(`${base()}${path}`, { waitUntil: "domcontentloaded" });
  await on.locator("main h1").first().waitFor();
  await hydrated(on);
}

/** WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, bl = 0] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe("the public site with the keyboard and a screen reader", () => {
  it("closes the home page's phone menu with Escape, giving the focus back to Menu, and when the focus moves on past it", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await open("/", small);
    const toggle = small.getByRole("button", { name: "Menu" });
    const menu = small.locator("#site-menu");
    await tabTo(small, toggle, 20);
    await small.keyboard.press("Enter");
    expect(await menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await small.keyboard.press("Tab");
    expect(await isFocused(menu.getByRole("link", { name: "Home" }))).toBe(true);
    await small.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await isFocused(toggle)).toBe(true);

    // Open again and Tab on past its last link: the menu, laid over the page, folds away.
    await small.keyboard.press("Enter");
    await tabTo(small, menu.getByRole("link", { name: "Submit Hotel" }), 10);
    await small.keyboard.press("Tab");
    expect(await isFocused(small.getByLabel("Search hotels and businesses"))).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await phone.close();
  });

  it("keeps the focus on the letter chosen in an A–Z bar, also when the letter's page is another route", async () => {
    await open("/categories");
    const bar = page.getByRole("navigation", { name: "Categories by first letter" });
    await tabTo(page, bar.getByRole("link", { name: "H", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/categories/h");
    await page.getByRole("heading", { name: "Keywords beginning with H" }).waitFor();
    await expect.poll(() => isFocused(bar.getByRole("link", { name: "H", exact: true }))).toBe(true);
    expect(await bar.getByRole("link", { name: "H", exact: true }).getAttribute("aria-current")).toBe("page");

    // The lower bar of the cities: its All goes back to /cities with the focus on All.
    await open("/cities/t");
    const lower = page.getByRole("navigation", { name: "Cities by first letter (with all cities)" });
    await tabTo(page, lower.getByRole("link", { name: "All" }), 120);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/cities$/);
    await page.getByRole("heading", { name: "Cities Directory" }).waitFor();
    await expect.poll(() => isFocused(lower.getByRole("link", { name: "All" }))).toBe(true);
  });

  it("says how many results a list's search found, where a screen reader's focus is (the search box)", async () => {
    await open("/cities");
    const box = page.getByRole("searchbox", { name: "Search cities or countries" });
    const status = page.getByRole("search").getByRole("status");
    // Nothing is said before the visitor searches.
    expect(await status.textContent()).toBe("");
    await tabTo(page, box);
    await page.keyboard.type("ber");
    await expect.poll(() => status.textContent()).toMatch(/^\d+ (city|cities) found$/);
    await page.keyboard.type("xq");
    await page.getByText("No cities found").waitFor();
    await expect.poll(() => status.textContent()).toBe("0 cities found");
    expect(await isFocused(box)).toBe(true);

    await open("/countries");
    await tabTo(page, page.getByRole("searchbox", { name: "Search countries" }));
    await page.keyboard.type("switz");
    await expect.poll(() => page.getByRole("search").getByRole("status").textContent()).toBe("1 country found");

    // Another page of the same search is not announced again: the region keeps its words.
    await open("/cities");
    await tabTo(page, box);
    await page.keyboard.type("a");
    // The search itself, not the count of the list it started from (said as soon as one types).
    await page.waitForURL(/q=a/);
    // The address changes before the search's answer arrives: wait for Remix's navigation to end.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter?.state.navigation.state === "idle");
    await expect.poll(() => status.textContent()).toMatch(/^\d+ cities found$/);
    // On a loaded machine the list's own count can still be showing: wait until the words hold for half a second.
    let said = await status.textContent();
    await expect
      .poll(async () => {
        const before = said;
        await page.waitForTimeout(500);
        said = await status.textContent();
        return said === before;
      })
      .toBe(true);
    await status.evaluate((element) => {
      const changes: string[] = ((window as unknown as { statusChanges: string[] }).statusChanges = []);
      new MutationObserver(() => changes.push(element.textContent ?? "")).observe(element, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole("link", { name: "Page 2" }).first().click();
    await page.waitForURL(/page=2/);
    await page.getByRole("link", { name: "Page 1" }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { statusChanges: string[] }).statusChanges)).toEqual([]);
    expect(await status.textContent()).toBe(said);
  });

  it("rings a focused list search box in a colour that stands out from the page", async () => {
    await open("/categories");
    const box = page.getByRole("searchbox", { name: "Search categories" });
    await tabTo(page, box);
    const { shadow, background } = await box.evaluate((element) => {
      // The page's background as rgb() (Tailwind's palette computes to oklch).
      const pixel = document.createElement("canvas").getContext("2d")!;
      pixel.fillStyle = getComputedStyle(document.body).backgroundColor;
      pixel.fillRect(0, 0, 1, 1);
      const [r, g, b] = pixel.getImageData(0, 0, 1, 1).data;
      return { shadow: getComputedStyle(element).boxShadow, background: `rgb(${r}, ${g}, ${b})` };
    });
    // The ring is the shadow that only spreads (no offset, no blur): the card's soft shadow is not.
    const rings = [...shadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px ([1-9]\d*)px/g)].map((match) => match[1]!);
    expect(rings.length).toBeGreaterThan(0);
    for (const ring of rings) expect(contrast(ring, background)).toBeGreaterThanOrEqual(3);
  });

  it("announces Share's Copied! from a live region that is there before the copy", async () => {
    await open(BUSINESS);
    const status = page.getByTestId("share-status");
    expect(await status.getAttribute("role")).toBe("status");
    expect(await status.textContent()).toBe("");
    await tabTo(page, page.getByRole("button", { name: "Share" }));
    await page.keyboard.press("Enter");
    await expect.poll(() => status.textContent()).toBe("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base()}${BUSINESS}`);
    await expect.poll(() => status.textContent(), { timeout: 4000 }).toBe("");
  });

  it("takes the focus to a notification with F8, ringed, and closes it from there with the keyboard", async () => {
    const refusing = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await refusing.newPage();
    await tab.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) } });
    });
    await open(BUSINESS, tab);
    await tabTo(tab, tab.getByRole("button", { name: "Share" }));
    await tab.keyboard.press("Enter");
    const toast = tab.getByTestId("toast-region").locator("li");
    await toast.getByText("Could not copy the link").waitFor();
    await tab.keyboard.press("F8");
    expect(await isFocused(tab.getByTestId("toast-region"))).toBe(true);
    // The ring is the shadow that only spreads (no offset, no blur).
    expect(await toast.evaluate((element) => getComputedStyle(element).boxShadow)).toMatch(/rgba?\([^)]*\) 0px 0px 0px [1-9]\d*px/);
    await tab.keyboard.press("Tab");
    expect(await isFocused(tab.getByRole("button", { name: "Close notification" }))).toBe(true);
    await tab.keyboard.press("Enter");
    await toast.waitFor({ state: "detached" });
    await refusing.close();
  });

  it("lets the keyboard into the map and out again, the map named for its business", async () => {
    await open(BUSINESS);
    await page.getByTestId("business-map").scrollIntoViewIfNeeded();
    const canvas = page.locator(".maplibregl-canvas");
    await canvas.waitFor({ timeout: 15_000 });
    // What Tab reaches is the canvas: its own name says whose map it is, and it is the one
    // region for the map (not a region "Map" inside another).
    expect(await canvas.getAttribute("aria-label")).toBe("Map showing E2E Keyboard Inn");
    expect(await page.getByRole("region", { name: /Map/ }).count()).toBe(1);
    await tabTo(page, canvas);
    // Arrows pan the map; Tab and Shift+Tab still go on and come back.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Tab");
    // Tab leaves the map for what follows it (the basemap's credits, the places nearby): not trapped.
    expect(await isFocused(canvas)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(A|BUTTON|SUMMARY)$/);
    await page.keyboard.press("Shift+Tab");
    expect(await isFocused(canvas)).toBe(true);
  });

  it("shows the focus ring around the map when the keyboard is in it", async () => {
    await open(BUSINESS);
    const map = page.getByTestId("business-map");
    await map.scrollIntoViewIfNeeded();
    const canvas = page.locator(".maplibregl-canvas");
    await canvas.waitFor({ timeout: 15_000 });
    await tabTo(page, canvas);
    // The canvas fills a box that clips anything drawn outside it: the ring goes around the box.
    expect(await map.evaluate((element) => getComputedStyle(element).overflow)).toBe("hidden");
    const outline = await map.evaluate((element) => ({ style: getComputedStyle(element).outlineStyle, width: getComputedStyle(element).outlineWidth }));
    expect(outline).toEqual({ style: "solid", width: "2px" });
  });

  it("marks the contact form's required fields as required and ties each error to its field", async () => {
    await open("/contact");
    for (const label of ["Full Name *", "Email Address *", "Subject *", "Message *"]) {
      expect(await page.getByLabel(label).evaluate((element) => (element as HTMLInputElement).required), label).toBe(true);
    }
    for (const label of ["Company (Optional)", "Phone Number (Optional)"]) {
      expect(await page.getByLabel(label).evaluate((element) => (element as HTMLInputElement).required), label).toBe(false);
    }
    // Sent empty from the keyboard: the page's own messages (no browser bubble), the focus on the first field to fix.
    await tabTo(page, page.getByRole("button", { name: "Send Message" }), 60);
    await page.keyboard.press("Enter");
    const name = page.getByLabel("Full Name *");
    await expect.poll(() => isFocused(name)).toBe(true);
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    const described = await name.evaluate((element) => document.getElementById(element.getAttribute("aria-describedby")!)?.textContent);
    expect(described).toBe("Name must be at least 2 characters");
  });
});
