/**
 * The page types the bench measures: a table, not code per page. Concrete slugs come from the
 * database being measured, so the same table works at any size and for pages that other
 * branches add later (a page that answers 404 is reported as not available).
 */
import { ALL_BUSINESSES_PER_PAGE } from "../../app/lib/directory/directory-limits";
import { query } from "./sqlite";

export interface Picks {
  category: { slug: string; count: number };
  categoryDeepPage: number;
  /** The cursor the pager's links carry to the deep page: the last id of the page before it. */
  categoryDeepBefore: number;
  /** Page 100 of All Businesses, or its last page in a database too small to have 100. */
  businessesDeepPage: number;
  country: string;
  city: { countryCode: string; slug: string; name: string };
  /** The middle of the biggest city's businesses (their mean position): where near-me is densest. */
  cityCentre: { latitude: number; longitude: number };
  businessSlug: string;
  commonWord: string;
  rareWord: string;
  /** The biggest city's view on a 1366 × 800 map at zoom 13, round its businesses' mean position. */
  mapCity: { name: string; bbox: string };
}

export interface PageType {
  id: string;
  label: string;
  /** HTML page, JSON API answer, or a static file (wrangler dev's floor: no Worker code runs). */
  kind: "page" | "api" | "static";
  path: string;
}

/** Category and city details show 12 businesses a page (spec): the deep page is the last one. */
const CATEGORY_PAGE_SIZE = 12;

export function pickFromDatabase(file: string): Picks {
  const [category] = query<{ slug: string; business_count: number }>(
    file, `SELECT slug, business_count FROM categories ORDER BY business_count DESC, slug LIMIT 1`);
  const [country] = query<{ code: string }>(file, `SELECT code FROM countries ORDER BY business_count DESC, code LIMIT 1`);
  const [city] = query<{ country_code: string; slug: string; name: string }>(
    file, `SELECT country_code, slug, name FROM cities ORDER BY business_count DESC, slug LIMIT 1`);
  // A business from the middle of the table: neither the newest nor the oldest row.
  const [business] = query<{ slug: string }>(
    file, `SELECT slug FROM businesses WHERE is_approved = 1 AND id >= (SELECT max(id) / 2 FROM businesses) ORDER BY id LIMIT 1`);
  if (!category || !country || !city || !business) throw new Error("the bench database holds no businesses");
  const [centre] = query<{ latitude: number | null; longitude: number | null }>(
    file, `SELECT avg(latitude) AS latitude, avg(longitude) AS longitude FROM businesses INDEXED BY businesses_city_page
       WHERE country_code = '${city.country_code.replace(/'/g, "''")}' AND city_slug = '${city.slug.replace(/'/g, "''")}' AND is_approved = 1 AND latitude IS NOT NULL`);
  const categoryDeepPage = Math.max(2, Math.ceil(category.business_count / CATEGORY_PAGE_SIZE));
  // The same order and index as the category page (newest first among approved businesses).
  const [deepBefore] = query<{ id: number }>(
    file, `SELECT id FROM businesses INDEXED BY businesses_category_page WHERE category_slug = '${category.slug.replace(/'/g, "''")}'
       AND is_approved = 1 ORDER BY id DESC LIMIT 1 OFFSET ${(categoryDeepPage - 1) * CATEGORY_PAGE_SIZE - 1}`);
  // Words from the search index itself: the most and the least frequent real words (letters only).
  const vocabulary = `CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, businesses_fts, 'row');`;
  const words = (order: string) =>
    query<{ term: string }>(file, `${vocabulary} SELECT term FROM temp.vocabulary
       WHERE length(term) >= 4 AND term NOT GLOB '*[^a-z]*' ORDER BY ${order} LIMIT 1`);
  const [totals] = query<{ business_count: number }>(file, `SELECT business_count FROM directory_totals WHERE id = 1`);
  // A page past the last one redirects to page 1: the tiny database of the bench's own test has 50.
  const businessesDeepPage = Math.max(1, Math.min(100, Math.ceil((totals?.business_count ?? 0) / ALL_BUSINESSES_PER_PAGE)));
  const [common] = words("doc DESC, term");
  const [rare] = words("doc ASC, term");
  return {
    category: { slug: category.slug, count: category.business_count },
    categoryDeepPage,
    categoryDeepBefore: deepBefore?.id ?? 0,
    businessesDeepPage,
    country: country.code.toLowerCase(),
    city: { countryCode: city.country_code.toLowerCase(), slug: city.slug, name: city.name },
    // Five decimals, as a shared near-me link carries them.
    cityCentre: { latitude: Number((centre?.latitude ?? 0).toFixed(5)), longitude: Number((centre?.longitude ?? 0).toFixed(5)) },
    businessSlug: business.slug,
    commonWord: common?.term ?? "hotel",
    rareWord: rare?.term ?? "zzzz",
    mapCity: { name: city.name, bbox: mapViewBox(centre?.latitude ?? 0, centre?.longitude ?? 0, 13, 1366, 800) },
  };
}

/** WEST,SOUTH,EAST,NORTH of a `width` × `height` pixel map at `zoom` centred on a point (Web Mercator, 256-pixel tiles). */
export function mapViewBox(latitude: number, longitude: number, zoom: number, width: number, height: number): string {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = (width / 2) * degreesPerPixel;
  // Near the centre a pixel spans cos(latitude) as many degrees of latitude as of longitude.
  const halfHeight = (height / 2) * degreesPerPixel * Math.cos((latitude * Math.PI) / 180);
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return [longitude - halfWidth, latitude - halfHeight, longitude + halfWidth, latitude + halfHeight].map(round).join(",");
}

export function pageTypes(p: Picks): PageType[] {
  const q = encodeURIComponent;
  const cat = q(p.category.slug);
  const city = `${q(p.city.countryCode)}/${q(p.city.slug)}`;
  const deep = `page=${p.categoryDeepPage}&before=${p.categoryDeepBefore}`;
  const nearCentre = `near=${p.cityCentre.latitude},${p.cityCentre.longitude}`;
  return [
    { id: "static", label: "Static file (no Worker code: the floor)", kind: "static", path: "/favicon.svg" },
    { id: "home", label: "Home", kind: "page", path: "/" },
    { id: "businesses-1", label: "All businesses, page 1", kind: "page", path: "/businesses" },
    { id: "businesses-100", label: `All businesses, page ${p.businessesDeepPage}`, kind: "page", path: `/businesses?page=${p.businessesDeepPage}` },
    { id: "category", label: "Category (biggest), page 1", kind: "page", path: `/categories/${cat}` },
    { id: "category-deep", label: `Category (biggest), page ${p.categoryDeepPage} from the pager`, kind: "page", path: `/categories/${cat}?${deep}` },
    { id: "category-deep-typed", label: `Category (biggest), page ${p.categoryDeepPage} typed (no cursor)`, kind: "page", path: `/categories/${cat}?page=${p.categoryDeepPage}` },
    { id: "country", label: "Country (biggest)", kind: "page", path: `/countries/${q(p.country)}` },
    { id: "city", label: "City (biggest)", kind: "page", path: `/cities/${city}` },
    { id: "business", label: "Business detail", kind: "page", path: `/business/${q(p.businessSlug)}` },
    { id: "search-common", label: `Search, common word "${p.commonWord}"`, kind: "page", path: `/search?q=${q(p.commonWord)}` },
    { id: "search-rare", label: `Search, rare word "${p.rareWord}"`, kind: "page", path: `/search?q=${q(p.rareWord)}` },
    { id: "search-location", label: `Search "${p.commonWord}" in ${p.city.name}`, kind: "page", path: `/search?q=${q(p.commonWord)}&location=${q(p.city.name)}` },
    { id: "near-me", label: `Near me, 10 km around ${p.city.name}'s centre, by distance`, kind: "page", path: `/search?${nearCentre}&radius=10&sort=distance` },
    { id: "near-me-filtered", label: `Near me, 10 km, rating 4+, open now`, kind: "page", path: `/search?${nearCentre}&radius=10&minRating=4&openNow=1` },
    { id: "search-rating", label: `Search "${p.commonWord}", rating 4+`, kind: "page", path: `/search?q=${q(p.commonWord)}&minRating=4` },
    { id: "search-open-now", label: `Search "${p.commonWord}", open now`, kind: "page", path: `/search?q=${q(p.commonWord)}&openNow=1` },
    { id: "search-amenity-price", label: `Search "${p.commonWord}", Free Wi-Fi, $$, verified, by rating`, kind: "page", path: `/search?q=${q(p.commonWord)}&amenity=Free+Wi-Fi&price=%24%24&verified=1&sort=rating` },
    { id: "search-near", label: `Search "${p.commonWord}" within 10 km, by distance`, kind: "page", path: `/search?q=${q(p.commonWord)}&${nearCentre}&radius=10&sort=distance` },
    { id: "search-near-default", label: `"${p.commonWord}" near me, 10 km (relevance)`, kind: "page", path: `/search?q=${q(p.commonWord)}&${nearCentre}&radius=10` },
    { id: "search-near-open", label: `"${p.commonWord}" near me, 10 km, open now`, kind: "page", path: `/search?q=${q(p.commonWord)}&${nearCentre}&radius=10&openNow=1` },
    { id: "search-verified-category", label: `Search "${p.commonWord}", verified, category ${p.category.slug}`, kind: "page", path: `/search?q=${q(p.commonWord)}&verified=1&category=${cat}` },
    { id: "category-filtered", label: "Category (biggest), rating 4+, by reviews", kind: "page", path: `/categories/${cat}?minRating=4&sort=reviews` },
    { id: "categories", label: "Categories list", kind: "page", path: "/categories" },
    { id: "countries", label: "Countries list", kind: "page", path: "/countries" },
    { id: "cities", label: "Cities list", kind: "page", path: "/cities" },
    { id: "api-homepage", label: "API home data", kind: "api", path: "/api/homepage-data" },
    { id: "api-featured", label: "API featured businesses", kind: "api", path: "/api/featured-businesses" },
    { id: "api-businesses-1", label: "API businesses, page 1", kind: "api", path: "/api/businesses?page=1" },
    { id: "api-businesses-100", label: `API businesses, page ${p.businessesDeepPage}`, kind: "api", path: `/api/businesses?page=${p.businessesDeepPage}` },
    { id: "api-business", label: "API business detail", kind: "api", path: `/api/businesses/${q(p.businessSlug)}` },
    { id: "api-category", label: "API category, page 1", kind: "api", path: `/api/categories/${cat}?page=1&limit=12` },
    { id: "api-category-deep", label: `API category, page ${p.categoryDeepPage} with cursor`, kind: "api", path: `/api/categories/${cat}?${deep}&limit=12` },
    { id: "api-country", label: "API country", kind: "api", path: `/api/countries/${q(p.country)}` },
    { id: "api-city", label: "API city", kind: "api", path: `/api/cities/${city}?page=1&limit=12` },
    { id: "api-categories", label: "API categories list", kind: "api", path: "/api/categories" },
    { id: "api-countries", label: "API countries list", kind: "api", path: "/api/countries" },
    { id: "api-cities", label: "API cities list", kind: "api", path: "/api/cities" },
    { id: "api-search-near", label: "API search, 10 km near me, by distance", kind: "api", path: `/api/search?${nearCentre}&radius=10&sort=distance` },
    { id: "api-map-world", label: "API map, the world at zoom 2", kind: "api", path: "/api/map?bbox=-180,-85,180,85&zoom=2" },
    { id: "api-map-city", label: `API map, ${p.mapCity.name} at zoom 13`, kind: "api", path: `/api/map?bbox=${p.mapCity.bbox}&zoom=13` },
    { id: "api-map-city-category", label: `API map, ${p.mapCity.name} at zoom 13, category ${p.category.slug}`, kind: "api", path: `/api/map?bbox=${p.mapCity.bbox}&zoom=13&category=${cat}` },
    { id: "api-map-city-words", label: `API map, ${p.mapCity.name} at zoom 13, "${p.commonWord}"`, kind: "api", path: `/api/map?bbox=${p.mapCity.bbox}&zoom=13&q=${q(p.commonWord)}` },
  ];
}

/** The query parameter that makes each request a distinct edge-cache key (the app ignores it). */
export const CACHE_BUST_PARAM = "_bench";

export function withCacheBust(path: string, token: string | number): string {
  return `${path}${path.includes("?") ? "&" : "?"}${CACHE_BUST_PARAM}=${token}`;
}

export interface Capture {
  status: number;
  available: boolean;
  edgeCache: string | null;
  rowsRead: number | null;
  d1Calls: number | null;
  unmetered: number | null;
  statements: { sql: string; params: unknown[] }[];
  bytes: number;
}

/**
 * One cold request that reports the page's D1 figures and the SQL it ran. A cold request just
 * before it refreshes the isolate's memo of the cache generation and site code, so the figures
 * are the page's own (a request reads the generation at most once a second).
 */
export async function capture(baseURL: string, page: PageType, token: string): Promise<Capture> {
  await (await fetch(baseURL + withCacheBust(page.path, `${token}-warmup`))).arrayBuffer();
  // The captured statements travel in a header: a map view's many ranges need more than Node's
  // default 16 KB of headers (npm run bench raises it).
  const response = await fetch(baseURL + withCacheBust(page.path, token), { headers: { "X-Bench-Capture": "1" } });
  const body = await response.arrayBuffer();
  const number = (name: string) => (response.headers.has(name) ? Number(response.headers.get(name)) : null);
  const encoded = response.headers.get("X-D1-Statements");
  return {
    status: response.status,
    available: response.status !== 404,
    edgeCache: response.headers.get("X-Edge-Cache"),
    rowsRead: number("X-D1-Rows-Read"),
    d1Calls: number("X-D1-Calls"),
    unmetered: number("X-D1-Unmetered"),
    statements: encoded ? JSON.parse(decodeURIComponent(encoded)) : [],
    bytes: body.byteLength,
  };
}
