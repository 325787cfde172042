import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { signedInContext } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { invitationLink, STAFF_PASSWORD } from "./support/staff";

/**
 * Issue 52 in a real browser: an administrator invites a moderator from Ekip, the invitee opens
 * the e-mailed link, chooses a name and a password and signs in with their e-mail address; they
 * see only the moderator's screens; once removed, their next step goes to the login.
 */

const stamp = Date.now();
const EMAIL = `mod-${stamp}@example.org`;
const NAME = "Deniz Moderatör";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a moderator's way onto the team and off it", () => {
  it("is invited, joins through the e-mailed link, signs in by e-mail, sees only their screens, and is shut out when removed", async () => {
    const base = inject("baseURL");
    const admin = await signedInContext(browser, base, { viewport: { width: 1366, height: 900 } });
    const teamPage = await admin.newPage();
    await teamPage.goto(`${base}/admin/team`);
    await hydrated(teamPage);
    await teamPage.getByLabel("E-posta").fill(EMAIL);
    await teamPage.getByLabel("Rol").selectOption("moderator");
    await teamPage.getByRole("button", { name: "Davet gönder" }).click();
    await teamPage.getByRole("status").filter({ hasText: EMAIL }).waitFor();
    expect(await teamPage.getByTestId("team-invites").textContent()).toContain(EMAIL);

    // The invitee, in a browser of their own, follows the link from the mailbox.
    const invitee = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await invitee.newPage();
    await page.goto(await invitationLink(base, EMAIL));
    await page.getByText(`${EMAIL} · Moderatör`).waitFor();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "staff-invite-390");
    await page.getByLabel("Görünen ad").fill(NAME);
    await page.getByLabel("Şifre", { exact: true }).fill("password1234");
    await page.getByLabel("Şifre (tekrar)").fill("password1234");
    await page.getByRole("button", { name: "Hesabımı aç" }).click();
    expect(await page.getByRole("alert").textContent()).toContain("yaygın");
    await page.getByLabel("Şifre", { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel("Şifre (tekrar)").fill(STAFF_PASSWORD);
    await page.getByLabel("Görünen ad").fill(NAME);
    await page.getByRole("button", { name: "Hesabımı aç" }).click();
    await page.getByRole("heading", { name: "Ekibe hoş geldiniz" }).waitFor();
    await page.getByRole("link", { name: "Giriş yap" }).click();

    await page.waitForURL("**/admin/login");
    await hydrated(page);
    await page.getByLabel("Kullanıcı Adı").fill(EMAIL.toUpperCase());
    await page.getByLabel("Şifre", { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    // A moderator's home is the queue; the menu holds only what they may use.
    await page.waitForURL("**/admin/moderation");
    await hydrated(page);
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Admin" });
    // The queue's badge ("N bekleyen") shows whatever other test files left pending: the names alone count.
    const links = (await menu.getByRole("link").allTextContents()).map((text) => text.replace(/[^\p{L} ]/gu, "").replace(/ bekleyen$/, "").trim());
    expect(links).toEqual(["Moderasyon", "Üyeler", "İşlem Geçmişi", "Hesabım"]);
    expect(await page.getByTestId("admin-username").textContent()).toBe(NAME);
    await screenshot(page, "staff-moderator-menu-390");
    await page.keyboard.press("Escape");
    // An administrator's page typed into the address bar is refused, not shown.
    const settings = await page.goto(`${base}/admin/settings`);
    expect(settings?.status()).toBe(403);
    await page.getByRole("heading", { name: "Bu sayfa için yetkiniz yok" }).waitFor();

    // The administrator removes them; their very next step lands on the login.
    await teamPage.reload();
    await hydrated(teamPage);
    teamPage.once("dialog", (dialog) => void dialog.accept());
    await teamPage.getByRole("button", { name: `${NAME} ekipten çıkar` }).click();
    await teamPage.getByRole("status").filter({ hasText: "ekipten çıkarıldı" }).waitFor();
    await screenshot(teamPage, "staff-team-1366");
    await page.goto(`${base}/admin/members`);
    await page.waitForURL("**/admin/login**");
    await admin.close();
    await invitee.close();
  });
});
