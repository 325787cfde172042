import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { adminSessionToken, signedInContext } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";
import { signedInStaffContext } from "./support/staff";

/**
 * The moderation queue worked by a team in real browsers: one moderator deciding twenty items
 * with the keyboard alone, a second one meeting the first one's hold, and a bulk decision. The
 * items are written straight into the database (members' submissions are not the point here).
 */

const stamp = Date.now();
const QUEUE = "/admin/moderation?kind=listing&order=newest";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** `count` pending listings, each submitted by a member of its own; answers the submitters' addresses. */
function pendingListings(tag: string, count: number): { emails: string[] } {
  const names = Array.from({ length: count }, (_, n) => `E2E Queue ${tag} ${stamp} ${String(n).padStart(2, "0")}`);
  const emails = names.map((_, n) => `queue-${tag}-${n}-${stamp}@example.org`);
  runSql(
    inject("stateDir"),
    names
      .map(
        (name, n) => `INSERT INTO members (email, display_name) VALUES (${sqlString(emails[n]!)}, 'Queue ${n}');
          INSERT INTO businesses (name, slug, category, category_slug, city, city_slug, country, country_code, place_id, is_approved, submitted_by)
            VALUES (${sqlString(name)}, ${sqlString(`e2e-queue-${tag}-${stamp}-${n}`)}, 'Hotel', 'hotel', 'Lyon', 'lyon', 'France', 'FR', ${sqlString(`e2e-queue-${tag}-${stamp}-${n}`)}, 0,
              (SELECT id FROM members WHERE email = ${sqlString(emails[n]!)}));
          INSERT INTO moderation_items (kind, member_id, business_id)
            SELECT 'listing', submitted_by, id FROM businesses WHERE slug = ${sqlString(`e2e-queue-${tag}-${stamp}-${n}`)};`,
      )
      .join("\n"),
  );
  return { emails };
}

/** The queue's items as the API lists them (an administrator's call). */
async function items(status: string): Promise<{ id: number; status: string; reason: string | null; submitter: { email: string } | null }[]> {
  const base = inject("baseURL");
  const answer = await fetch(`${base}/api/admin/moderation?kind=listing&status=${status}&order=newest&size=100`, { headers: { Cookie: `admin_session=${await adminSessionToken(base)}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: { id: number; status: string; reason: string | null; submitter: { email: string } | null }[] }).items;
}

async function templates(): Promise<string[]> {
  const base = inject("baseURL");
  const answer = await fetch(`${base}/api/admin/moderation/reasons`, { headers: { Cookie: `admin_session=${await adminSessionToken(base)}` } });
  return ((await answer.json()) as { templates: { text: string }[] }).templates.map((template) => template.text);
}

async function mailTo(email: string): Promise<string[]> {
  const answer = await fetch(`${inject("baseURL")}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { messages: { text: string }[] }).messages.map((message) => message.text);
}

const card = (page: Page, id: number) => page.locator(`[data-testid="moderation-item"][data-id="${id}"]`);
const currentId = (page: Page) => page.evaluate(() => Number(document.querySelector("[data-current]")?.getAttribute("data-id") ?? 0));
const focusedId = (page: Page) => page.evaluate(() => Number((document.activeElement as HTMLElement | null)?.dataset.id ?? 0));
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("the moderation queue, worked by a team", () => {
  it("a moderator decides twenty items with the keyboard alone; a rejected submitter's e-mail carries the reason", async () => {
    const base = inject("baseURL");
    const { emails } = pendingListings("keys", 20);
    const ours = (await items("pending")).filter((item) => emails.includes(item.submitter?.email ?? ""));
    expect(ours).toHaveLength(20);
    const reasons = await templates();
    expect(reasons.length).toBeGreaterThanOrEqual(3);

    const context = await signedInStaffContext(browser, base, { email: `keys-${stamp}@example.org`, displayName: "Ayla Klavye", role: "moderator" }, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(base + QUEUE);
    await hydrated(page);
    await page.getByText("Kısayollar: j/k gezin · a onayla · r reddet · o işletmeyi aç").waitFor();

    // Keys typed into a field are the field's: "j" in the bulk reason box moves nothing.
    await page.getByLabel("Seçilenler için ret gerekçesi").click();
    await page.keyboard.type("jja");
    expect(await currentId(page)).toBe(0);
    await page.getByLabel("Seçilenler için ret gerekçesi").fill("");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const chosen = new Map<number, string | null>();
    for (let n = 0; n < 20; n++) {
      const expected = ours[n]!.id;
      if (n === 0) {
        await page.keyboard.press("j");
        await page.keyboard.press("j");
        await page.keyboard.press("k");
      }
      // The next item becomes current by itself: ringed, focused, announced, and held for this moderator.
      await expect.poll(() => currentId(page)).toBe(expected);
      expect(await focusedId(page)).toBe(expected);
      await expect.poll(() => page.getByTestId("current-announcement").textContent()).toContain(`#${expected}`);
      await card(page, expected).getByTestId("hold-badge").filter({ hasText: "Sizde" }).waitFor();
      if (n === 0) {
        await screenshot(page, "moderation-keyboard-current-1366");
        // "o" opens the business's page in a new tab; the queue keeps its place.
        const [opened] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("o")]);
        await opened.waitForLoadState("domcontentloaded");
        expect(new URL(opened.url()).pathname).toMatch(/^\/business\/e2e-queue-keys-/);
        await opened.close();
        await page.bringToFront();
        expect(await currentId(page)).toBe(expected);
      }
      if (n % 3 === 1) {
        await page.keyboard.press("r");
        const picker = page.getByTestId("reason-picker");
        await picker.waitFor();
        if (n === 1) {
          // Esc closes the picker and gives the focus back to the item; nothing was sent.
          expect((await axeViolations(page)).join("\n")).toBe("");
          await screenshot(page, "moderation-reason-picker-1366");
          await page.setViewportSize({ width: 390, height: 844 });
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await screenshot(page, "moderation-reason-picker-390");
          await page.setViewportSize({ width: 1366, height: 900 });
          await page.keyboard.press("Escape");
          await picker.waitFor({ state: "detached" });
          expect(await focusedId(page)).toBe(expected);
          await page.keyboard.press("r");
          await picker.waitFor();
        }
        const pick = n % reasons.length;
        await page.keyboard.press(String(pick + 1));
        await expect.poll(() => picker.getByRole("textbox").inputValue()).toBe(reasons[pick]);
        let reason = reasons[pick]!;
        if (n === 4) {
          // The picked text stays editable before it is sent.
          await page.keyboard.type(" Please write to us.");
          reason += " Please write to us.";
        }
        await page.keyboard.press("Enter");
        chosen.set(expected, reason);
      } else {
        await page.keyboard.press("a");
        chosen.set(expected, null);
      }
      await card(page, expected).waitFor({ state: "detached" });
    }
    await page.getByTestId("decision-outcome").waitFor();

    const decided = [...(await items("approved")), ...(await items("rejected"))];
    for (const [id, reason] of chosen) {
      const item = decided.find((entry) => entry.id === id);
      expect(item, `#${id}`).toBeDefined();
      expect(item!.status, `#${id}`).toBe(reason === null ? "approved" : "rejected");
      expect(item!.reason, `#${id}`).toBe(reason);
    }
    // The edited reason reached its member by e-mail (through the queue).
    const edited = ours[4]!;
    await expect.poll(async () => (await mailTo(edited.submitter!.email)).some((text) => text.includes(`${chosen.get(edited.id)}`))).toBe(true);
    await context.close();
  });

  it("shows a second moderator whose item is held, and refuses their approval naming the holder", async () => {
    const base = inject("baseURL");
    const { emails } = pendingListings("hold", 2);
    const [held, other] = (await items("pending")).filter((item) => emails.includes(item.submitter?.email ?? ""));
    const a = await signedInStaffContext(browser, base, { email: `hold-a-${stamp}@example.org`, displayName: "Ayla Tutan", role: "moderator" }, { viewport: { width: 1366, height: 900 } });
    const b = await signedInStaffContext(browser, base, { email: `hold-b-${stamp}@example.org`, displayName: "Berk İkinci", role: "moderator" }, { viewport: { width: 390, height: 844 } });
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await pageB.goto(base + QUEUE);
    await hydrated(pageB);
    await pageA.goto(base + QUEUE);
    await hydrated(pageA);

    await pageA.keyboard.press("j");
    await card(pageA, held!.id).getByTestId("hold-badge").filter({ hasText: "Sizde" }).waitFor();

    // B's page was loaded before A's hold: the approval goes out and is refused with A's name.
    await card(pageB, held!.id).getByRole("button", { name: "Onayla" }).click();
    await expect.poll(() => card(pageB, held!.id).getByTestId("decision-error").textContent()).toBe("Bu kaydı şu anda Ayla Tutan inceliyor.");
    await card(pageB, held!.id).getByTestId("hold-badge").filter({ hasText: "İnceleniyor: Ayla Tutan" }).waitFor();

    // Reloaded, B's page shows the hold and keeps the decision buttons off.
    await pageB.reload();
    await hydrated(pageB);
    const heldCard = card(pageB, held!.id);
    await heldCard.getByTestId("hold-badge").filter({ hasText: "İnceleniyor: Ayla Tutan" }).waitFor();
    expect(await heldCard.getByRole("button", { name: "Onayla" }).isDisabled()).toBe(true);
    expect(await heldCard.getByRole("button", { name: "Reddet" }).isDisabled()).toBe(true);
    expect(await overflow(pageB)).toBeLessThanOrEqual(0);
    expect((await axeViolations(pageB)).join("\n")).toBe("");
    await heldCard.scrollIntoViewIfNeeded();
    await screenshot(pageB, "moderation-held-by-other-390");
    expect((await items("pending")).some((item) => item.id === held!.id)).toBe(true);

    // The holder decides it, and the next one (which became theirs): the queue is left as it was found.
    await pageA.keyboard.press("a");
    await card(pageA, held!.id).waitFor({ state: "detached" });
    await card(pageA, other!.id).getByTestId("hold-badge").filter({ hasText: "Sizde" }).waitFor();
    await pageA.keyboard.press("a");
    await card(pageA, other!.id).waitFor({ state: "detached" });
    expect((await items("pending")).filter((item) => emails.includes(item.submitter?.email ?? ""))).toEqual([]);
    await a.close();
    await b.close();
  });

  it("decides the ticked items in bulk from the toolbar, at 390 and 1366 px", async () => {
    const base = inject("baseURL");
    const { emails } = pendingListings("bulk", 4);
    const ours = (await items("pending")).filter((item) => emails.includes(item.submitter?.email ?? ""));
    expect(ours).toHaveLength(4);
    const context = await signedInStaffContext(browser, base, { email: `bulk-${stamp}@example.org`, displayName: "Cem Toplu", role: "moderator" }, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(base + QUEUE);
    await hydrated(page);
    const bar = page.getByTestId("bulk-bar");
    for (const item of ours.slice(0, 3)) await card(page, item.id).getByRole("checkbox").check();
    await expect.poll(() => bar.getByTestId("bulk-count").textContent()).toBe("3 kayıt seçili");
    await bar.getByLabel("Seçilenler için ret gerekçesi").fill("Bulk check: these addresses do not exist.");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect((await axeViolations(page)).join("\n")).toBe("");
    await screenshot(page, "moderation-bulk-390");
    await bar.getByRole("button", { name: "Seçilenleri reddet" }).click();
    await expect.poll(() => page.getByTestId("decision-outcome").textContent()).toBe("3 kayıt karara bağlandı.");
    await expect.poll(() => bar.getByTestId("bulk-count").textContent()).toBe("0 kayıt seçili");
    for (const item of ours.slice(0, 3)) expect(await card(page, item.id).count()).toBe(0);
    const rejected = await items("rejected");
    for (const item of ours.slice(0, 3)) expect(rejected.find((entry) => entry.id === item.id)?.reason).toBe("Bulk check: these addresses do not exist.");

    // "Bu sayfadakilerin tümünü seç" ticks every pending card of the page, and clears them again.
    await page.setViewportSize({ width: 1366, height: 900 });
    await bar.getByLabel("Bu sayfadakilerin tümünü seç").check();
    const pendingCards = await page.getByTestId("bulk-select").count();
    await expect.poll(() => bar.getByTestId("bulk-count").textContent()).toBe(`${pendingCards} kayıt seçili`);
    await screenshot(page, "moderation-bulk-1366");
    await bar.getByLabel("Bu sayfadakilerin tümünü seç").uncheck();
    await card(page, ours[3]!.id).getByRole("checkbox").check();
    await bar.getByRole("button", { name: "Seçilenleri onayla" }).click();
    await expect.poll(() => page.getByTestId("decision-outcome").textContent()).toBe("1 kayıt karara bağlandı.");
    expect((await items("approved")).some((item) => item.id === ours[3]!.id)).toBe(true);
    await context.close();
  });

  it("lets an administrator edit the reason templates with the script: add, move up, refuse an empty one, save", async () => {
    const base = inject("baseURL");
    const before = await templates();
    const context = await signedInContext(browser, base, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(base + "/admin/moderation");
    await hydrated(page);
    await page.getByRole("link", { name: "Gerekçe şablonları" }).click();
    await page.getByRole("heading", { name: "Gerekçe şablonları" }).waitFor();
    await hydrated(page);
    const boxes = page.getByTestId("reasons-form").getByRole("textbox");
    expect(await boxes.count()).toBe(before.length);

    await page.getByRole("button", { name: "Şablon ekle" }).click();
    await expect.poll(() => boxes.count()).toBe(before.length + 1);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect.poll(() => page.getByTestId("reasons-outcome").textContent()).toBe(`${before.length + 1}. şablon boş olamaz: yazın ya da kaldırın.`);
    const added = "The listing is a private home, not a business.";
    await boxes.last().fill(added);
    await page.getByRole("button", { name: `${before.length + 1}. şablonu yukarı taşı` }).click();
    await expect.poll(() => boxes.nth(before.length - 1).inputValue()).toBe(added);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Asked again while the answer's message and the moved boxes settle (a colour mid-transition is no finding).
    await expect.poll(async () => (await axeViolations(page)).join("\n")).toBe("");
    await screenshot(page, "moderation-reasons-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "moderation-reasons-390");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect.poll(() => page.getByTestId("reasons-outcome").textContent()).toBe(`${before.length + 1} şablon kaydedildi.`);
    expect(await templates()).toEqual([...before.slice(0, -1), added, before.at(-1)]);

    // Put back as found, so the queue's picker reads the usual list.
    await page.getByRole("button", { name: `${before.length}. şablonu kaldır` }).click();
    await expect.poll(() => boxes.count()).toBe(before.length);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect.poll(() => templates()).toEqual(before);
    await context.close();
  });
});
