/**
 * Page anchors of big categories and cities (decision 065): every PAGE_ANCHOR_STEP-th approved
 * business in the pages' order (newest first), so that a page asked for by number alone skips
 * fewer than PAGE_ANCHOR_STEP index entries instead of every entry before it.
 *
 * Triggers delete a scope's anchors whenever its approved businesses change (migrations/0001_summaries_and_search_text.sql),
 * so anchors that exist are exact; the queue rebuilds the missing ones after every directory
 * change and on the cron.
 */

/** Positions between two anchors: a typed page skips at most this many index entries. */
export const PAGE_ANCHOR_STEP = 600;

/** Which businesses a scope orders: the covering index of its pages and its key terms. */
export interface AnchorScope {
  /** "category/<slug>" or "city/<country code>/<slug>": the form the triggers build. */
  key: string;
  index: "businesses_category_page" | "businesses_city_page" | "businesses_city_category_page";
  /** Conditions on the index's key columns, with parameters ?1..?n. */
  where: string;
  params: unknown[];
}

export function categoryAnchorScope(slug: string): AnchorScope {
  return { key: `category/${slug}`, index: "businesses_category_page", where: "category_slug = ?1", params: [slug] };
}

export function cityAnchorScope(countryCode: string, citySlug: string): AnchorScope {
  return {
    key: `city/${countryCode}/${citySlug}`,
    index: "businesses_city_page",
    where: "country_code = ?1 AND city_slug = ?2",
    params: [countryCode, citySlug],
  };
}

/**
 * A city's businesses of one category (/cities/{cc}/{city}?category=slug). No anchors are built
 * for these (a city's category is a small part of it): a page typed by number skips from the top.
 */
export function cityCategoryScope(countryCode: string, citySlug: string, categorySlug: string): AnchorScope {
  return {
    key: `city-category/${countryCode}/${citySlug}/${categorySlug}`,
    index: "businesses_city_category_page",
    where: "country_code = ?1 AND city_slug = ?2 AND category_slug = ?3",
    params: [countryCode, citySlug, categorySlug],
  };
}

/**
 * The index walk of a page typed by number, from the anchor nearest at or below `start` (a
 * 0-based position): a condition bounding the ids by the anchor and the OFFSET left after it,
 * with their parameters numbered from `first`. Without an anchor (none built yet, or `start`
 * below the first) the same SQL skips from the top. The anchor is read inside the statement, so
 * page and anchor are one snapshot.
 */
export function fromNearestAnchor(scope: AnchorScope, start: number, first: number) {
  const anchor = (column: string) => `(SELECT ${column} FROM page_anchors WHERE scope = ?${first} AND position = ?${first + 1})`;
  return {
    condition: `id <= coalesce(${anchor("business_id")}, ${Number.MAX_SAFE_INTEGER})`,
    offset: `?${first + 2} - coalesce(${anchor("position")}, 0)`,
    params: [scope.key, Math.floor(start / PAGE_ANCHOR_STEP) * PAGE_ANCHOR_STEP, start],
  };
}

/**
 * Big scopes (more than PAGE_ANCHOR_STEP approved businesses) without anchors, biggest first:
 * those a change has invalidated and those that just grew past the step.
 */
export async function scopesMissingAnchors(db: D1Database, limit: number): Promise<AnchorScope[]> {
  const { results } = await db
    .prepare(
      `SELECT kind, country_code, slug FROM (
         SELECT 'category' AS kind, NULL AS country_code, slug, business_count FROM categories
         WHERE business_count > ?1 AND NOT EXISTS (SELECT 1 FROM page_anchors WHERE scope = 'category/' || slug)
         UNION ALL
         SELECT 'city', country_code, slug, business_count FROM cities
         WHERE business_count > ?1
           AND NOT EXISTS (SELECT 1 FROM page_anchors WHERE scope = 'city/' || country_code || '/' || slug))
       ORDER BY business_count DESC LIMIT ?2`,
    )
    .bind(PAGE_ANCHOR_STEP, limit)
    .all<{ kind: string; country_code: string | null; slug: string }>();
  return results.map((r) => (r.kind === "category" ? categoryAnchorScope(r.slug) : cityAnchorScope(String(r.country_code), r.slug)));
}

/**
 * Replaces a scope's anchors in one transaction, read in one walk of its index: the anchors
 * match the businesses as they are at that moment, and any later change deletes them again.
 * Returns how many anchors it wrote.
 */
export async function rebuildPageAnchors(db: D1Database, scope: AnchorScope): Promise<number> {
  const n = scope.params.length;
  const [, inserted] = await db.batch([
    db.prepare(`DELETE FROM page_anchors WHERE scope = ?1`).bind(scope.key),
    db
      .prepare(
        `INSERT INTO page_anchors (scope, position, business_id)
         SELECT ?${n + 1}, position, id FROM (
           SELECT id, row_number() OVER (ORDER BY id DESC) - 1 AS position
           FROM businesses INDEXED BY ${scope.index} WHERE ${scope.where} AND is_approved = 1)
         WHERE position > 0 AND position % ?${n + 2} = 0`,
      )
      .bind(...scope.params, scope.key, PAGE_ANCHOR_STEP),
  ]);
  return inserted?.meta.changes ?? 0;
}

/**
 * Rebuilds the anchors of up to `maxScopes` scopes that lack them. `anchored` counts the scopes
 * that got anchors (one whose summary count ran ahead of its businesses gets none and would be
 * picked again); `more` tells whether others still wait.
 */
export async function rebuildMissingPageAnchors(db: D1Database, maxScopes: number): Promise<{ anchored: number; more: boolean }> {
  const scopes = await scopesMissingAnchors(db, maxScopes + 1);
  let anchored = 0;
  for (const scope of scopes.slice(0, maxScopes)) if ((await rebuildPageAnchors(db, scope)) > 0) anchored++;
  return { anchored, more: scopes.length > maxScopes };
}
