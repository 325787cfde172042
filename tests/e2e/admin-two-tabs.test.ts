import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminSessionToken } from "./support/admin-session";
import { hydrated, launchBrowser } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

// One administrator with two tabs open on the back office (or two administrators): each tab's
// screen may be older than what the other just saved.
let browser: Browser;
let context: BrowserContext;
let tabA: Page;
let tabB: Page;
let session: string;
const base = () => inject("baseURL");

const NAMES = ["Zz Two Tabs One", "Zz Two Tabs Two", "Zz Two Tabs Three"];
const LIST = () => `/admin/businesses?filter=${encodeURIComponent("Zz Two Tabs")}&sortBy=name`;
const EMPTY_SETTINGS = { head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" };

beforeAll(async () => {
  runSql(
    inject("stateDir"),
    NAMES.map(
      (name, i) => `INSERT INTO businesses (name, slug, category, category_slug, city, city_slug, country, country_code, place_id, is_approved)
       VALUES (${sqlString(name)}, 'zz-two-tabs-${i}', 'Hotel', 'hotel', 'Zürich', 'zurich', 'Switzerland', 'CH', 'e2e-two-tabs-${i}', 1);`,
    ).join("\n"),
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  session = await adminSessionToken(base());
  await context.addCookies([{ name: "admin_session", value: session, url: base() }]);
  tabA = await context.newPage();
  tabB = await context.newPage();
});
afterAll(async () => {
  if (session) await saveSettings(EMPTY_SETTINGS);
  await browser?.close();
  runSql(inject("stateDir"), "DELETE FROM businesses WHERE place_id LIKE 'e2e-two-tabs-%';");
});

/** Saves settings from outside both tabs (the public site's other tests expect none). */
async function saveSettings(body: object) {
  const response = await fetch(`${base()}/api/admin/site-settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base(), Cookie: `admin_session=${session}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const row = (page: Page, name: string) => page.getByTestId("business-row").filter({ hasText: name });
const approvalButton = (page: Page, name: string) => row(page, name).getByRole("button", { name: /^Approved?$/ });

async function openList(page: Page) {
  await page.goto(base() + LIST());
  await hydrated(page);
  await row(page, NAMES[0]!).waitFor();
}

/** The server's approval of a business, asked from tab B (a call from tab A would clear its cache). */
async function serverApproval(name: string): Promise<boolean | undefined> {
  const list = (await tabB.evaluate(async (path) => (await fetch(path)).json(), `/api/admin/businesses?filter=${encodeURIComponent(name)}`)) as {
    businesses: { name: string; isApproved: boolean }[];
  };
  return list.businesses.find((b) => b.name === name)?.isApproved;
}

async function toast(page: Page, text: string) {
  await page.getByTestId("toast-region").getByText(text, { exact: true }).waitFor();
}

describe("the back office open in two tabs", () => {
  it("a click on 'Approved' that another tab already unapproved leaves it unapproved, and a slow double click does not undo itself", async () => {
    const name = NAMES[0]!;
    await openList(tabA);
    await openList(tabB);
    await approvalButton(tabB, name).click();
    await approvalButton(tabB, name).filter({ hasText: /^Approve$/ }).waitFor();
    expect(await serverApproval(name)).toBe(false);

    // Tab A still shows "Approved": the administrator clicks it to unapprove.
    expect(await approvalButton(tabA, name).textContent()).toBe("Approved");
    const reloaded = tabA.waitForResponse((response) => new URL(response.url()).pathname === "/admin/businesses.data");
    await approvalButton(tabA, name).click();
    await reloaded;
    await tabA.waitForTimeout(100);
    expect(await approvalButton(tabA, name).textContent()).toBe("Approve");
    expect(await serverApproval(name)).toBe(false);

    // Two clicks 200 ms apart on "Approve" (the second is the double click's second).
    const box = (await approvalButton(tabA, name).boundingBox())!;
    await tabA.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tabA.mouse.down({ clickCount: 1 });
    await tabA.mouse.up({ clickCount: 1 });
    await tabA.waitForTimeout(200);
    await tabA.mouse.down({ clickCount: 2 });
    await tabA.mouse.up({ clickCount: 2 });
    // Long enough for both clicks' calls and the list reloaded after them.
    await tabA.waitForTimeout(1500);
    expect(await approvalButton(tabA, name).textContent()).toBe("Approved");
    expect(await serverApproval(name)).toBe(true);
  });

  it("the approval button and 'Sil' on rows another tab deleted say so plainly, and the rows go", async () => {
    const [deleted, alsoDeleted] = [NAMES[1]!, NAMES[2]!];
    await openList(tabA);
    await openList(tabB);
    await row(tabA, alsoDeleted).waitFor();
    // Deleted by calls (from tab B's page, whose list stays on screen as it was).
    const listed = await tabB.evaluate(async (path) => ((await (await fetch(path)).json()) as { businesses: { id: number; name: string }[] }).businesses, LIST().replace("/admin/", "/api/admin/"));
    for (const name of [deleted, alsoDeleted]) {
      const id = listed.find((b) => b.name === name)!.id;
      expect(await tabB.evaluate(async (path) => (await fetch(path, { method: "DELETE" })).status, `/api/businesses/${id}`)).toBe(200);
    }

    await approvalButton(tabA, deleted).click();
    await toast(tabA, "Failed to update business approval status.");
    await toast(tabA, "Business not found");
    await row(tabA, deleted).waitFor({ state: "detached" });
    expect(await tabA.getByTestId("toast-region").textContent()).not.toContain("404");

    tabB.once("dialog", (dialog) => dialog.accept());
    await row(tabB, alsoDeleted).getByRole("button", { name: "Sil" }).click();
    await toast(tabB, "Error");
    await toast(tabB, "Business not found");
    await row(tabB, alsoDeleted).waitFor({ state: "detached" });
    expect(await tabB.getByTestId("toast-region").textContent()).not.toContain("404");
  });
});

describe("site settings edited in two tabs", () => {
  it("a save keeps what the other tab saved meanwhile, and both screens then show the server's values", async () => {
    await saveSettings(EMPTY_SETTINGS);
    const menu = (page: Page) => page.getByRole("navigation", { name: "Admin" });
    // Tab A opens the settings, goes to the dashboard: the screen it left is in its memory.
    await tabA.goto(`${base()}/admin/settings`);
    await hydrated(tabA);
    await menu(tabA).getByRole("link", { name: /^\W*Dashboard/ }).click();
    await tabA.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    await tabB.goto(`${base()}/admin/settings`);
    await hydrated(tabB);
    await tabB.getByLabel("Footer Tag codes").fill("<p>footer from B</p>");
    await tabB.getByRole("button", { name: "Kaydet" }).click();
    await toast(tabB, "Ayarlar kaydedildi");

    // Back on the settings, tab A shows B's footer, and saving its head keeps it.
    await menu(tabA).getByRole("link", { name: /^\W*Site Ayarları/ }).click();
    await tabA.waitForURL(/\/admin\/settings$/);
    await tabA.getByRole("heading", { level: 1, name: "Site Ayarları" }).waitFor();
    expect(await tabA.getByLabel("Footer Tag codes").inputValue()).toBe("<p>footer from B</p>");
    await tabA.getByLabel("Head Tag codes").fill('<meta name="from-a">');
    await tabA.getByRole("button", { name: "Kaydet" }).click();
    await toast(tabA, "Ayarlar kaydedildi");

    // Tab B's screen still has the head empty; saving its analytics code does not empty A's head,
    // and B then shows the head A saved, which "Sıfırla" keeps.
    await tabB.getByLabel("Analytics code").fill("UA-from-B");
    await tabB.getByRole("button", { name: "Kaydet" }).click();
    await toast(tabB, "Ayarlar kaydedildi");
    const stored = { head_tags: '<meta name="from-a">', footer_tags: "<p>footer from B</p>", analytics_code: "UA-from-B", facebook_pixel: "" };
    expect(await tabB.evaluate(async () => (await fetch("/api/admin/site-settings")).json())).toEqual(stored);
    await expect.poll(() => tabB.getByLabel("Head Tag codes").inputValue()).toBe(stored.head_tags);
    await tabB.getByLabel("Footer Tag codes").fill("not saved");
    await tabB.getByRole("button", { name: "Sıfırla" }).click();
    expect(await tabB.getByLabel("Head Tag codes").inputValue()).toBe(stored.head_tags);
    expect(await tabB.getByLabel("Footer Tag codes").inputValue()).toBe(stored.footer_tags);
  });
});
