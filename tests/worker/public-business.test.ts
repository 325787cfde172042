import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getBusinessBySlug } from "~/models/business-detail.server";
import { bumpCacheGeneration } from "~/models/cache.server";
import { insert, insertDemo, record, slugOf } from "./support/public-fixtures";
import { measuringDb } from "./support/rows-read";
import { whileTableUnreadable } from "./support/broken-database";
import { login } from "./admin-support";

const EVIL = "Hotel </script><script>alert(1)</script> Plaza";

beforeAll(async () => {
  await insertDemo(50);
  await insert(
    record({ name: "Hotel Storchen", placeId: "biz-1", latitude: 47.3714, longitude: 8.5417 }),
    record({ name: EVIL, placeId: "biz-evil" }),
    record({ name: "Hotel Unlisted", placeId: "biz-hidden" }),
    record({ name: "No Where Cafe", placeId: "biz-noloc", type: "Cafe", category: "Cafe", latitude: null, longitude: null, phone: null, fullAddress: null }),
    record({ name: "Rashim's Kitchen", placeId: "biz-indian", type: "Indian restaurant", category: "Restaurant", about: null }),
    record({ name: "Hotel Plain", placeId: "biz-plain", about: null }),
  );
  await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'biz-hidden'`).run();
  await env.DB.prepare(`INSERT INTO site_settings (key, value) VALUES ('head_tags', ?1), ('facebook_pixel', ?2), ('footer_tags', ?3)`)
    .bind(
      `<meta name="site-verification" content="abc123"><script src="https://cdn.example/tag.js"></script><script>window.__headRan=(window.__headRan||0)+1</script>`,
      `<noscript><img height="1" width="1" alt="" src="https://px.example/tr"></noscript>`,
      `<div id="footer-injected">Footer code</div>`,
    )
    .run();
  await env.DB.prepare(`INSERT INTO ad_codes (slot, code) VALUES ('ad1', '<div class="ad-one">Ad one</div><script>window.__ad1=1</script>'), ('ad3', '')`).run();
});

describe("business detail", () => {
  it("answers GET /api/businesses/{slug} with the spec's detail fields, cached 10 min", async () => {
    const slug = await slugOf("biz-1");
    const response = await SELF.fetch(`https://example.com/api/businesses/${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=600");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Hotel Storchen", type: "Hotel", category: "Hotel", countryCode: "CH", rating: 4.5, reviews: 10,
      phone: "+41 44 000 00 00", verified: true, placeId: "biz-1", latitude: 47.3714, longitude: 8.5417,
      fullAddress: "Bahnhofstrasse 1, 8001 Zürich, Switzerland", citySlug: "zurich", categorySlug: "hotel",
    });
    expect(typeof body.workingHours).toBe("string");
    expect(typeof body.about).toBe("string");
  });

  it("retries a missing slug once without its trailing -xxxxxx suffix", async () => {
    await env.DB.prepare(`UPDATE businesses SET slug = 'grand-old-hotel' WHERE place_id = 'biz-1'`).run();
    const found = await getBusinessBySlug(env.DB, "grand-old-hotel-a1b2c3");
    expect(found?.placeId).toBe("biz-1");
    const response = await SELF.fetch("https://example.com/api/businesses/grand-old-hotel-zz9zz9");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { slug: string }).slug).toBe("grand-old-hotel");
    // Only a 6-character lowercase alphanumeric suffix is stripped.
    expect(await getBusinessBySlug(env.DB, "grand-old-hotel-ABCDEF")).toBeNull();
  });

  it("sends another spelling of a slug, or a retried one, to the business's own address", async () => {
    const slug = await slugOf("biz-evil");
    const upper = await SELF.fetch(`https://example.com/business/${slug.toUpperCase()}?from=mail`, { redirect: "manual" });
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(`/business/${slug}?from=mail`);
    expect((await SELF.fetch(`https://example.com/api/businesses/${slug.toUpperCase()}`)).status).toBe(200);
    // A slug stored before slugs were always lower case is still found as stored.
    await env.DB.prepare(`UPDATE businesses SET slug = 'Taj-Mahal-kx8sj4' WHERE place_id = 'biz-noloc'`).run();
    expect((await SELF.fetch("https://example.com/business/Taj-Mahal-kx8sj4", { redirect: "manual" })).status).toBe(200);
    const retried = await SELF.fetch("https://example.com/business/grand-old-hotel-zz9zz9", { redirect: "manual" });
    expect(retried.headers.get("Location")).toBe("/business/grand-old-hotel");
  });

  it("answers 404 'status: text' for unknown and unapproved businesses", async () => {
    const unknown = await SELF.fetch("https://example.com/api/businesses/no-such-business-123456");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Business not found");
    const hidden = await SELF.fetch(`https://example.com/api/businesses/${await slugOf("biz-hidden")}`);
    expect(hidden.status).toBe(404);
    const page = await SELF.fetch(`https://example.com/business/${await slugOf("biz-hidden")}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Business Not Found");
    expect(html).toContain("What are you looking for? (e.g., restaurant, plumber)");
    expect(html).toContain('href="/categories"');
  });

  it("server-renders the page: hours, amenities, links, details, JSON-LD and the ad slots", async () => {
    const slug = await slugOf("biz-1");
    const response = await SELF.fetch(`https://example.com/business/${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=600");
    const html = await response.text();
    expect(html).toContain("<title>Hotel Storchen – Zürich, Switzerland | WorldHotels Directory</title>");
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/business/${slug}"/>`);
    expect(html).toContain('href="/categories/hotel"');
    expect(html).toContain('href="/cities/ch/zurich"');
    expect(html).toContain('href="/countries/ch"');
    expect(html).toContain('href="https://www.google.com/maps/place/?q=place_id:biz-1"');
    expect(html).toContain("Free Wi-Fi");
    expect(html).not.toContain(">Spa<");
    expect(html).toContain("OPERATIONAL");
    expect(html).toContain("Call Now");
    expect(html).toContain('"@type":"Hotel"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('"opens":"09:00"');
    // ad1 is filled (its script included), the empty ad3 and the absent ad2/ad4 render nothing.
    expect(html).toContain('data-ad-slot="ad1"');
    expect(html).toContain("window.__ad1=1");
    expect(html).not.toContain('data-ad-slot="ad3"');
    expect(html).not.toContain('data-ad-slot="ad2"');
  });

  it("falls back when location data is missing and hides Call Now without a phone", async () => {
    const html = await (await SELF.fetch(`https://example.com/business/${await slugOf("biz-noloc")}`)).text();
    expect(html).toContain("Location not available");
    expect(html).toContain("Address not available");
    expect(html).not.toContain("Call Now");
    expect(html).toContain('"@type":"LocalBusiness"');
  });

  it("describes a business without an about text with the right article: 'an indian restaurant', 'a hotel'", async () => {
    const about = async (placeId: string) => {
      const html = await (await SELF.fetch(`https://example.com/business/${await slugOf(placeId)}`)).text();
      const paragraph = html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").match(/id="about-heading"[^]*?<p[^>]*>([^]*?)<\/p>/)?.[1];
      return paragraph?.replace(/<[^>]*>/g, "");
    };
    expect(await about("biz-indian")).toMatch(/^Rashim's Kitchen is an indian restaurant in Z/);
    expect(await about("biz-plain")).toMatch(/^Hotel Plain is a hotel in Z/);
  });

  it("escapes a name holding </script> everywhere, JSON-LD included", async () => {
    const html = await (await SELF.fetch(`https://example.com/business/${await slugOf("biz-evil")}`)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Hotel \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e Plaza");
    expect(html).toContain("Hotel &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Plaza");
    // Every JSON-LD block still parses.
    for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      expect(() => JSON.parse(match[1]!)).not.toThrow();
    }
  });

  it("injects the site settings into every public page's server HTML, but not into /admin", async () => {
    const html = await (await SELF.fetch("https://example.com/contact")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<meta name="site-verification" content="abc123"');
    expect(head).toMatch(/<script[^>]*async=""[^>]*src="https:\/\/cdn.example\/tag.js"|<script[^>]*src="https:\/\/cdn.example\/tag.js"[^>]*async=""/);
    expect(head).toContain("window.__headRan=(window.__headRan||0)+1");
    const body = html.slice(html.indexOf("<body"));
    expect(body.indexOf('data-site-code="body-start"')).toBeLessThan(body.indexOf("<header"));
    expect(body).toContain('src="https://px.example/tr"');
    expect(body.indexOf('id="footer-injected"')).toBeGreaterThan(body.indexOf("</footer>"));
    const admin = await SELF.fetch("https://example.com/admin/login");
    expect(await admin.text()).not.toContain("site-verification");
  });

  it("leaves the site code out of the admin however its address is spelled", async () => {
    // Each code as the page's markup (the settings page shows them as text to edit).
    const injected = [/data-site-code/, /<meta name="site-verification"/, /<script[^>]*src="https:\/\/cdn\.example\/tag\.js"/, /<img[^>]*px\.example/, /id="footer-injected"/];
    const publicPage = await (await SELF.fetch("https://example.com/contact")).text();
    for (const markup of injected) expect(publicPage).toMatch(markup);
    const cookie = await login("10.7.0.1");
    for (const path of ["/ADMIN/businesses", "/Admin/settings", "/%61dmin/businesses", "/ADMIN-LEGACY", "/ADMIN/LOGIN"]) {
      const response = await SELF.fetch(`https://example.com${path}`, { headers: path.endsWith("LOGIN") ? {} : { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      for (const markup of injected) expect(html, path).not.toMatch(markup);
    }
  });

  it("still renders the page, without ads or site code, when they cannot be read", async () => {
    const slug = await slugOf("biz-1");
    await whileTableUnreadable("ad_codes", async () => {
      await bumpCacheGeneration(env.DB);
      const response = await SELF.fetch(`https://example.com/business/${slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Hotel Storchen");
      expect(html).not.toContain("data-ad-slot");
      expect(html).not.toContain("site-verification");
    });
    // The failure was not remembered: once the codes can be read again, they show.
    await bumpCacheGeneration(env.DB);
    const html = await (await SELF.fetch(`https://example.com/business/${slug}`)).text();
    expect(html).toContain('data-ad-slot="ad1"');
    expect(html).toContain("site-verification");
  });

  it("reads a handful of rows for a detail lookup, retry included, whatever the table size", async () => {
    const direct = measuringDb(env.DB);
    expect(await getBusinessBySlug(direct.db, await slugOf("biz-evil"))).not.toBeNull();
    expect(direct.rowsRead()).toBeLessThanOrEqual(2);
    const retried = measuringDb(env.DB);
    expect(await getBusinessBySlug(retried.db, "grand-old-hotel-a1b2c3")).not.toBeNull();
    expect(retried.rowsRead()).toBeLessThanOrEqual(3);
  });
});
