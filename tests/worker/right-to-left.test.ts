import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insert, pageText, record, slugOf } from "./support/public-fixtures";

// Arabic and Hebrew listings on a left-to-right site: each imported text must be its own
// bidirectional run (dir="auto" or <bdi>), or it reorders its neighbours and is cut at its start.
const ARABIC_HOURS = "8 ص–11 م";
const arabic = {
  name: "فندق النيل", category: "فندق", type: "فندق", city: "القاهرة", country: "مصر", countryCode: "EG",
  fullAddress: "1113 كورنيش النيل، القاهرة", street: null, postalCode: null, timeZone: "Africa/Cairo",
  workingHours: JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, ARABIC_HOURS]))),
};
const hebrew = {
  name: "מלון הים", city: "תל אביב-יפו", country: "ישראל", countryCode: "IL", fullAddress: "הירקון 1, תל אביב-יפו",
  street: null, postalCode: null, timeZone: "Asia/Jerusalem", workingHours: "פתוח 24 שעות",
};

beforeAll(async () => {
  await insert(record({ ...arabic, placeId: "rtl-ar" }), record({ ...hebrew, placeId: "rtl-he", about: null }));
});

/** Whether `text` stands alone in an element with dir="auto" or in a <bdi>. */
function isolated(html: string, text: string): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`<(?:bdi|[a-z0-9]+ [^>]*\\bdir="auto"[^>]*)>${escaped}</`).test(html);
}

describe("right-to-left texts", () => {
  it("isolates the name, address, city, category and hours on the business page", async () => {
    const page = await pageText(`/business/${await slugOf("rtl-ar")}`);
    for (const text of [arabic.name, arabic.fullAddress, arabic.city, arabic.category, ARABIC_HOURS]) {
      expect(isolated(page, text), text).toBe(true);
    }
    expect(page).toMatch(new RegExp(`<h1 [^>]*dir="auto"[^>]*>${arabic.name}</h1>`));
    expect(page).toMatch(new RegExp(`<td [^>]*dir="auto"[^>]*>${ARABIC_HOURS}</td>`));
    const hebrewPage = await pageText(`/business/${await slugOf("rtl-he")}`);
    for (const text of [hebrew.name, hebrew.fullAddress, hebrew.city, hebrew.workingHours]) {
      expect(isolated(hebrewPage, text), text).toBe(true);
    }
  });

  it("isolates the name, category and address on a business card, so a long address is cut at its end", async () => {
    const city = await env.DB.prepare(`SELECT city_slug FROM businesses WHERE place_id = 'rtl-ar'`).first<string>("city_slug");
    const list = await pageText(`/cities/eg/${encodeURIComponent(city ?? "")}`);
    expect(list).toMatch(new RegExp(`<h3 [^>]*dir="auto"[^>]*><a [^>]*>${arabic.name}</a></h3>`));
    expect(isolated(list, arabic.category)).toBe(true);
    expect(list).toMatch(new RegExp(`<p [^>]*dir="auto"[^>]*class="[^"]*truncate[^"]*"[^>]*>${arabic.fullAddress}</p>`));
  });

  it("isolates city and category names in the directory lists, the home page and the city and category pages", async () => {
    const city = await env.DB.prepare(`SELECT city_slug FROM businesses WHERE place_id = 'rtl-ar'`).first<string>("city_slug");
    const category = await env.DB.prepare(`SELECT category_slug FROM businesses WHERE place_id = 'rtl-ar'`).first<string>("category_slug");
    const pages = {
      [`/cities?q=${encodeURIComponent(arabic.city)}`]: [arabic.city],
      [`/categories?q=${encodeURIComponent(arabic.category)}`]: [arabic.category],
      [`/cities/eg/${encodeURIComponent(city ?? "")}`]: [arabic.city, arabic.category],
      [`/categories/${encodeURIComponent(category ?? "")}`]: [arabic.category],
      "/countries/eg": [arabic.city],
      "/": [arabic.city, arabic.category],
    };
    for (const [path, texts] of Object.entries(pages)) {
      const page = await pageText(path);
      for (const text of texts) expect(isolated(page, text), `${path}: ${text}`).toBe(true);
    }
  });
});
