import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN, signedInContext } from "./support/admin-session";
import { axeViolations, holdRequests, hydrated, isFocused, launchBrowser, tabTo } from "./support/browser";
import { runSql } from "./support/public-db";

// The back office driven the way a keyboard or screen-reader user drives it: Tab, Enter, Space
// and Escape only, and what the page tells assistive technology along the way.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
  context = await signedInContext(browser, base(), { viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string) {
  await page.goto(`${base()}${path}`);
  await page.locator("main h1").first().waitFor();
  await hydrated(page);
}

/** The text of the elements an element's aria-describedby names. */
const description = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

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

  it("says the Turkish back office is Turkish, and its English parts English", async () => {
    for (const path of ["/admin/login", "/admin/businesses", "/admin/settings", "/admin-legacy"]) {
      await page.goto(`${base()}${path}`);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe("tr");
    }
    const langOf = (locator: Locator) => locator.evaluate((element) => element.closest("[lang]")?.getAttribute("lang"));
    await open("/admin/businesses");
    expect(await langOf(page.getByTestId("business-row").first().getByRole("button", { name: /^Approve/ }))).toBe("en");
    await open("/admin/settings");
    expect(await langOf(page.getByText("Head Tag codes", { exact: true }))).toBe("en");
    // The page's own furniture speaks the page's language.
    expect(await page.getByRole("region", { name: "Bildirimler (F8)" }).count()).toBe(1);
    expect(await page.getByRole("complementary", { name: "Yönetim menüsü" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "İçeriğe geç" }).count()).toBe(1);
    // The signed-out /admin panel is the spec's English one; the public site, and its 404 page
    // under /admin, stay English.
    const guest = await browser.newContext();
    const visitor = await guest.newPage();
    await visitor.goto(`${base()}/admin`);
    expect(await langOf(visitor.getByLabel("Username"))).toBe("en");
    // Its toasts too: that screen is English throughout, its document included.
    await visitor.getByLabel("Username").fill("nobody");
    await visitor.getByLabel("Password").fill("wrong");
    await visitor.getByLabel("Password").press("Enter");
    expect(await langOf(visitor.getByText("Invalid Login", { exact: true }))).toBe("en");
    for (const path of ["/", "/admin/no-such-page"]) {
      await visitor.goto(`${base()}${path}`);
      expect(await visitor.evaluate(() => document.documentElement.lang), path).toBe("en");
      expect(await visitor.getByRole("region", { name: "Notifications (F8)" }).count(), path).toBe(1);
      expect(await visitor.getByRole("link", { name: "Skip to main content" }).count(), path).toBe(1);
    }
    await guest.close();
  });

  it("approves and unapproves a business with Enter and Space, the button saying its state and keeping the focus", async () => {
    await open("/admin/businesses?sortBy=name");
    const row = page.getByTestId("business-row").first();
    const name = (await row.locator("td").first().locator("p").first().textContent())!;
    const toggle = row.getByRole("button", { name: /^Approve/ });
    await tabTo(page, toggle);
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    // Among twenty rows of the same two buttons, each says which business it is for.
    expect(await description(toggle)).toBe(name);
    expect(await description(row.getByRole("button", { name: "Sil" }))).toBe(name);
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await toggle.textContent()).toBe("Approve");
    expect(await isFocused(toggle)).toBe(true);
    // The list reloads after the answer; until then the button says it is busy and ignores a press.
    await expect.poll(() => toggle.getAttribute("aria-disabled")).toBe("false");
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await isFocused(toggle)).toBe(true);
    const api = (await page.evaluate(async (n) => (await fetch(`/api/admin/businesses?filter=${encodeURIComponent(n)}`)).json(), name)) as { businesses: { name: string; isApproved: boolean }[] };
    expect(api.businesses.find((b) => b.name === name)?.isApproved).toBe(true);
  });

  it("ignores every row's buttons while one action is on its way: no second request, no confirm, the focus kept", async () => {
    await open("/admin/businesses?sortBy=name");
    const rows = page.getByTestId("business-row");
    const first = rows.nth(0).getByRole("button", { name: /^Approve/ });
    const second = rows.nth(1).getByRole("button", { name: /^Approve/ });
    const secondWas = await second.getAttribute("aria-pressed");
    // The first answer is held until the other presses have been tried.
    const requests: string[] = [];
    const release = await holdRequests(page, "**/api/admin/businesses/*/toggle-approval", (request) => requests.push(request.url()));
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await tabTo(page, first);
    await page.keyboard.press("Enter");
    await expect.poll(() => first.getAttribute("aria-disabled")).toBe("true");
    for (const other of [second, rows.nth(1).getByRole("button", { name: "Sil" }), page.getByRole("button", { name: "Tümünü Sil" })]) {
      expect(await other.getAttribute("aria-disabled")).toBe("true");
      await other.focus();
      await page.keyboard.press("Enter");
      expect(await isFocused(other)).toBe(true);
    }
    release();
    await expect.poll(() => first.getAttribute("aria-disabled")).toBe("false");
    await page.unroute("**/api/admin/businesses/*/toggle-approval");
    page.removeAllListeners("dialog");
    expect(requests).toHaveLength(1);
    expect(dialogs).toEqual([]);
    expect(await second.getAttribute("aria-pressed")).toBe(secondWas);
    // Put the first row back as it was for the tests after this one.
    await first.press("Enter");
    await expect.poll(() => first.getAttribute("aria-pressed")).toBe("true");
  });

  it("deletes with the keyboard, the focus going to the row that takes the deleted one's place, then to the search box", async () => {
    runSql(
      inject("stateDir"),
      `INSERT INTO businesses (name, slug, category, category_slug, city, city_slug, country, country_code, place_id)
       VALUES ('Keyfocus Inn A', 'keyfocus-inn-a-k1', 'Hotel', 'hotel', 'Zürich', 'zurich', 'Switzerland', 'CH', 'e2e-keyfocus-a'),
              ('Keyfocus Inn B', 'keyfocus-inn-b-k2', 'Hotel', 'hotel', 'Zürich', 'zurich', 'Switzerland', 'CH', 'e2e-keyfocus-b');`,
    );
    await open("/admin/businesses?filter=Keyfocus&sortBy=name");
    const rows = page.getByTestId("business-row");
    await expect.poll(() => rows.count()).toBe(2);
    page.on("dialog", (dialog) => dialog.accept());
    const firstDelete = rows.first().getByRole("button", { name: "Sil" });
    await tabTo(page, firstDelete);
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count()).toBe(1);
    // Inn B's row took Inn A's place, and its Sil button the focus.
    await expect.poll(() => isFocused(rows.first().getByRole("button", { name: "Sil" }))).toBe(true);
    expect(await description(rows.first().getByRole("button", { name: "Sil" }))).toBe("Keyfocus Inn B");
    await page.keyboard.press("Enter");
    await page.getByText("İşletme bulunamadı").waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder)).toBe("İşletme adıyla ara...");
    page.removeAllListeners("dialog");
  });

  it("sorts with the keyboard, and the sorted column says its order", async () => {
    await open("/admin/businesses");
    const header = (label: string) => page.locator("thead th", { hasText: label });
    const rating = page.getByRole("group", { name: "Sırala" }).getByRole("button", { name: /^Puan/ });
    await tabTo(page, rating);
    await page.keyboard.press("Enter");
    await page.waitForURL(/sortBy=rating&sortOrder=asc/);
    await expect.poll(() => header("Puan").getAttribute("aria-sort")).toBe("ascending");
    expect(await rating.getAttribute("aria-pressed")).toBe("true");
    expect(await isFocused(rating)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/sortBy=rating&sortOrder=desc/);
    await expect.poll(() => header("Puan").getAttribute("aria-sort")).toBe("descending");
    expect(await header("İşletme").getAttribute("aria-sort")).toBeNull();
  });

  it("uploads a file chosen from the keyboard, its progress bar named and told in words", async () => {
    await open("/admin/upload");
    const picker = page.locator('input[type="file"]');
    // Listening first: Playwright turns on its file-chooser interception when a listener is added.
    const choosing = page.waitForEvent("filechooser");
    await tabTo(page, picker);
    await page.keyboard.press("Space");
    const csv = ["name,address,category,place_id,country_code", ...Array.from({ length: 20 }, (_, i) => `Klavye Otel ${i},"Kordon ${i}, İzmir",Hotel,keyboard-${Date.now()}-${i},TR`)].join("\n");
    await (await choosing).setFiles({ name: "klavye.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const upload = page.getByRole("button", { name: "Yükle (1)" });
    await tabTo(page, upload);
    await page.keyboard.press("Enter");
    await page.getByTestId("upload-report").waitFor({ timeout: 30_000 });
    // Done, nothing waits and Yükle is disabled: the focus goes on to choosing more files, not to the top of the page.
    await expect.poll(() => isFocused(picker)).toBe(true);
    const bar = page.getByRole("progressbar", { name: "klavye.csv" });
    expect(await bar.count()).toBe(1);
    // Finished, the bar stands full; a reader is told the rows it read.
    expect(await bar.getAttribute("aria-valuetext")).toBe("İşlenen satır: 20");
    // The report's headings follow the card's, and the page passes axe (the toast closed first).
    await page.getByTestId("toast-region").getByRole("button").click();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("ties each code field to its help, its warning and its size error", async () => {
    await open("/admin/settings");
    const head = page.getByLabel("Head Tag codes");
    expect(await description(head)).toContain("<head> içine eklenir");
    const footer = page.getByLabel("Footer Tag codes");
    await footer.fill("<script>console.log(1)</script>");
    await expect.poll(() => description(footer)).toContain("Bu alan <script> etiketi içeriyor");
    await footer.fill("");

    await open("/admin/advertisements");
    const ad = page.getByLabel(/Reklam 2/);
    expect(await ad.getAttribute("aria-invalid")).toBeNull();
    await ad.fill("x".repeat(51 * 1024));
    expect(await ad.getAttribute("aria-invalid")).toBe("true");
    expect(await description(ad)).toContain("51 KB / 50 KB");
    await ad.fill("");
    expect(await ad.getAttribute("aria-invalid")).toBeNull();
  });

  it("runs the export dialog from the keyboard: focus in, Tab kept inside, a failed export keeps the focus, Escape back to the button", async () => {
    await open("/admin/businesses");
    const opener = page.getByRole("button", { name: "CSV Dışa Aktar" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "CSV Dışa Aktar" });
    await dialog.getByText("Hotel", { exact: true }).first().waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await inDialog()).toBe(true);
    // Every control of the dialog, and round again: Tab never leaves it.
    const stops = new Set<string>();
    for (let i = 0; i < 140; i++) {
      await page.keyboard.press("Tab");
      expect(await inDialog()).toBe(true);
      stops.add(await page.evaluate(() => (document.activeElement as HTMLElement).outerHTML));
    }
    expect(stops.size).toBeLessThan(140);
    await page.keyboard.press("Shift+Tab");
    expect(await inDialog()).toBe(true);

    // The server refuses: the error toast is said and the focus stays on Dışa Aktar, to try again.
    await page.route("**/api/admin/export-csv?**", (route) => route.fulfill({ status: 500, body: "boom" }));
    const exportButton = dialog.getByRole("button", { name: "Dışa Aktar", exact: true });
    await tabTo(page, exportButton, 200);
    await page.keyboard.press("Enter");
    await page.getByTestId("toast-region").getByText("Dışa aktarma hatası").waitFor();
    expect(await isFocused(exportButton)).toBe(true);
    await page.unroute("**/api/admin/export-csv?**");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(opener)).toBe(true);
  });

  it("keeps the focus on Kaydet through a save made with the keyboard", async () => {
    await open("/admin/advertisements");
    const ad = page.getByLabel(/Reklam 4/);
    await tabTo(page, ad);
    await page.keyboard.type("<!-- klavye -->");
    const save = page.getByRole("button", { name: "Kaydet" });
    await tabTo(page, save, 80, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByTestId("toast-region").getByText("Reklam kodları kaydedildi").waitFor();
    expect(await isFocused(save)).toBe(true);
    // Leave the public pages' ads as they were.
    await ad.fill("");
    await tabTo(page, save, 80, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByTestId("toast-region").getByText("Reklam kodları kaydedildi").waitFor();
  });

  it("names the notification count for a screen reader, and opens and closes the list from the keyboard", async () => {
    await open("/admin/dashboard");
    const bell = page.getByRole("button", { name: /^Bildirimler: \d+ yeni$/ });
    expect(await bell.count()).toBe(1);
    await tabTo(page, bell);
    await page.keyboard.press("Enter");
    const list = page.getByRole("region", { name: "Bildirim listesi" });
    await list.getByRole("link", { name: /okunmamış mesaj$/ }).waitFor();
    expect(await bell.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    expect(await isFocused(bell)).toBe(true);
  });

  it("makes the phone menu a modal dialog while it is open", async () => {
    const phone = await signedInContext(browser, base(), { viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${base()}/admin/businesses`);
    await hydrated(small);
    const menuButton = small.getByRole("button", { name: "Menü" });
    await tabTo(small, menuButton, 10);
    await small.keyboard.press("Enter");
    await small.getByRole("link", { name: /Site Ayarları/ }).waitFor();
    const drawer = small.getByRole("dialog", { name: "Yönetim menüsü" });
    expect(await drawer.count()).toBe(1);
    expect(await drawer.getAttribute("aria-modal")).toBe("true");
    expect(await small.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.id)).toBe("admin-menu");
    await small.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await isFocused(menuButton)).toBe(true);
    // Closed, it is no dialog (and on a wide screen the menu is the page's sidebar).
    expect(await small.getByRole("dialog").count()).toBe(0);
    await phone.close();
  });
});
