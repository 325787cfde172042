import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInContext } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

const WIDTHS = [390, 1366] as const;
const SIGNED_IN_SCREENS = ["/admin", "/admin/dashboard", "/admin/businesses", "/admin/upload", "/admin/settings", "/admin/advertisements", "/admin/reports"];

let browser: Browser;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What sticks out: the document wider than the window, and any visible element reaching past the
 * window's sides or past an ancestor that clips or scrolls it (the "Sil" button cut at the edge).
 */
function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`document ${document.documentElement.scrollWidth} px wide in ${width} px`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
    for (const element of document.body.querySelectorAll("*")) {
      const rect = element.getBoundingClientRect();
      // Screen-reader-only text is 1 px on purpose; hidden elements take no room.
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== "visible" || style.position === "fixed") continue;
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        problems.push(`${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} in ${width} px`);
        continue;
      }
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === "visible") continue;
        const box = parent.getBoundingClientRect();
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
          problems.push(`${describe(element)} cut by ${describe(parent)} (overflow ${overflow})`);
        }
        break;
      }
    }
    return problems.slice(0, 10);
  });
}

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, base(), { viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

async function open(page: Page, path: string) {
  await page.goto(`${base()}${path}`);
  await hydrated(page);
}

describe("every admin screen at 390 px and 1366 px", () => {
  for (const width of WIDTHS) {
    it(`overflows nowhere and passes axe at ${width} px`, async () => {
      const { context, page } = await signedIn(width);
      for (const path of SIGNED_IN_SCREENS) {
        await open(page, path);
        // The dashboard's reports and the upload page's running imports arrive after hydration.
        await page.waitForLoadState("networkidle");
        expect(await overflowProblems(page), `${path} at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
        await screenshot(page, `admin-${path.replace(/^\/admin\/?/, "") || "home"}-${width}`);
      }
      await context.close();

      const guest = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await guest.newPage();
      for (const path of ["/admin/login", "/admin"]) {
        await open(visitor, path);
        expect(await overflowProblems(visitor), `${path} signed out at ${width} px`).toEqual([]);
        expect(await axeViolations(visitor), `${path} signed out at ${width} px`).toEqual([]);
        await screenshot(visitor, `sign-in-${path === "/admin" ? "panel" : "login"}-${width}`);
      }
      await guest.close();
    }, 120_000);
  }
});

describe("the business list", () => {
  it("shows each business as a card on a phone, its name wrapping by words, its buttons inside the card", async () => {
    const { context, page } = await signedIn(390);
    await open(page, "/admin/businesses");
    const row = page.getByTestId("business-row").first();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe("grid");
    // The name has the card's width, not a sliver that breaks it letter by letter.
    const nameWidth = await row.locator("td").first().evaluate((cell) => cell.getBoundingClientRect().width);
    expect(nameWidth).toBeGreaterThan(250);
    const card = (await row.boundingBox())!;
    for (const name of [/^Approve/, "Sil"]) {
      const button = (await row.getByRole("button", { name }).boundingBox())!;
      expect(button.x).toBeGreaterThanOrEqual(card.x);
      expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    }
    // The table's column names, hidden on a phone, label the card's figures.
    await expect(row.textContent()).resolves.toMatch(/Puan: .*Yorum: /);
    await screenshot(page, "business-cards-390");
    await context.close();
  });

  it("fits a business of long words, long category and long address at 390, 1280 and 1366 px", async () => {
    const name = "Abbigliamento Uomo Donna Bambino Calzature Accessori Firenze Centro Storico Outlet";
    runSql(
      inject("stateDir"),
      `INSERT INTO businesses (name, slug, category, type, category_slug, full_address, city, city_slug, country, country_code, place_id, verified)
       VALUES (${sqlString(name)}, 'abbigliamento-e2e-x1y2z3', 'Clothing store', 'Clothing store, shoe store and leather accessories boutique', 'clothing-store',
               'Via dei Calzaiuoli 123, Piazza della Signoria, 50122 Firenze FI, Italia', 'Firenze', 'firenze', 'Italy', 'IT', 'e2e-place-long-row', 1);`,
    );
    try {
      // 1280 px: the narrowest screen that shows the table.
      for (const width of [...WIDTHS, 1280]) {
        const { context, page } = await signedIn(width);
        await open(page, "/admin/businesses?filter=Abbigliamento%20Uomo");
        const row = page.getByTestId("business-row").first();
        await row.getByText(name).waitFor();
        expect(await overflowProblems(page), `at ${width} px`).toEqual([]);
        const box = (await row.boundingBox())!;
        const remove = (await row.getByRole("button", { name: "Sil" }).boundingBox())!;
        expect(remove.x + remove.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
        // No word of the name is broken: each stands on one line.
        const brokenWords = await row.locator("td").first().locator("p").first().evaluate((p) => {
          const text = p.firstChild!;
          const broken: string[] = [];
          let at = 0;
          for (const word of (text.textContent ?? "").split(" ")) {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(word);
            at += word.length + 1;
          }
          return broken;
        });
        expect(brokenWords, `at ${width} px`).toEqual([]);
        await screenshot(page, `business-long-row-${width}`);
        await context.close();
      }
    } finally {
      runSql(inject("stateDir"), "DELETE FROM businesses WHERE place_id = 'e2e-place-long-row';");
    }
  });

  it("keeps a table on a wide screen with Sil inside the list", async () => {
    const { context, page } = await signedIn(1366);
    await open(page, "/admin/businesses");
    const row = page.getByTestId("business-row").first();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe("table-row");
    const table = (await page.locator("table").boundingBox())!;
    const remove = (await row.getByRole("button", { name: "Sil" }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(table.x + table.width);
    await context.close();
  });
});

describe("the upload screen", () => {
  it("leaves the bar empty while an import has read no row yet, and colours no zero as a warning", async () => {
    const jobId = `e2e-zero-${Date.now()}`;
    runSql(
      inject("stateDir"),
      `INSERT INTO upload_jobs (id, file_name, file_size, object_key, file_type, status, progress)
       VALUES (${sqlString(jobId)}, 'sifir.csv', 4096, ${sqlString(`uploads/${jobId}`)}, 'csv', 'processing', '{"processedRows":0}');`,
    );
    try {
      for (const width of WIDTHS) {
        const { context, page } = await signedIn(width);
        await open(page, "/admin/upload");
        const entry = page.getByTestId("upload-file").filter({ hasText: "sifir.csv" });
        await entry.getByText("İşlenen satır: 0 — işleniyor…").waitFor();
        const bar = entry.getByRole("progressbar", { name: "sifir.csv" });
        // No value is claimed and nothing is filled: the import's total is not known yet.
        expect(await bar.getAttribute("aria-valuenow")).toBeNull();
        expect(await bar.getByTestId("file-progress-fill").count()).toBe(0);
        await screenshot(page, `upload-zero-rows-${width}`);
        await context.close();
      }
    } finally {
      runSql(inject("stateDir"), `DELETE FROM upload_jobs WHERE id = ${sqlString(jobId)};`);
    }
  });

  it("imports files dropped onto the page, one after another, and reports new rows as added", async () => {
    const { context, page } = await signedIn(1366);
    await open(page, "/admin/upload");
    const stamp = Date.now();
    const files = [
      { name: "birakilan-1.csv", text: `name,category,place_id,country\nBırakılan Otel ${stamp},Hotel,drop-${stamp}-1,Turkey\n` },
      { name: "birakilan-2.csv", text: `name,category,place_id,country\nBırakılan Pansiyon ${stamp},Hotel,drop-${stamp}-2,Turkey\n` },
    ];
    const zone = page.getByTestId("drop-zone");
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) data.items.add(new File([file.text], file.name, { type: "text/csv" }));
      return data;
    }, files);
    await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
    await zone.getByText("Dosyaları bırakın").waitFor();
    await zone.dispatchEvent("drop", { dataTransfer: transfer });
    await expect(page.getByTestId("upload-file").allTextContents()).resolves.toEqual([
      expect.stringContaining("birakilan-1.csv"),
      expect.stringContaining("birakilan-2.csv"),
    ]);
    await page.getByRole("button", { name: "Yükle (2)" }).click();
    await page.getByText("Tüm dosyalar başarıyla yüklendi").waitFor({ timeout: 60_000 });
    const reports = page.getByTestId("upload-report");
    await expect(reports.nth(0).textContent()).resolves.toContain("birakilan-1.csv: 1 işletme kaydedildi (1 yeni, 0 güncellendi)");
    await expect(reports.nth(1).textContent()).resolves.toContain("birakilan-2.csv: 1 işletme kaydedildi (1 yeni, 0 güncellendi)");
    // Zero skipped and zero refused rows read as plain figures, not as warnings.
    const skipped = reports.nth(0).getByText("Atlanan", { exact: true }).locator("xpath=following-sibling::dd");
    expect(await skipped.evaluate((element) => element.className)).not.toMatch(/amber|red/);
    await screenshot(page, "upload-dropped");

    // The dashboard tells the new rows as added.
    await open(page, "/admin/dashboard");
    const dashboardReports = page.getByTestId("dashboard-upload-reports");
    await dashboardReports.getByText(/birakilan-2\.csv/).waitFor();
    await expect(dashboardReports.getByText(/1 eklendi · 0 güncellendi/).count()).resolves.toBeGreaterThan(0);
    await context.close();
  }, 90_000);
});

describe("the sign-in screens", () => {
  it("look alike, each in one language: /admin/login Turkish, the signed-out /admin English", async () => {
    const guest = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await guest.newPage();
    const look = () => page.locator("main").evaluate((main) => getComputedStyle(main).backgroundImage);

    await open(page, "/admin/login");
    const loginLook = await look();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    await page.getByLabel("Kullanıcı Adı").fill("admin");
    await page.getByLabel("Şifre", { exact: true }).fill("wrong");
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    const toast = page.getByTestId("toast-region");
    await toast.getByText("Giriş hatası", { exact: true }).waitFor();
    await toast.getByText("Geçersiz kullanıcı adı veya şifre").waitFor();
    expect(await toast.getByText("Invalid username or password").count()).toBe(0);

    await open(page, "/admin");
    expect(await look()).toBe(loginLook);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.title()).toBe("Admin Panel – Sign in");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    expect(await page.getByRole("link", { name: "Skip to main content" }).count()).toBe(1);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Login" }).click();
    await toast.getByText("Invalid Login", { exact: true }).waitFor();
    await guest.close();
  });
});

describe("the sitemaps", () => {
  it("are there as soon as the server runs, before any cron, and their panel wraps no file name", async () => {
    // The e2e server seeds through scripts/seed.ts, which builds them.
    const index = await (await fetch(`${base()}/sitemap.xml`)).text();
    expect(index).toContain("/sitemaps/businesses/page-1.xml");
    for (const width of WIDTHS) {
      const { context, page } = await signedIn(width);
      await open(page, "/admin/settings");
      expect(await page.getByTestId("sitemap-last-built").textContent()).not.toContain("Henüz oluşturulmadı");
      const link = page.getByRole("link", { name: "/sitemaps/businesses/page-1.xml" });
      // Each part of the path stands on one line ("page-1.xml" whole): the path breaks after a slash, if at all.
      const lines = await link.evaluate((element) =>
        [...element.querySelectorAll("span")].map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines.length).toBe(4);
      expect(lines.every((count) => count === 1), `lines per part at ${width} px: ${lines.join(", ")}`).toBe(true);
      await screenshot(page, `sitemap-panel-${width}`);
      await context.close();
    }
  });
});

describe("the audit log's long values", () => {
  it("cut a 3,000-character failed sign-in name, a long subject and address with an ellipsis at 390 and 1366 px", async () => {
    // As the log stores a made-up 3,000-character name: its first 300 characters, no space in them.
    const tried = `intruder${"x".repeat(2_992)}`.slice(0, 300);
    const subject = `Grand-Hotel-${"Z".repeat(288)}`;
    const detail = `detail-${"d".repeat(293)}`;
    runSql(
      inject("stateDir"),
      `INSERT INTO audit_log (created_at, action, actor, address, subject, detail) VALUES
         (unixepoch(), 'auth.sign-in-failed', ${sqlString(tried)}, '2001:0db8:85a3:0000:0000:8a2e:0370:7334', NULL, NULL),
         (unixepoch(), 'business.deleted', ${sqlString(tried)}, '2001:0db8:85a3:0000:0000:8a2e:0370:7334', ${sqlString(subject)}, ${sqlString(detail)});`,
    );
    try {
      for (const width of WIDTHS) {
        const { context, page } = await signedIn(width);
        for (const path of ["/admin", "/admin/dashboard", "/admin/activity", `/admin/activity?actor=${encodeURIComponent(tried)}`]) {
          await open(page, path);
          const actor = page.getByTestId("audit-actor").filter({ hasText: "intruder" }).first();
          await actor.waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} at ${width} px`).toBeLessThanOrEqual(0);
          expect(await overflowProblems(page), `${path} at ${width} px`).toEqual([]);
          // Cut on screen, whole in the title.
          const clipped = actor.locator("[title]");
          expect(await clipped.getAttribute("title")).toBe(tried);
          expect(await clipped.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        }
        await screenshot(page, `admin-activity-long-values-${width}`);
        await context.close();
      }
    } finally {
      runSql(inject("stateDir"), `DELETE FROM audit_log WHERE actor = ${sqlString(tried)};`);
    }
  }, 120_000);
});
