import { distanceKm } from "~/lib/map/geo-cell";
import { slugify, slugWithoutSuffix } from "~/lib/business/slug";

// Hand-written SQL: the detail page is a public hot path (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

/** Business detail (spec section 3) plus the slugs and names the page links with. */
export interface BusinessDetail {
  id: number;
  slug: string;
  name: string;
  type: string | null;
  category: string | null;
  categorySlug: string | null;
  fullAddress: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  photo: string | null;
  logo: string | null;
  verified: boolean;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  workingHours: string | null;
  about: string | null;
  timeZone: string | null;
  url: string | null;
  locatedIn: string | null;
}

function toDetail(r: Record<string, unknown>): BusinessDetail {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    type: text(r.type),
    category: text(r.category),
    categorySlug: text(r.category_slug),
    fullAddress: text(r.full_address),
    street: text(r.street),
    postalCode: text(r.postal_code),
    city: text(r.city),
    citySlug: text(r.city_slug),
    country: text(r.country),
    countryCode: text(r.country_code),
    rating: num(r.rating),
    reviews: Number(r.reviews ?? 0),
    phone: text(r.phone),
    photo: text(r.photo),
    logo: text(r.logo),
    verified: Boolean(r.verified),
    placeId: text(r.place_id),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    workingHours: text(r.working_hours),
    about: text(r.about),
    timeZone: text(r.time_zone),
    url: text(r.url),
    locatedIn: text(r.located_in),
  };
}

const DETAIL_SQL = `SELECT id, slug, name, type, category, category_slug, full_address, street, postal_code, city,
  city_slug, country, country_code, rating, reviews, phone, photo, logo, verified, place_id, latitude, longitude,
  working_hours, about, time_zone, url, located_in
  FROM businesses WHERE slug = ?1 AND is_approved = 1`;

/** One of a business page's "Nearby": another approved business and how far it is. */
export interface NearbyBusiness {
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
  rating: number | null;
  reviews: number;
  distanceKm: number;
}

/** How many others a business page lists as Nearby. */
export const NEARBY_COUNT = 6;

/** Candidates ranked in SQL by their distance on the map's grid; the great-circle distance picks the NEARBY_COUNT among them. */
const NEARBY_CANDIDATES = 20;

/** The spread (Morton) form of a small tile offset: its bits on the even positions. */
function spread(offset: number): number {
  let bits = 0;
  for (let bit = 0; 2 ** bit <= offset; bit++) if (Math.floor(offset / 2 ** bit) % 2) bits += 4 ** bit;
  return bits;
}

/** Tile offsets within `reach` of the centre as JSON rows [x spread, x negative, y spread, y negative, x, y] for the SQL below. */
function offsetsJson(reach: number): string {
  const rows: number[][] = [];
  for (let dx = -reach; dx <= reach; dx++) {
    for (let dy = -reach; dy <= reach; dy++) rows.push([spread(Math.abs(dx)), dx < 0 ? 1 : 0, spread(Math.abs(dy)) * 2, dy < 0 ? 1 : 0, dx, dy]);
  }
  return JSON.stringify(rows);
}

/** SQL: the x (`odd` 0) or y (1) of a stored cell at zoom 20, its bits gathered from the Morton code. */
function cellAxisSql(cell: string, odd: 0 | 1): string {
  return `(${Array.from({ length: 20 }, (_, bit) => `(((${cell} >> ${2 * bit + odd}) & 1) << ${bit})`).join(" | ")})`;
}

/**
 * SQL: the code of the tile `o` (a row of offsetsJson) away from tile `t` at `zoom`, in Morton
 * arithmetic: each axis's bits are added or subtracted with the other axis's bits masked so carries
 * pass them, wrapping round the world's edge. SQLite gives & | << + one precedence: all bracketed.
 */
function neighbourSql(t: string, zoom: string, o = "o"): string {
  const x = `(((1 << (2 * ${zoom})) - 1) / 3)`;
  const y = `(${x} << 1)`;
  const xPart = `(CASE WHEN ${o}.value ->> 1 THEN (((${t} & ${x}) - (${o}.value ->> 0)) & ${x}) ELSE (((${t} | ${y}) + (${o}.value ->> 0)) & ${x}) END)`;
  const yPart = `(CASE WHEN ${o}.value ->> 3 THEN (((${t} & ${y}) - (${o}.value ->> 2)) & ${y}) ELSE (((${t} | ${x}) + (${o}.value ->> 2)) & ${y}) END)`;
  return `(${xPart} | ${yPart})`;
}

/**
 * The others nearest to business ?1 (by slug), through map_cell_counts and the geo_cell index.
 * The finest counted zoom whose 3 × 3 tiles round the business hold 7 businesses (itself and 6
 * more) is chosen: the 6 nearest are then within 2√2 tiles, so inside its 7 × 7 tiles. Of those,
 * the tiles holding businesses are ranked by their farthest point from the business (in zoom-20
 * cell units, Mercator being true to shape); once they hold 7, that distance bounds the 6th
 * nearest, and only the tiles whose nearest point is within it are read. So a business beside a
 * dense city does not read the city. With fewer than 7 businesses within the zoom-4 tiles' reach
 * (about 7,000 km) the nearest there are listed.
 */
const NEARBY_SQL = `WITH me AS MATERIALIZED (
    SELECT id, geo_cell AS cell, ${cellAxisSql("geo_cell", 0)} AS px, ${cellAxisSql("geo_cell", 1)} AS py
    FROM businesses WHERE slug = ?1 AND is_approved = 1 AND geo_cell IS NOT NULL),
  probe AS (
    SELECT z.zoom, (SELECT coalesce(sum(c.business_count), 0) FROM json_each('${offsetsJson(1)}') AS o
                    CROSS JOIN map_cell_counts AS c WHERE c.zoom = z.zoom AND c.tile = ${neighbourSql("(me.cell >> (40 - 2 * z.zoom))", "z.zoom")}) AS n
    FROM me, map_count_zooms AS z),
  chosen AS (SELECT coalesce(max(zoom), 4) AS zoom, 1 << (20 - coalesce(max(zoom), 4)) AS side FROM probe WHERE n >= ${NEARBY_COUNT + 1}),
  offsets AS (
    SELECT ${neighbourSql("(me.cell >> (40 - 2 * chosen.zoom))", "chosen.zoom")} AS tile, chosen.side,
           (o.value ->> 4) * chosen.side - me.px % chosen.side AS left_edge, (o.value ->> 5) * chosen.side - me.py % chosen.side AS top_edge
    FROM me, chosen, json_each('${offsetsJson(3)}') AS o),
  tiles AS MATERIALIZED (
    SELECT offsets.tile, c.business_count AS n,
           max(0, left_edge, -(left_edge + side)) AS near_x, max(0, top_edge, -(top_edge + side)) AS near_y,
           max(abs(left_edge), abs(left_edge + side)) AS far_x, max(abs(top_edge), abs(top_edge + side)) AS far_y
    FROM offsets CROSS JOIN map_cell_counts AS c WHERE c.zoom = (SELECT zoom FROM chosen) AND c.tile = offsets.tile),
  ranked AS (
    SELECT tile, near_x * near_x + near_y * near_y AS near2, far_x * far_x + far_y * far_y AS far2,
           sum(n) OVER (ORDER BY far_x * far_x + far_y * far_y ROWS UNBOUNDED PRECEDING) AS reached
    FROM tiles),
  bound AS (SELECT min(far2) AS far2 FROM ranked WHERE reached >= ${NEARBY_COUNT + 1}),
  cells AS MATERIALIZED (
    SELECT ranked.tile << (40 - 2 * chosen.zoom) AS lo, (1 << (40 - 2 * chosen.zoom)) - 1 AS span
    FROM ranked, bound, chosen WHERE bound.far2 IS NULL OR ranked.near2 <= bound.far2),
  -- Ranked on the index alone, by distance in cells (x wraps round the world): only the
  -- candidates' rows are read from the table.
  closest AS MATERIALIZED (
    SELECT b.id, ${cellAxisSql("b.geo_cell", 0)} - me.px AS dx, ${cellAxisSql("b.geo_cell", 1)} - me.py AS dy
    FROM me CROSS JOIN cells CROSS JOIN businesses AS b INDEXED BY businesses_geo_position
    WHERE b.geo_cell BETWEEN cells.lo AND cells.lo + cells.span AND b.geo_cell IS NOT NULL AND b.is_approved = 1 AND b.id <> me.id
    ORDER BY min(abs(dx), ${2 ** 20} - abs(dx)) * min(abs(dx), ${2 ** 20} - abs(dx)) + dy * dy
    LIMIT ${NEARBY_CANDIDATES})
SELECT b.slug, b.name, coalesce(b.type, b.category) AS category, b.city, b.rating, b.reviews, b.latitude, b.longitude
FROM closest CROSS JOIN businesses AS b WHERE b.id = closest.id`;



interface NearbyRow {
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
  rating: number | null;
  reviews: number | null;
  latitude: number;
  longitude: number;
}

function nearestOf(business: BusinessDetail, rows: readonly NearbyRow[]): NearbyBusiness[] {
  if (business.latitude === null || business.longitude === null) return [];
  const here = { latitude: business.latitude, longitude: business.longitude };
  return rows
    .map((row) => ({
      slug: row.slug,
      name: row.name,
      category: row.category,
      city: row.city,
      rating: row.rating,
      reviews: Number(row.reviews ?? 0),
      distanceKm: distanceKm(here, { latitude: row.latitude, longitude: row.longitude }),
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.slug.localeCompare(b.slug))
    .slice(0, NEARBY_COUNT);
}

/**
 * An approved business by slug (unique index: one row read), with its Nearby when asked (in the
 * same D1 batch: still one round trip). The spec's retry rule: when the
 * slug is not found and ends in "-" + 6 lowercase alphanumerics, the slug without that suffix
 * is tried once; then the slug as slugify() spells it (capitals, accents). Null
 * when none exists (or the business is not approved). The answer's slug is the one to link to.
 */
async function findBusiness(db: D1Database, slug: string, withNearby: boolean): Promise<{ business: BusinessDetail; nearby: NearbyBusiness[] } | null> {
  const bySlug = async (wanted: string) => {
    if (!withNearby) {
      const row = await db.prepare(DETAIL_SQL).bind(wanted).first<Record<string, unknown>>();
      return row ? { business: toDetail(row), nearby: [] } : null;
    }
    const [detail, nearby] = await db.batch<Record<string, unknown>>([db.prepare(DETAIL_SQL).bind(wanted), db.prepare(NEARBY_SQL).bind(wanted)]);
    const row = detail!.results[0];
    if (!row) return null;
    const business = toDetail(row);
    return { business, nearby: nearestOf(business, nearby!.results as unknown as NearbyRow[]) };
  };
  const found = await bySlug(slug);
  if (found) return found;
  const base = slugWithoutSuffix(slug);
  const retried = base ? await bySlug(base) : null;
  if (retried) return retried;
  // Another spelling of a stored slug ("/business/Hotel-Alpina-ab12cd").
  const respelled = slugify(slug);
  return respelled && respelled !== slug ? bySlug(respelled) : null;
}

/** An approved business by slug (see findBusiness), as /api/businesses/{slug} answers it. */
export async function getBusinessBySlug(db: D1Database, slug: string): Promise<BusinessDetail | null> {
  return (await findBusiness(db, slug, false))?.business ?? null;
}

/** A business page's data: the business and the NEARBY_COUNT other approved businesses nearest to it, nearest first. */
export async function getBusinessPage(db: D1Database, slug: string): Promise<{ business: BusinessDetail; nearby: NearbyBusiness[] } | null> {
  return findBusiness(db, slug, true);
}
