/**
 * Country code derivation for rows whose export lacks the country_code column: the country
 * name (in English, or the language of the export) is looked up in a reverse map built from
 * Intl.DisplayNames, else the last part of the address is tried.
 */

const LANGUAGES = ["en", "de", "fr", "es", "it", "tr", "pt", "nl"] as const;

/** Withdrawn and non-country codes ICU still names (East Germany's DD is named "Deutschland" in German). */
const NOT_COUNTRIES = new Set(["BU", "CS", "DD", "EU", "EZ", "FX", "NT", "QO", "SU", "TP", "UN", "XA", "XB", "YD", "YU", "ZR"]);

let reverseMap: Map<string, string> | null = null;

function key(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

function countryNames(): Map<string, string> {
  if (reverseMap) return reverseMap;
  reverseMap = new Map();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const language of LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        if (NOT_COUNTRIES.has(code)) continue;
        let name: string | undefined;
        try {
          name = names.of(code);
        } catch {
          continue;
        }
        // Reserved and unassigned codes come back unnamed (or as themselves).
        if (!name || name === code) continue;
        if (!reverseMap.has(key(name))) reverseMap.set(key(name), code);
      }
    }
  }
  // Common short forms in addresses that differ from the display names.
  for (const [name, code] of [["USA", "US"], ["UK", "GB"], ["UAE", "AE"], ["Türkiye", "TR"], ["Turkey", "TR"]] as const) {
    reverseMap.set(key(name), code);
  }
  return reverseMap;
}

/** "Switzerland" → "CH"; null when the name is unknown. */
export function countryCodeFromName(name: string | null | undefined): string | null {
  if (!name?.trim()) return null;
  return countryNames().get(key(name)) ?? null;
}

/** The country from the last comma-separated part of an address, e.g. "…, 8002 Zürich, Switzerland". */
export function countryCodeFromAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address.split(",").map((p) => p.trim()).filter(Boolean);
  const last = parts.at(-1);
  if (!last) return null;
  return countryCodeFromName(last) ?? countryCodeFromName(last.replace(/[\d-]+/g, " ").trim());
}

export function deriveCountryCode(input: { countryCode: string | null; country: string | null; fullAddress: string | null }): string | null {
  const given = input.countryCode?.trim().toUpperCase();
  if (given && /^[A-Z]{2}$/.test(given)) return given;
  return countryCodeFromName(input.country) ?? countryCodeFromAddress(input.fullAddress);
}
