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
