import { describe, expect, it } from "vitest";
import { deriveCountryCode } from "~/import/clean/country";

const byCountry = (country: string) => deriveCountryCode({ countryCode: null, country, fullAddress: null });
const byAddress = (fullAddress: string) => deriveCountryCode({ countryCode: null, country: null, fullAddress });

/** Codes withdrawn, transitional or reserved that ICU still names, mostly as their successors. */
const NOT_IN_USE = "AC AN BU CP CQ CS DD DG DY EA EU EZ FQ FX HV IC JT MI NH NQ NT PC PU PZ QO RH SU TA TP UK UN VD WK XA XB YD YU ZR ZZ".split(" ");
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("country of a row without country_code", () => {
  it("files every country name, in many languages, under a code in use: Vietnam under VN, never the withdrawn VD", () => {
    for (const language of ["en", "de", "fr", "es", "it", "tr", "pt", "nl", "ru", "ar", "zh", "ja", "vi", "pl"]) {
      const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
      for (const a of LETTERS) {
        for (const b of LETTERS) {
          const name = names.of(a + b);
          if (!name) continue;
          const code = byCountry(name);
          expect(NOT_IN_USE, `${language} ${a + b} “${name}” → ${code}`).not.toContain(code);
        }
      }
    }
    expect(["Vietnam", "Việt Nam", "Zimbabwe", "Vanuatu", "Curaçao", "Benin", "Burkina Faso", "Yemen", "Germany", "Russia", "United Kingdom"].map(byCountry))
      .toEqual(["VN", "VN", "ZW", "VU", "CW", "BJ", "BF", "YE", "DE", "RU", "GB"]);
    expect(byAddress("12 Nguyễn Huệ, Quận 1, Hồ Chí Minh, Việt Nam")).toBe("VN");
  });

  it("reads an ISO code in the country column, and names in the country's own or another language", () => {
    expect(["TR", "de", "Norge", "Polska", "Ελλάδα", "Россия", "日本", "Korea", "Holland", "Almanya", "Turkey", "Trinidad and Tobago", "St Lucia"].map(byCountry))
      .toEqual(["TR", "DE", "NO", "PL", "GR", "RU", "JP", "KR", "NL", "DE", "TR", "TT", "LC"]);
    // Only there: two letters ending an address are usually a US state, not Israel or Canada.
    expect(byAddress("100 Main St, Springfield, IL 62701")).toBeNull();
    expect(byAddress("1 Infinite Loop, Cupertino, CA")).toBeNull();
  });

  it("files a country_code of UK, which ICU names but is withdrawn, under GB", () => {
    expect(deriveCountryCode({ countryCode: "uk", country: "United Kingdom", fullAddress: null })).toBe("GB");
    expect(deriveCountryCode({ countryCode: "TR", country: "turkey", fullAddress: null })).toBe("TR");
  });
});
