/** Page sizes and list lengths of the directory pages (the spec's section 9). */
export const ALL_BUSINESSES_PER_PAGE = 20;
export const ALL_BUSINESSES_MAX_PAGES = 100;
export const CATEGORIES_PER_PAGE = 12;
export const CATEGORY_TOP_COUNTRIES = 15;
export const COUNTRIES_PER_PAGE = 12;
export const COUNTRY_TOP_CITIES = 20;
export const COUNTRY_CATEGORIES_PER_PAGE = 20;
export const CITIES_PER_PAGE = 12;
export const CITY_TOP_CATEGORIES = 15;
/**
 * The spec's list calls (GET /api/categories, /api/countries, /api/cities without `page`)
 * answer a bare list, which the original paged in the browser. At two million businesses there
 * are tens of thousands of cities: the bare list stops at this many (biggest first, or
 * alphabetical for a letter) and says the full count in X-Total-Count; `?page=N` pages through
 * everything.
 */
export const SPEC_LIST_LIMIT = 1000;
