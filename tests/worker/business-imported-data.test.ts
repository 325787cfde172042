import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insert, record, slugOf } from "./support/public-fixtures";

// Business pages for data an import keeps as it is, however awkward.
beforeAll(async () => {
  await insert(
    record({ name: "Hotel Never Rated", placeId: "biz-unrated", rating: 0, reviews: 100_000 }),
    record({ name: "Hotel One Review", placeId: "biz-one-review", rating: 4, reviews: 1 }),
    record({ name: "Hotel Plain Hours", placeId: "biz-text-hours", workingHours: "Mo-Fr 9-17; Sa 10-14" }),
    record({ name: "Hotel Listed Days", placeId: "biz-day-list", workingHours: JSON.stringify([{ day: "Monday", hours: "9AM-5PM" }, { day: "Sunday", hours: "Closed" }]) }),
    record({ name: "Hotel Three Lines", placeId: "biz-phones", phone: "+41 44 000 00 00 ext. 1234567890 / +41 44 000 00 01 / +41 44 000 00 02" }),
    record({ name: "Otel Pazartesi", placeId: "biz-turkish-days", workingHours: JSON.stringify({ Pazartesi: "09:00–18:00", Salı: "09:00–18:00", Pazar: "Kapalı" }) }),
    record({ name: "Hotel Script Links", placeId: "biz-script-links", url: "javascript:alert(1)", photo: "data:text/html,<script>alert(1)</script>" }),
    record({ name: "Hotel Web Links", placeId: "biz-web-links", url: "https://hotel.example/", photo: "https://img.example/front.jpg" }),
    record({ name: "Motel Springfield", placeId: "biz-no-country", fullAddress: "742 Evergreen Terrace", street: null, city: "Springfield", postalCode: null, country: null, countryCode: null }),
  );
});

async function businessPage(placeId: string): Promise<string> {
  const response = await SELF.fetch(`https://example.com/business/${await slugOf(placeId)}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("business page with imported data", () => {
  it("shows no rating for a 0 beside 100,000 reviews: not on the page, in its description or in its JSON-LD", async () => {
    const html = await businessPage("biz-unrated");
    // The Nearby section rates the other businesses; this business's own page shows no star.
    expect(html.replace(/<section[^>]*data-testid="nearby"[\s\S]*?<\/section>/, "")).not.toContain("★");
    expect(html).not.toContain("Rated 0.0/5");
    expect(html).not.toContain("AggregateRating");
    // The review count itself is still told, under Business Details.
    expect(html).toMatch(/Total Reviews<\/dt><dd[^>]*>100,000</);
  });

  it("words a single review in the singular, on the page and in its description", async () => {
    const html = (await businessPage("biz-one-review")).replaceAll("<!-- -->", "");
    expect(html).toContain("(1 review)");
    expect(html).toContain("Rated 4.0/5 from 1 review.");
  });

  it("shows opening hours it cannot read as a week as they are written, not as 'not available'", async () => {
    const html = await businessPage("biz-text-hours");
    expect(html).toMatch(/id="hours-heading"[^]*>Mo-Fr 9-17; Sa 10-14<\/p>/);
    expect(html).not.toContain("Opening hours not available.");
  });

  it("reads hours listed as {day, hours} items into the week's table", async () => {
    const html = (await businessPage("biz-day-list")).replaceAll("<!-- -->", "");
    expect(html).toMatch(/>Monday<\/th><td[^>]*>9:00 AM – 5:00 PM<\/td>/);
    expect(html).toMatch(/>Tuesday<\/th><td[^>]*>—<\/td>/);
    expect(html).toMatch(/>Sunday<\/th><td[^>]*>Closed<\/td>/);
  });

  it("dials the first of several phone numbers with its extension, and shows the field as written", async () => {
    const html = await businessPage("biz-phones");
    expect(html).toContain('<a href="tel:+41440000000;ext=1234567890" class="rounded-lg bg-green-700');
    expect(html).toContain('<a href="tel:+41440000000;ext=1234567890" class="text-brand-700 dark:text-sky-300 hover:underline">+41 44 000 00 00 ext. 1234567890 / +41 44 000 00 01 / +41 44 000 00 02</a>');
    expect(html).not.toContain("tel:+414400000001234567890");
  });

  it("reads hours keyed by Turkish day names into the week's table and the JSON-LD, not as raw JSON", async () => {
    const html = (await businessPage("biz-turkish-days")).replaceAll("<!-- -->", "");
    // Shown as the site's times and words: the text is English whatever the export's language.
    expect(html).toMatch(/>Monday<\/th><td[^>]*>9:00 AM – 6:00 PM<\/td>/);
    expect(html).toMatch(/>Sunday<\/th><td[^>]*>Closed<\/td>/);
    expect(html).not.toMatch(/id="hours-heading"[^]*>\{&quot;Pazartesi/);
    expect(html).toContain('"dayOfWeek":"https://schema.org/Tuesday","opens":"09:00","closes":"18:00"');
  });

  it("links a stored website and shows a stored photo only when they are http(s) URLs: not in href, src, og:image or JSON-LD", async () => {
    const html = await businessPage("biz-script-links");
    // The page's loader data still carries the stored text, as JSON: only attributes and JSON-LD matter.
    expect(html).not.toMatch(/(href|src|content)="(javascript|data):/i);
    expect(html).not.toContain("og:image");
    expect(html).not.toContain(">Website</dt>");
    expect(html).not.toContain('"sameAs"');
    expect(html).not.toContain('"image"');
    const linked = await businessPage("biz-web-links");
    expect(linked).toContain('<a href="https://hotel.example/" rel="nofollow noopener noreferrer" target="_blank"');
    expect(linked).toContain('<img src="https://img.example/front.jpg"');
    expect(linked).toContain('<meta property="og:image" content="https://img.example/front.jpg"/>');
    expect(linked).toContain('"sameAs":"https://hotel.example/"');
  });

  it("names a city without a country code after the address, set apart from it", async () => {
    const html = (await businessPage("biz-no-country")).replaceAll("<!-- -->", "");
    expect(html).toContain("><bdi>742 Evergreen Terrace</bdi> · <bdi>Springfield</bdi></p>");
  });
});
