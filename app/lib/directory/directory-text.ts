/**
 * Sentences of the category, country and city pages that tell their counts. A count of 0 is
 * left out rather than told: the upload template has no city column and many exports have empty
 * category or country cells, so a country of 0 cities or a category in 0 countries is common,
 * and "Browse the biggest cities below" above no cities misleads. Pure.
 */
import { countOf, countryInProse } from "./format";

/** `${joiner}3 cities`, or "" for none: "in 0 countries" is never said. */
export function inCount(count: number, one: string, many: string, joiner = " in "): string {
  return count > 0 ? `${joiner}${countOf(count, one, many)}` : "";
}

export interface CountryCounts {
  country: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

function businesses(count: number): string {
  return countOf(count, "hotel or business", "hotels and businesses");
}

/** The country page's description: "12 hotels and businesses in 3 cities of Ghana, in 2 categories." */
export function countryDescription({ country: name, businessCount, cityCount, categoryCount }: CountryCounts): string {
  const country = countryInProse(name);
  const where = cityCount > 0 ? `${inCount(cityCount, "city", "cities")} of ${country}` : ` in ${country}`;
  return `${businesses(businessCount)}${where}${inCount(categoryCount, "category", "categories", ", in ")}.`;
}

/** What the introduction points at, by whether the page lists cities / categories. */
const COUNTRY_LISTS_SENTENCE: Record<`${boolean}/${boolean}`, string> = {
  "true/true": "Browse the biggest cities below or explore the most popular categories of the country.",
  "true/false": "Browse the biggest cities below.",
  "false/true": "Explore the most popular categories of the country below.",
  "false/false": "",
};

/** The country page's introduction, pointing only at the lists the page has. */
export function countryIntro({ country: name, businessCount, cityCount, categoryCount }: CountryCounts): string {
  const country = countryInProse(name);
  const discover = `Discover ${businesses(businessCount)}${inCount(cityCount, "city", "cities", " across ")} in ${country}.`;
  const browse = COUNTRY_LISTS_SENTENCE[`${cityCount > 0}/${categoryCount > 0}`];
  return browse ? `${discover} ${browse}` : discover;
}

/** The description of a country's cities page: "All 3 cities of Ghana …"; "All" only for several. */
export function countryCitiesDescription(countryName: string, cityCount: number): string {
  const country = countryInProse(countryName);
  if (cityCount === 0) return `No city of ${country} is listed yet: its businesses are on the country's page.`;
  return `${cityCount > 1 ? "All " : ""}${countOf(cityCount, "city", "cities")} of ${country} with hotels and businesses, biggest first.`;
}
