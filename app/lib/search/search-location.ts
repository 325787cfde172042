/**
 * Where a search or a list is narrowed to by place: a known country or city (by code and slug), or
 * text the directory does not know as a place, matched against the index's city and country
 * words. Pure.
 */
import { countryNames } from "../directory/country-names";
import type { LocationWords } from "./search-query";

/** Where a location narrowed the search to (shown on the page). */
export type SearchLocation =
  | { kind: "country"; code: string; name: string }
  | { kind: "city"; slug: string; name: string; country?: { code: string; name: string } }
  | { kind: "text"; text: string };

/**
 * The location's words in the index: a country by any of its names (a business's stored country
 * text may be "TURKEY", "Türkiye" or "TR" for the same code), a city by its name (spellings that
 * differ in case or accents are one word to the index), and its country's names too when one
 * was typed with it.
 */
export function locationMatch(location: SearchLocation | null): LocationWords[] {
  if (!location) return [];
  const countryWords = (country: { code: string; name: string }): LocationWords => ({ texts: [country.name, country.code, ...countryNames(country.code)], columns: "country" });
  if (location.kind === "country") return [countryWords(location)];
  if (location.kind === "city") return [{ texts: [location.name], columns: "city" }, ...(location.country ? [countryWords(location.country)] : [])];
  return [{ texts: [location.text], columns: "city country" }];
}
