import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { signedInContext } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1366, height: 900 } },
] as const;

/** The menu's unread badge (0 when it is not shown); present in the phone's closed drawer too. */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId("badge-/admin/messages");
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.textContent()) ?? "0", 10);
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, what).toBeLessThanOrEqual(widths.window);
}

async function expectCleanScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page, name);
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

async function sendFromContactPage(subject: string, message: string) {
  const visitor = await browser.newPage();
  await visitor.goto(`${base()}/contact`);
  await hydrated(visitor);
  await visitor.getByLabel("Full Name *").fill("Grace Hopper");
  await visitor.getByLabel("Email Address *").fill("grace@example.com");
  await visitor.getByLabel("Subject *").fill(subject);
  await visitor.getByLabel("Message *").fill(message);
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await visitor.getByText("Message Sent Successfully").waitFor();
  await visitor.close();
}

describe.each(WIDTHS)("the inbox and the audit log at $name width", ({ name, viewport }) => {
  it("takes a visitor's message from /contact to the inbox, where it is read and marked handled, and logs it", async () => {
    const subject = `Opening hours wrong (${name})`;
    const text = `Our hotel now opens at 7:00 every day; please correct it. A long address to wrap: reservations-department-${name}@an-extremely-long-hotel-domain-name.example.com`;
    await sendFromContactPage(subject, text);

    const context = await signedInContext(browser, base(), { viewport });
    const page = await context.newPage();
    await page.goto(`${base()}/admin/messages`);
    await hydrated(page);
    const unreadBefore = await unreadBadge(page);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const link = page.getByRole("link", { name: subject });
    await link.waitFor();
    await expectCleanScreen(page, `admin-messages-${name}`);

    // Search finds it by a word of its text.
    await page.getByLabel("Mesajlarda ara").fill(`reservations-department-${name}`);
    await page.getByRole("button", { name: "Ara", exact: true }).click();
    await page.waitForURL(/q=reservations/);
    await expect.poll(() => page.getByTestId("inbox-list").locator("li").count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole("link", { name: subject }).click();
    await page.getByTestId("message-text").getByText(text).waitFor();
    // Opening it made it read: the menu's count goes down.
    await expect.poll(() => unreadBadge(page), { timeout: 15_000 }).toBe(unreadBefore - 1);
    await expectCleanScreen(page, `admin-message-${name}`);

    await page.getByRole("button", { name: "İşlendi olarak işaretle" }).click();
    await page.getByRole("button", { name: "İşlenmedi olarak işaretle" }).waitFor();
    await page.getByText("İşlendi", { exact: true }).first().waitFor();

    // The action is in the audit log, with who did it.
    await page.goto(`${base()}/admin/activity?action=message.handled`);
    await hydrated(page);
    const entry = page.getByTestId("audit-entries").locator("li").filter({ hasText: subject });
    await entry.waitFor();
    expect(await entry.innerText()).toContain("admin");
    await expectCleanScreen(page, `admin-activity-${name}`);

    // Back in the inbox it is listed as handled.
    await page.goto(`${base()}/admin/messages?filter=handled`);
    await page.getByRole("link", { name: subject }).waitFor();

    // The new screens in dark mode: axe's contrast rules hold there too.
    await context.addCookies([{ name: "adminDarkMode", value: "true", url: base() }]);
    for (const path of ["/admin/messages", "/admin/activity"]) {
      await page.goto(`${base()}${path}`);
      await page.locator("[data-theme=dark]").waitFor();
      await page.locator("main h1").first().waitFor();
      expect(await axeViolations(page), `${path} (dark)`).toEqual([]);
    }
    await page.goto(`${base()}/admin/messages?filter=handled`);
    await page.getByRole("link", { name: subject }).click();
    await page.getByTestId("message-text").waitFor();
    expect(await axeViolations(page), "message (dark)").toEqual([]);
    await screenshot(page, `admin-message-dark-${name}`);
    await context.close();
  });

  it("shows the latest admin actions and failed sign-ins on the dashboard, and the notifications as a list", async () => {
    const failed = await fetch(`${base()}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base() },
      body: JSON.stringify({ username: `intruder-${name}`, password: "guess" }),
    });
    expect(failed.status).toBe(401);
    const context = await signedInContext(browser, base(), { viewport });
    const page = await context.newPage();
    await page.goto(`${base()}/admin/settings`);
    await hydrated(page);
    await page.getByRole("button", { name: /Cache Temizle/i }).click();
    await page.getByTestId("toast-region").getByText("Cache temizlendi").first().waitFor();

    await page.goto(`${base()}/admin/dashboard`);
    await hydrated(page);
    const activity = page.locator("section").filter({ has: page.getByRole("heading", { name: "Son aktiviteler" }) });
    await activity.getByText("Cache temizlendi").first().waitFor();
    const failedSignIns = page.locator("section").filter({ has: page.getByRole("heading", { name: "Son başarısız girişler" }) });
    await failedSignIns.getByText(`intruder-${name}`).waitFor();
    await expectCleanScreen(page, `admin-dashboard-${name}`);
    // The admin home shows the same latest entries, and a card for the inbox.
    await page.goto(`${base()}/admin`);
    await hydrated(page);
    await page.locator("section").filter({ has: page.getByRole("heading", { name: "Son aktiviteler" }) }).getByText("Cache temizlendi").first().waitFor();
    await page.getByRole("main").getByRole("link", { name: /^Mesajlar/ }).waitFor();
    await expectCleanScreen(page, `admin-home-${name}`);
    await page.goto(`${base()}/admin/dashboard`);
    await hydrated(page);

    const bell = page.getByRole("button", { name: /^Bildirimler: \d+ yeni$/ });
    await bell.click();
    const list = page.getByRole("region", { name: "Bildirim listesi" });
    await list.getByRole("link", { name: /başarısız giriş denemesi$/ }).waitFor();
    expect(Number(/(\d+) başarısız giriş/.exec(await list.innerText())?.[1])).toBeGreaterThanOrEqual(1);
    await expectCleanScreen(page, `admin-notifications-${name}`);
    await context.close();
  });
});
