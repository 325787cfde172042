import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminSessionToken, E2E_ADMIN } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser } from "./support/browser";

// The back office driven the way a keyboard or screen-reader user drives it: Tab, Enter, Space
// and Escape only, and what the page tells assistive technology along the way.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: "admin_session", value: await adminSessionToken(base()), url: base() }]);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe("the back office with the keyboard and a screen reader", () => {
  it("logs in with the keyboard; a refused login's toast is read out from a live region and leaves the focus where it was", async () => {
    const guest = await browser.newContext();
    const login = await guest.newPage();
    await login.goto(`${base()}/admin/login`);
    await hydrated(login);
    const region = login.getByTestId("toast-region");
    // The live region is there before anything is said in it.
    expect(await region.getAttribute("aria-live")).toBe("polite");
    await login.keyboard.press("Tab"); // the skip link
    await login.keyboard.press("Tab");
    await login.keyboard.type(E2E_ADMIN.username);
    await login.keyboard.press("Tab");
    await login.keyboard.type("not the password");
    await login.keyboard.press("Enter");
    await region.getByText("Giriş hatası", { exact: true }).waitFor();
    // An error interrupts; the password field keeps the focus.
    expect(await region.getAttribute("aria-live")).toBe("assertive");
    expect(await login.evaluate(() => document.activeElement?.id)).toBe("login-password");
    expect(await axeViolations(login)).toEqual([]);
    await login.keyboard.press("ControlOrMeta+A");
    await login.keyboard.type(E2E_ADMIN.password);
    await login.keyboard.press("Enter");
    await login.waitForURL(/\/admin$/);
    await guest.close();
  });
});
