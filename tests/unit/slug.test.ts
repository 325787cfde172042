import { describe, expect, it } from "vitest";
import { businessSlug, categorySlug, citySlug, foldLetters, slugify, slugWithoutSuffix, suffix6 } from "~/lib/business/slug";

describe("slugify", () => {
  it("lowercases, trims and joins words with single hyphens", () => {
    expect(slugify("  Zum Königstuhl - Schweizer Restaurant in Zürich Niederdorf  ")).toBe(
      "zum-konigstuhl-schweizer-restaurant-in-zurich-niederdorf",
    );
    expect(slugify("Montmartre Café & Bistro")).toBe("montmartre-cafe-bistro");
    expect(slugify("La Taquería (Altstetten)")).toBe("la-taqueria-altstetten");
    expect(slugify("Holy Cow! Gourmet Burger Co. ZÜRICH ZÄHRINGERSTRASSE")).toBe(
      "holy-cow-gourmet-burger-co-zurich-zahringerstrasse",
    );
  });

  it("removes accents from real business and city names", () => {
    expect(slugify("Zürich")).toBe("zurich");
    expect(slugify("Weisses Rössli")).toBe("weisses-rossli");
    expect(slugify("Bistrot à Paris")).toBe("bistrot-a-paris");
    expect(slugify("Mère Catherine")).toBe("mere-catherine");
    expect(slugify("Doña")).toBe("dona");
    expect(slugify("Sarajevska Ćevabdžinica")).toBe("sarajevska-cevabdzinica");
    expect(slugify("Restaurant Le Dézaley Zürich")).toBe("restaurant-le-dezaley-zurich");
  });

  it("folds letters that have no decomposition", () => {
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Smørrebrød")).toBe("smorrebrod");
    expect(slugify("Łódź")).toBe("lodz");
    expect(slugify("Đà Nẵng")).toBe("da-nang");
    expect(slugify("Ærø Œuvre Þingvellir")).toBe("aero-oeuvre-thingvellir");
  });

  it("lower-cases styled letters, which only become plain letters when decomposed", () => {
    expect(slugify("𝒯𝒶𝒿 𝑀𝒶𝒽𝒶𝓁 - 𝐼𝓃𝒹𝒾𝒶𝓃 𝓇𝑒𝓈𝓉𝒶𝓊𝓇𝒶𝓃𝓉")).toBe("taj-mahal-indian-restaurant");
    expect(slugify("ＨＯＴＥＬ")).toBe("hotel");
  });

  it("handles Turkish dotted and dotless i", () => {
    expect(slugify("İstanbul")).toBe("istanbul");
    expect(slugify("Diyarbakır")).toBe("diyarbakir");
  });

  it("removes apostrophes without splitting the word", () => {
    expect(slugify("Kids' menu")).toBe("kids-menu");
    expect(slugify("Rössli's")).toBe("rosslis");
    expect(slugify("Restaurant Valentin’s")).toBe("restaurant-valentins");
    expect(slugify("Tao‘s")).toBe("taos");
    expect(slugify("Castellan´s")).toBe("castellans");
    expect(slugify("Le Relais de l'Entrecote Zürich")).toBe("le-relais-de-lentrecote-zurich");
  });

  it("keeps letters of non-Latin scripts instead of producing an empty slug", () => {
    expect(slugify("Москва")).toBe("москва");
    expect(slugify("Αθήνα")).toBe("αθηνα");
    expect(slugify("外滩 39")).toBe("外滩-39");
    expect(slugify("Konshi Restaurant- Asia kitchen & Sushi / 宫席酒楼")).toBe(
      "konshi-restaurant-asia-kitchen-sushi-宫席酒楼",
    );
    expect(slugify("مطعم القاهرة")).toBe("مطعم-القاهرة");
    expect(slugify("서울 호텔")).toBe("서울-호텔");
    expect(slugify("ホテル ガーデン")).toBe("ホテル-ガーデン");
  });

  it("gives an empty slug when nothing remains", () => {
    expect(slugify("")).toBe("");
    expect(slugify("  ")).toBe("");
    expect(slugify("!!! — ???")).toBe("");
    expect(slugify("🍕")).toBe("");
  });

  it("never produces double, leading or trailing hyphens", () => {
    expect(slugify("--Hotel -- Zürich--")).toBe("hotel-zurich");
    expect(slugify("Restaurant\u00ADKronenhalle")).toBe("restaurantkronenhalle");
  });

  it("is stable: slugifying a slug changes nothing", () => {
    for (const name of ["Weisses Rössli", "Москва", "Kids' menu", "外滩 39"]) {
      expect(slugify(slugify(name))).toBe(slugify(name));
    }
  });
});

describe("citySlug and categorySlug", () => {
  it("use the same rule as slugify", () => {
    expect(citySlug("Zürich")).toBe("zurich");
    expect(citySlug("Quezon City")).toBe("quezon-city");
    expect(categorySlug("Schweizerisches Restaurant")).toBe("schweizerisches-restaurant");
    expect(categorySlug("Sushi-Restaurant")).toBe("sushi-restaurant");
    expect(categorySlug("Restawran ng litson")).toBe("restawran-ng-litson");
  });
});

describe("businessSlug", () => {
  const placeId = "ChIJ_7xyc-2hmkcR0m3PT_CrwSo";

  it("is the name slug plus a 6-character tag of the identity", () => {
    const slug = businessSlug("Weisses Rössli", placeId);
    expect(slug).toMatch(/^weisses-rossli-[a-z0-9]{6}$/);
  });

  it("is the same every time for the same business", () => {
    expect(businessSlug("Bistrot à Paris", placeId)).toBe(businessSlug("Bistrot à Paris", placeId));
    expect(suffix6("Mère Catherine|Rindermarkt 17, 8001 Zürich")).toBe(suffix6("Mère Catherine|Rindermarkt 17, 8001 Zürich"));
  });

  it("tells apart chain branches with the same name", () => {
    const a = businessSlug("Holy Cow! Gourmet Burger Co.", "ChIJAAAAAAAAAAAAAAAAAAAAAAA");
    const b = businessSlug("Holy Cow! Gourmet Burger Co.", "ChIJBBBBBBBBBBBBBBBBBBBBBBB");
    expect(a).not.toBe(b);
    expect(a.startsWith("holy-cow-gourmet-burger-co-")).toBe(true);
  });

  it("has a second slug of the same shape for a business whose first one another holds", () => {
    const first = businessSlug("Chain Hotel", "ChIJchain-1158080");
    const second = businessSlug("Chain Hotel", "ChIJchain-1158080", { second: true });
    expect(second).toMatch(/^chain-hotel-[a-z0-9]{6}$/);
    expect(second).not.toBe(first);
    expect(slugWithoutSuffix(second)).toBe("chain-hotel");
    expect(businessSlug("Chain Hotel", "ChIJchain-1158080", { second: true })).toBe(second);
  });

  it("always has a 6-character lowercase base36 tag", () => {
    for (const id of ["", "a", placeId, "Doña|Quezon City", "x".repeat(1000)]) {
      expect(suffix6(id)).toMatch(/^[a-z0-9]{6}$/);
    }
  });

  it("falls back to 'business' when the name has no letters or digits", () => {
    expect(businessSlug("!!!", placeId)).toMatch(/^business-[a-z0-9]{6}$/);
  });

  it("keeps very long names to a readable length, cut between words", () => {
    const longName = "Grand Hotel Weisses Rössli ".repeat(10);
    const name = slugWithoutSuffix(businessSlug(longName, placeId)) ?? "";
    expect(name.length).toBeGreaterThan(60);
    expect(name.length).toBeLessThanOrEqual(80);
    expect(slugify(longName).startsWith(`${name}-`)).toBe(true);
  });
});

describe("slugWithoutSuffix", () => {
  it("removes the trailing 6-character tag, giving the slug the lookup retries with", () => {
    const slug = businessSlug("Weisses Rössli", "ChIJ_7xyc-2hmkcR0m3PT_CrwSo");
    expect(slugWithoutSuffix(slug)).toBe("weisses-rossli");
    expect(slugWithoutSuffix("mere-catherine-a1b2c3")).toBe("mere-catherine");
  });

  it("returns null when there is no such tag", () => {
    expect(slugWithoutSuffix("weisses-rossli-ab12")).toBeNull();
    expect(slugWithoutSuffix("weisses-rossli-ABC123")).toBeNull();
    expect(slugWithoutSuffix("abc123")).toBeNull();
    expect(slugWithoutSuffix("-abc123")).toBeNull();
    expect(slugWithoutSuffix("")).toBeNull();
  });
});

describe("foldLetters", () => {
  it("compares typed names case and accents aside, Turkish capitals included", () => {
    for (const typed of ["TÜRKİYE", "turkiye", "Türkiye"]) expect(foldLetters(typed)).toBe("turkiye");
    expect(foldLetters("Côte d’Ivoire")).toBe("cote d’ivoire");
    expect(foldLetters("Diyarbakır")).toBe(foldLetters("DIYARBAKIR"));
  });
});

describe("the admin's filter boxes", () => {
  it("match whatever the case, accents and Turkish dotted or dotless i", () => {
    const matches = (label: string, typed: string) => foldLetters(label).includes(foldLetters(typed));
    expect(matches("Inn", "inn")).toBe(true);
    expect(matches("Italian restaurant", "ital")).toBe(true);
    expect(matches("İşletmeler", "isletme")).toBe(true);
    expect(matches("İşletmeler", "İŞLET")).toBe(true);
    expect(matches("Excel Yükleme", "yukle")).toBe(true);
    expect(matches("Café", "cafe")).toBe(true);
    expect(matches("Raporlar", "ayar")).toBe(false);
  });
});
