import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insert, record, slugOf } from "./support/public-fixtures";

// Business pages for data an import keeps as it is, however awkward.
beforeAll(async () => {
  await insert(
    record({ name: "Hotel Never Rated", placeId: "biz-unrated", rating: 0, reviews: 100_000 }),
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
    expect(html).not.toContain("★");
    expect(html).not.toContain("Rated 0.0/5");
    expect(html).not.toContain("AggregateRating");
    // The review count itself is still told, under Business Details.
    expect(html).toMatch(/Total Reviews<\/dt><dd[^>]*>100,000</);
  });

  it("names a city without a country code after the address, set apart from it", async () => {
    const html = (await businessPage("biz-no-country")).replaceAll("<!-- -->", "");
    expect(html).toContain(">742 Evergreen Terrace · Springfield</p>");
  });
});
