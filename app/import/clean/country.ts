/**
 * Country code derivation for rows whose export lacks the country_code column: the country
 * column (a name in English or another language, or an ISO code) is looked up through
 * country-names.ts, else the last part of the address is tried by name.
 */
import { countryCodeFromName, countryCodeFromText } from "~/lib/directory/country-names";

/**
 * The country from the last comma-separated part of an address, e.g. "…, 8002 Zürich, Switzerland".
 * By name only: a two-letter last part is usually a state ("Springfield, IL 62701"), not Israel.
 */
export function countryCodeFromAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address.split(",").map((p) => p.trim()).filter(Boolean);
  const last = parts.at(-1);
  if (!last) return null;
  return countryCodeFromName(last) ?? countryCodeFromName(last.replace(/[\d-]+/g, " ").trim());
}

export function deriveCountryCode(input: { countryCode: string | null; country: string | null; fullAddress: string | null }): string | null {
  const given = input.countryCode?.trim().toUpperCase();
  // A withdrawn code with a name of its own ("UK") means its country; any other pair is kept as given.
  if (given && /^[A-Z]{2}$/.test(given)) return countryCodeFromText(given) ?? given;
  return countryCodeFromText(input.country) ?? countryCodeFromAddress(input.fullAddress);
}
