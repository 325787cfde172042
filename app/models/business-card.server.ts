/** The business cards of category and city detail pages, paged through a covering index. */
import { businessBasics, cardDetails, textColumn, type BusinessBasics, type CardDetails } from "./business-row.server";
import { totalPages } from "~/lib/directory/paging";
import type { SearchFilters } from "~/lib/search/search-filters";
import { findBusinesses, type FilteredBusiness, type ListScope } from "./finder.server";
import { fromNearestAnchor, type AnchorScope } from "./page-anchor.server";

// Hand-written SQL: public list pages' hot path, read INDEXED BY each scope's index (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

export interface DirectoryBusinessCard extends BusinessBasics, CardDetails {
  category: string | null;
  type: string | null;
  createdAt: number;
}

/** Pages either side of the current one that get a cursor: every button of a 5-button window. */
const CURSOR_REACH = 4;

export interface CardPageRequest {
  page: number;
  limit: number;
  /** Cursor from a pager link: the page holds the businesses with ids below it (newest first). */
  before: number | null;
}

/** How a page is read: after a pager cursor, as page 1, or by its number alone (OFFSET). */
function cardPageShape({ page, before }: CardPageRequest): "cursor" | "first" | "typed" {
  if (before !== null && page > 1) return "cursor";
  return page === 1 ? "first" : "typed";
}

/**
 * Statements of one page of cards plus the cursors of the pages around it (read the answers
 * with readCardPage).
 *
 * With a cursor (`before`), a page reads `limit` index entries and rows however deep it is;
 * the pager links carry the cursors of the pages its window shows, so clicking through a
 * 1,000,000-business category stays cheap. A page asked for by number alone (typed URL, first
 * visit) falls back to OFFSET, which skips index entries only (never table rows), from the page
 * anchor nearest below it (fewer than PAGE_ANCHOR_STEP entries; from the top while the anchors
 * are being rebuilt), and skips them once: one statement reads the window of rows from the
 * cursors of the pages before to those of the pages after.
 */
export function cardPageStatements(db: D1Database, scope: AnchorScope, request: CardPageRequest) {
  const { page, limit, before } = request;
  const shape = cardPageShape(request);
  const n = scope.params.length;
  const ids = `SELECT id FROM businesses INDEXED BY ${scope.index} WHERE ${scope.where} AND is_approved = 1`;
  const select = `SELECT id, name, slug, category, type, full_address, phone, rating, reviews, verified, photo, created_at FROM businesses`;
  if (shape === "cursor") {
    return [
      db.prepare(`${select} WHERE id IN (${ids} AND id < ?${n + 1} ORDER BY id DESC LIMIT ?${n + 2}) ORDER BY id DESC`).bind(...scope.params, before, limit),
      // Ids of this page and the next ones: the cursors of pages +1..+CURSOR_REACH.
      db.prepare(`${ids} AND id < ?${n + 1} ORDER BY id DESC LIMIT ?${n + 2}`).bind(...scope.params, before, (CURSOR_REACH + 1) * limit),
      // The cursor itself and the ids above it, nearest first: the cursors of the pages before.
      db.prepare(`${ids} AND id >= ?${n + 1} ORDER BY id ASC LIMIT ?${n + 2}`).bind(...scope.params, before, CURSOR_REACH * limit + 1),
    ];
  }
  if (shape === "first") {
    return [
      db.prepare(`${select} WHERE id IN (${ids} ORDER BY id DESC LIMIT ?${n + 1}) ORDER BY id DESC`).bind(...scope.params, limit),
      db.prepare(`${ids} ORDER BY id DESC LIMIT ?${n + 1}`).bind(...scope.params, (CURSOR_REACH + 1) * limit),
    ];
  }
  const { start, length } = typedPageWindow(page, limit);
  const anchor = fromNearestAnchor(scope, start, n + 2);
  return [
    db
      .prepare(`${select} WHERE id IN (${ids} AND ${anchor.condition} ORDER BY id DESC LIMIT ?${n + 1} OFFSET ${anchor.offset}) ORDER BY id DESC`)
      .bind(...scope.params, length, ...anchor.params),
  ];
}

/** Rows a typed page > 1 reads: from the cursors of the pages before it to those after it. */
function typedPageWindow(page: number, limit: number) {
  const offset = (page - 1) * limit;
  const start = Math.max(0, offset - CURSOR_REACH * limit - 1);
  return { start, skip: offset - start, length: offset - start + (CURSOR_REACH + 1) * limit };
}

/** The page's cards and its pager's cursors, from the answers of cardPageStatements. */
export function readCardPage(request: CardPageRequest, answers: readonly (D1Result<Record<string, unknown>> | undefined)[]) {
  const rows = (i: number) => answers[i]?.results ?? [];
  if (cardPageShape(request) !== "typed") {
    return { businesses: rows(0).map(toBusinessCard), cursors: cardPageCursors(request, rows(1), rows(2)) };
  }
  const window = rows(0);
  const { skip } = typedPageWindow(request.page, request.limit);
  return {
    businesses: window.slice(skip, skip + request.limit).map(toBusinessCard),
    cursors: cardPageCursors(request, window.slice(skip), window.slice(0, skip)),
  };
}

/**
 * Cursors (`before` ids) of the pages within CURSOR_REACH of `page`, from the id lists of
 * cardPageStatements. Page 1 never needs one; a missing entry means "use the page number".
 */
function cardPageCursors(
  request: CardPageRequest,
  forward: Record<string, unknown>[],
  backward: Record<string, unknown>[],
): Record<number, number> {
  const { page, limit } = request;
  const cursors: Record<number, number> = {};
  const id = (row: Record<string, unknown> | undefined) => (row ? Number(row.id) : null);
  const reach = Array.from({ length: CURSOR_REACH }, (_, i) => i + 1);
  // Page +k starts below the last id of page +k−1.
  for (const k of reach) {
    const cursor = forward.length > k * limit ? id(forward[k * limit - 1]) : null;
    if (cursor !== null) cursors[page + k] = cursor;
  }
  if (cardPageShape(request) === "cursor") {
    // backward = [before, the ids above it…] ascending: page −k starts below backward[k·limit].
    for (const k of reach) {
      const cursor = id(backward[k * limit]);
      if (page - k > 1 && cursor !== null) cursors[page - k] = cursor;
    }
  } else {
    // backward = the ids just above this page, newest first, ending right above it.
    for (const k of reach) {
      const cursor = id(backward[backward.length - k * limit - 1]);
      if (page - k > 1 && backward.length - k * limit - 1 >= 0 && cursor !== null) cursors[page - k] = cursor;
    }
  }
  return cursors;
}

export function toBusinessCard(r: Record<string, unknown>): DirectoryBusinessCard {
  const type = textColumn(r, "type");
  return {
    ...businessBasics(r),
    // The directory category of a business is its type, else its category.
    category: type ?? textColumn(r, "category"),
    type,
    ...cardDetails(r),
    createdAt: Number(r.created_at ?? 0),
  };
}

/** The businesses of a category or city page: a page of its cards, or of what its filters keep. */
export interface CardListPage {
  businesses: (DirectoryBusinessCard | FilteredBusiness)[];
  /** With filters: the businesses they keep (counted up to the candidates) and whether more match. */
  filtered: { totalCount: number; moreThanCounted: boolean } | null;
  currentPage: number;
  totalPages: number;
  limit: number;
  /** `before` cursors of the pager's neighbouring pages (see cardPageStatements). */
  cursors: Record<number, number>;
}

/**
 * A detail page's list: without filters, its cards from the answers of cardPageStatements (paged
 * over `total`, the list's stored count); with them, the page the finder answers, by number.
 */
export async function readCardListPage(
  db: D1Database,
  scope: ListScope,
  request: CardPageRequest,
  filters: SearchFilters | null,
  cards: readonly (D1Result<Record<string, unknown>> | undefined)[],
  total: number,
): Promise<CardListPage> {
  const { page, limit } = request;
  const filtered = filters ? await findBusinesses(db, { words: "", location: null, scope, filters, at: new Date() }, { page, perPage: limit }) : null;
  return {
    ...(filtered ? { businesses: filtered.businesses, cursors: {} } : readCardPage(request, cards)),
    filtered: filtered ? { totalCount: filtered.totalCount, moreThanCounted: filtered.moreThanCounted } : null,
    currentPage: page,
    totalPages: filtered ? filtered.totalPages : totalPages(total, limit),
    limit,
  };
}
