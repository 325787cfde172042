import { describe, expect, it } from "vitest";
import { businessJsonLd, openingHoursSpecification } from "~/lib/business/business-jsonld";
import { validateContact } from "~/lib/directory/contact-form";
import { ratingBand } from "~/lib/directory/featured-filters";
import { countryWordsOf, withoutPlaceEnding, matchExpression, nameWordsMatch, searchMatch, searchTokens, visitorMatchExpression, visitorWords, wordForms } from "~/lib/search/search-query";
import { absoluteUrl } from "~/lib/directory/seo";
import { asyncExternalScripts, reactProps, splitHeadSnippet } from "~/lib/admin/site-code";
import { searchHref } from "~/components/find-something";

/** The spec's message for each required field, as a refused message gets them. */
const EVERY_FIELD_MESSAGE = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  subject: "Subject must be at least 5 characters",
  message: "Message must be at least 10 characters",
};

describe("search query", () => {
  it("quotes every word, makes the last one a prefix and drops FTS syntax", () => {
    expect(matchExpression("Grand hot")).toBe('"grand" AND "hot"*');
    expect(matchExpression('name:"x" OR NEAR(y')).toBe('"name" AND "x" AND "or" AND "near" AND "y"*');
    expect(matchExpression("  --  ")).toBeNull();
    expect(searchTokens("Zürich café")).toEqual(["zürich", "café"]);
    // A mark stays in its word: the dot of a lower-cased Turkish İ, a Devanagari vowel sign.
    expect(searchTokens("İstanbul होटल ̇")).toEqual(["i\u0307stanbul", "होटल"]);
    expect(searchTokens("a b c d e f g h i j").length).toBe(8);
    // Apostrophes join, as in slugs and the index's added words: "l'aquila" is one word.
    expect(searchTokens("L'Aquila McDonald’s Hawaiʻi 'hotel'")).toEqual(["laquila", "mcdonalds", "hawaii", "hotel"]);
  });

  it("searches a Chinese, Japanese or Korean word as the phrase of its bigrams, or as the word itself", () => {
    expect(matchExpression("外滩酒店")).toBe('("外滩酒店"* OR "外滩 滩酒 酒店")');
    expect(matchExpression("서울신라 hotel")).toBe('("서울신라" OR "서울 울신 신라") AND "hotel"*');
    // Two characters are their own bigram; one stays a prefix; half-width kana are bigrammed full-width.
    expect(matchExpression("酒店")).toBe('"酒店"*');
    expect(matchExpression("店")).toBe('"店"*');
    expect(matchExpression("ﾎﾃﾙ", { prefixLast: false })).toBe('("ﾎﾃﾙ" OR "ホテ テル")');
    // Another script in the word: searched as before.
    expect(matchExpression("hotel東京")).toBe('"hotel東京"*');
    expect(visitorMatchExpression("東京ホテル hotels")).toBe('("東京ホテル" OR "東京 京ホ ホテ テル") AND ("hotels"* OR "hotel")');
    // A place's word in those scripts is a prefix: "東京" is often stored as "東京都".
    expect(searchMatch("ホテル", [{ texts: ["東京"], columns: "city" }])).toBe('(("ホテル"* OR "ホテ テル")) AND ({city} : ("東京"*))');
    expect(searchMatch("", [{ texts: ["서울 강남"], columns: "city country" }])).toBe('{city country} : ("서울"* AND "강남"*)');
    // Typed with the ending that says what it is, it is also found stored without it.
    expect(searchMatch("", [{ texts: ["東京都"], columns: "city" }])).toBe('{city} : ("東京"*)');
    expect(["서울특별시", "부산광역시", "上海市", "大阪府", "京都", "市", "区区", "北海道", "대구"].map(withoutPlaceEnding)).toEqual(["서울", "부산", "上海", "大阪", "京都", "市", "区区", "北海道", "대구"]);
    expect(nameWordsMatch("신라호텔")).toBe('{name} : (("신라호텔"* OR "신라 라호 호텔"))');
  });

  it("narrows by location columns", () => {
    expect(searchMatch("hotel", [{ texts: ["New York"], columns: "city" }])).toBe('(("hotel"* OR "hotels")) AND ({city} : ("new" AND "york"))');
    expect(searchMatch("", [{ texts: ["France"], columns: "country" }])).toBe('{country} : ("france")');
    // A country by any of its names; names with the same words are asked once.
    expect(searchMatch("", [{ texts: ["Türkiye", "TR", "Turkey", "türkiye", "Türkei"], columns: "country" }])).toBe('{country} : (("türkiye") OR ("tr") OR ("turkey") OR ("türkei"))');
    expect(searchMatch("", [])).toBeNull();
    // A city and the country typed with it ("Paris, France"): both.
    expect(searchMatch("", [{ texts: ["Paris"], columns: "city" }, { texts: ["France", "FR"], columns: "country" }])).toBe('({city} : ("paris")) AND ({country} : (("france") OR ("fr")))');
    expect(searchMatch("grand hot", [], { prefixLast: false })).toBe(`("grand" OR "grands") AND ("hot" OR "hots")`);
  });

  it("finds a word naming a country as that country under any of its names in the country column", () => {
    const ghana = visitorMatchExpression("hotel ghana", { prefixLast: false })!;
    expect(ghana.startsWith('("hotel" OR "hotels") AND (("ghana" OR "ghanas") OR {country} : (("gh") OR ("ghana") OR ')).toBe(true);
    // Names of several words are asked for whole, as the visitor types them or as a file wrote them.
    expect(visitorMatchExpression("usa motel", { prefixLast: false })).toContain('("united" AND "states")');
    const southAfrica = visitorMatchExpression("hotels in south africa")!;
    expect(southAfrica.startsWith('("hotels" OR "hotel") AND ((("south" OR "souths") AND ("africa"* OR "africas")) OR {country} : (("za") OR ')).toBe(true);
    expect(southAfrica).toContain('("south" AND "africa")');
    expect(countryWordsOf(["lodge", "united", "arab", "emirates", "dubai"])).toEqual([{ start: 1, length: 3, names: expect.arrayContaining(["AE", "United Arab Emirates"]) }]);
    // The longest name first: "guinea bissau" is not Guinea.
    expect(countryWordsOf(["guinea", "bissau"]).map((c) => c.names[0])).toEqual(["GW"]);
    expect(visitorMatchExpression("almanya")).toContain('("deutschland")');
    expect(visitorMatchExpression("hotel uk")).toContain('("uk"* OR {country} : (("gb") OR ("uk") OR ');
    expect(visitorMatchExpression("grand inn", { prefixLast: false })).toBe('("grand" OR "grands") AND ("inn" OR "inns")');
  });

  it("takes a visitor's words in their singular and plural forms, without filler words", () => {
    expect(wordForms("hotels")).toEqual(["hotels", "hotel"]);
    expect(wordForms("hotel")).toEqual(["hotel", "hotels"]);
    expect(wordForms("cities")).toEqual(["cities", "city"]);
    expect(wordForms("city")).toEqual(["city", "cities"]);
    expect(wordForms("beaches")).toEqual(["beaches", "beach", "beache"]);
    expect(wordForms("beach")).toEqual(["beach", "beaches"]);
    expect(wordForms("houses")).toEqual(["houses", "hous", "house"]);
    expect(wordForms("bus")).toEqual(["bus", "buses"]);
    expect(wordForms("paris")).toEqual(["paris", "parises"]);
    expect(wordForms("spa")).toEqual(["spa", "spas"]);
    // Short words, digits and other scripts stay as they are.
    for (const word of ["in", "5", "zürich", "東京"]) expect(wordForms(word)).toEqual([word]);
    expect(visitorWords("Hotels in the Zürich")).toEqual(["hotels", "zürich"]);
    expect(visitorWords("The Inn")).toEqual(["inn"]);
    expect(visitorWords("in the")).toEqual(["in", "the"]);
    expect(visitorMatchExpression("Beach Resorts")).toBe('("beach" OR "beaches") AND ("resorts"* OR "resort")');
    expect(visitorMatchExpression("zürich 5")).toBe('"zürich" AND "5"*');
    expect(visitorMatchExpression(" -- ")).toBeNull();
  });

  it("looks for the admin's name search in names only, narrowed to a category's words", () => {
    expect(nameWordsMatch("by Hilt")).toBe('{name} : ("by" AND "hilt"*)');
    expect(nameWordsMatch("hilton", "Bed & Breakfast")).toBe('{name} : ("hilton"*) AND {type category} : ("bed" AND "breakfast")');
    expect(nameWordsMatch("hilton", "&")).toBe('{name} : ("hilton"*)');
    expect(nameWordsMatch(" -- ", "Hotel")).toBeNull();
  });
});

describe("site code", () => {
  it("splits a head snippet into head elements, makes external scripts async and moves other markup to the body", () => {
    const split = splitHeadSnippet(`<meta name="a" content="b"><script src="https://x.example/t.js"></script><div>hi</div><script>var a = "</div>";</script><style>p{}</style>`);
    expect(split.head).toEqual([
      { tag: "meta", attributes: { name: "a", content: "b" }, content: "" },
      { tag: "script", attributes: { src: "https://x.example/t.js", async: "" }, content: "" },
      { tag: "script", attributes: {}, content: 'var a = "</div>";' },
      { tag: "style", attributes: {}, content: "p{}" },
    ]);
    expect(split.bodyMarkup).toBe("<div>hi</div>");
  });

  it("makes body scripts with a src async and leaves inline ones alone", () => {
    expect(asyncExternalScripts(`<script src="a.js"></script><script>x()</script><script async src="b.js"></script>`)).toBe(
      `<script async src="a.js"></script><script>x()</script><script async src="b.js"></script>`,
    );
  });

  it("turns attributes into React props without event handlers", () => {
    expect(reactProps({ charset: "utf-8", async: "", onload: "evil()", "http-equiv": "refresh" })).toEqual({ charSet: "utf-8", async: true, httpEquiv: "refresh" });
  });
});

describe("contact form", () => {
  it("accepts a valid message and gives the spec's message per invalid field", () => {
    expect(validateContact({ name: " Ada ", email: "ada@example.com", subject: "Hello there", message: "A long enough message" })).toEqual({
      ok: true,
      data: { name: "Ada", email: "ada@example.com", company: "", phone: "", subject: "Hello there", message: "A long enough message" },
    });
    expect(validateContact({ name: "A", email: "x@", subject: "Hey", message: "short" })).toEqual({
      ok: false,
      errors: EVERY_FIELD_MESSAGE,
    });
  });

  it("checks a missing or null field as empty: a required one gets its own message, an optional one is absent", () => {
    expect(validateContact({ email: null })).toEqual({
      ok: false,
      errors: EVERY_FIELD_MESSAGE,
    });
    const sent = { name: "Ada", email: "ada@example.com", subject: "Hello there", message: "A long enough message" };
    expect(validateContact({ ...sent, company: null, phone: null })).toEqual({ ok: true, data: { ...sent, company: "", phone: "" } });
  });
});

describe("what/where search link", () => {
  it("trims and encodes, adds location only when given, nothing for a blank what", () => {
    expect(searchHref("  spa & pool ", "  ")).toBe("/search?q=spa%20%26%20pool");
    expect(searchHref("hotel", " São Paulo ")).toBe("/search?q=hotel&location=S%C3%A3o%20Paulo");
    expect(searchHref("   ", "Paris")).toBeNull();
  });
});

describe("featured filters", () => {
  it("maps star chips to rating bands", () => {
    expect(ratingBand("5-star")).toEqual({ min: 4.5, max: 5.01 });
    expect(ratingBand("4-star")).toEqual({ min: 4, max: 4.5 });
    expect(ratingBand("luxury")).toBeNull();
  });
});

describe("business JSON-LD", () => {
  const business = {
    slug: "hotel-x-abc123", name: "Hotel X", type: "Hotel", category: "Hotel", street: "Main 1", postalCode: "8001", city: "Zürich",
    countryCode: "CH", fullAddress: "Main 1, 8001 Zürich", phone: "+41 1", photo: null, url: null, latitude: 47.3, longitude: 8.5,
    workingHours: JSON.stringify({ Monday: "9AM-12PM,1-5PM", Tuesday: "Open 24 hours", Sunday: "Closed" }),
  };

  it("describes a hotel with address, geo, telephone and hours, and no rating (Google Maps' own, decision 098)", () => {
    const ld = businessJsonLd(business, "https://dir.example");
    expect(ld).toMatchObject({
      "@type": "Hotel", name: "Hotel X", telephone: "+41 1", url: "https://dir.example/business/hotel-x-abc123",
      address: { addressLocality: "Zürich", addressCountry: "CH", streetAddress: "Main 1", postalCode: "8001" },
      geo: { latitude: 47.3, longitude: 8.5 },
    });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(businessJsonLd({ ...business, type: "Restaurant", category: "Restaurant" }, "https://dir.example")["@type"]).toBe("LocalBusiness");
  });

  it("marks up our approved guest reviews alone: AggregateRating and the page's Review items, nothing while there are none", () => {
    const reviews = {
      summary: { count: 12, average: 4.3 },
      reviews: [
        { rating: 5, title: "Lovely", text: "Quiet rooms.\nKind staff.", createdAt: "2026-03-04T10:00:00.000Z", author: { displayName: "Ayşe" } },
        { rating: 3, title: null, text: "Fine for a night.", createdAt: "2026-02-01T08:00:00.000Z", author: { displayName: "A guest" } },
      ],
    };
    const ld = businessJsonLd({ ...business }, "https://dir.example", reviews);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 12, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 }, author: { "@type": "Person", name: "Ayşe" }, datePublished: "2026-03-04", name: "Lovely", reviewBody: "Quiet rooms.\nKind staff." },
      { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 3, bestRating: 5, worstRating: 1 }, author: { "@type": "Person", name: "A guest" }, datePublished: "2026-02-01", reviewBody: "Fine for a night." },
    ]);
    // None approved: no rating at all, whatever the imported one is.
    const none = businessJsonLd(business, "https://dir.example", { summary: { count: 0, average: null }, reviews: [] });
    expect(none).not.toHaveProperty("aggregateRating");
    expect(none).not.toHaveProperty("review");
  });

  it("gives no address when none of its parts is known, and the parts it has otherwise", () => {
    const unplaced = { ...business, street: null, postalCode: null, city: null, countryCode: null, fullAddress: null };
    expect(businessJsonLd(unplaced, "https://dir.example")).not.toHaveProperty("address");
    expect(businessJsonLd({ ...unplaced, countryCode: "GH" }, "https://dir.example").address).toEqual({ "@type": "PostalAddress", addressCountry: "GH" });
    expect(businessJsonLd({ ...unplaced, fullAddress: "Oxford St 1, Accra" }, "https://dir.example").address).toEqual({ "@type": "PostalAddress", streetAddress: "Oxford St 1, Accra" });
  });

  it("names an image and a website only when they are http(s) URLs", () => {
    const linked = businessJsonLd({ ...business, photo: "https://img.example/p.jpg", url: "https://hotel.example" }, "https://dir.example");
    expect(linked).toMatchObject({ image: "https://img.example/p.jpg", sameAs: "https://hotel.example" });
    const stored = businessJsonLd({ ...business, photo: "data:text/html,<script>alert(1)</script>", url: "javascript:alert(1)" }, "https://dir.example");
    expect(stored).not.toHaveProperty("image");
    expect(stored).not.toHaveProperty("sameAs");
  });

  it("gives one telephone number, the first of a field holding several", () => {
    const phone = "+41 44 000 00 00 ext. 1234567890 / +41 44 000 00 01 / +41 44 000 00 02";
    expect(businessJsonLd({ ...business, phone }, "https://dir.example").telephone).toBe("+41 44 000 00 00 ext. 1234567890");
  });

  it("lists split shifts and 24-hour days, skipping closed days", () => {
    expect(openingHoursSpecification(business.workingHours)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00", closes: "12:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "13:00", closes: "17:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Tuesday", opens: "00:00", closes: "23:59" },
    ]);
  });
});

describe("absolute URLs", () => {
  it("keep a path that starts with slashes or backslashes on the site", () => {
    expect(absoluteUrl("http://127.0.0.1:8787", "//evil.example/x")).toBe("http://127.0.0.1:8787/evil.example/x");
    expect(absoluteUrl("https://hotels.example/", "/\\evil.example/x")).toBe("https://hotels.example/evil.example/x");
    expect(absoluteUrl("https://hotels.example", "/categories/hotel?page=2")).toBe("https://hotels.example/categories/hotel?page=2");
  });
});

describe("shared request behaviour", () => {
  it("makes 'status: text' error messages, falling back to the status text", async () => {
    const { responseErrorMessage, textError } = await import("~/lib/web/http");
    expect(await responseErrorMessage(textError(429, "Too many messages. Please try again later."))).toBe("429: Too many messages. Please try again later.");
    expect(await responseErrorMessage(new Response("", { status: 503, statusText: "Service Unavailable" }))).toBe("503: Service Unavailable");
  });
});
