import { data, redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { NO_STORE } from "~/lib/web/cache-policy";
import { withParams } from "~/lib/directory/directory-query";
import { MISSING_LIST_PAGE, readPageParam } from "~/lib/directory/paging";
import { parseSearchFilters, type SearchFilters } from "~/lib/search/search-filters";
import { bodyTooLargeMessage, readBodyUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";

/** Admin answers are never stored by a browser or a shared cache. */
export function adminJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return Response.json(body, { status: init.status ?? 200, headers });
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return adminJson({ success: false, message: `Method not allowed (use ${allowed.join(" or ")})` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/**
 * The other half of a route that takes only some methods: `export const loader =
 * onlyMethods("POST")` on a call that only acts, `export const action = onlyMethods("GET",
 * "HEAD")` on one that only reads. Without it Remix answers a GET of the first with a bare 400
 * and a POST to the second with a 405 that names no method.
 */
export function onlyMethods(...allowed: string[]) {
  return () => methodNotAllowed(allowed);
}

/** How a JSON body is read: its cap, and whether it may be left out. */
interface JsonBodyOptions {
  /** The body cap: 64 KB unless given. */
  maxBytes?: number;
  /** The body may be left out (the spec's bodiless toggle): no body reads as `{}`. */
  optional?: boolean;
}

/**
 * The request's body when it is a JSON object, else the one line that says what is wrong with
 * it. A body over `maxBytes` is not read on: a 413 JSON answer is thrown (the same on every
 * call, like requireAdminApi's 401), so no caller can forget it.
 */
export async function readJsonObject(
  request: Request,
  { maxBytes = SMALL_BODY_MAX_BYTES, optional = false }: JsonBodyOptions = {},
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; message: string }> {
  const bytes = await readBodyUpTo(request, maxBytes);
  if (!bytes) throw adminJson({ success: false, message: bodyTooLargeMessage(maxBytes) }, { status: 413 });
  if (optional && bytes.length === 0) return { ok: true, body: {} };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, message: "Request body must be JSON" };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { ok: false, message: "Request body must be a JSON object" };
  return { ok: true, body: body as Record<string, unknown> };
}

/**
 * A JSON body checked by `schema`: its data, or one readable line for a 400 (a body that is not
 * JSON says so, rather than zod's "expected object, received null"); over `maxBytes`, a thrown 413.
 */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: JsonBodyOptions = {},
): Promise<{ ok: true; data: z.output<S> } | { ok: false; message: string }> {
  const read = await readJsonObject(request, options);
  if (!read.ok) return read;
  const parsed = schema.safeParse(read.body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: firstIssue(parsed.error) };
}

/** The first zod issue as one readable line: "ad1: …". */
export function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/**
 * A 301 to the canonical spelling of a slug URL (/categories/Hotel → /categories/hotel,
 * /cities/CH/Zürich → /cities/ch/zurich), query kept; null when the request already uses it, or
 * when a segment has no canonical form (nothing to send the visitor to: the lookup answers 404).
 * Slugs are stored in their slugify() form, so any other spelling would otherwise be a 404.
 */
export function redirectToCanonicalPath(request: Request, prefix: string, segments: readonly string[]): Response | null {
  if (segments.some((segment) => !segment)) return null;
  const url = new URL(request.url);
  const canonicalPath = `${prefix}/${segments.join("/")}`;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path === canonicalPath) return null;
  return permanentRedirect(request, `${prefix}/${segments.map(encodeURIComponent).join("/")}`);
}

/** A 301 to `path` with the request's query kept. */
export function permanentRedirect(request: Request, path: string): Response {
  const url = new URL(request.url);
  // Remix's own data-request parameter must not leak into the address the visitor lands on.
  url.searchParams.delete("_routes");
  return redirect(`${path}${url.search}`, 301);
}

/**
 * The page a list page's ?page= asks for (readPageParam). A page with another address ("1",
 * "02") is a 301 there, any other query kept (the cursor too, but not on page 1); a value naming
 * no page ("0", "abc", "2.5", past `max`) is a 404: one address per page for crawlers, never
 * page 1 again under another one.
 */
export function listPageOf(request: Request, max = Infinity): number {
  const url = new URL(request.url);
  const read = readPageParam(url.searchParams.get("page"), max);
  if (read === "none") throw data(MISSING_LIST_PAGE, { status: 404 });
  if ("page" in read) return read.page;
  const changes: Record<string, number | null> = read.canonical === 1 ? { page: null, before: null, _routes: null } : { page: read.canonical, _routes: null };
  throw redirect(url.pathname + withParams(url.search, changes), 301);
}

/**
 * Throws a 404 for a page past a list's last (an empty list has page 1): "page 7" of a list of
 * 3 pages is no page, not page 1 under another address. The loader checks once it knows the total.
 */
export function notFoundPastLastPage(page: number, totalPages: number): void {
  if (page > Math.max(1, totalPages)) throw data(MISSING_LIST_PAGE, { status: 404 });
}

/**
 * A page's secondary part (figures, lists beside the page's purpose): null, logged, when its read
 * fails, so a brief D1 error costs the visitor that part and not the whole page. The loader then
 * sends the page `NO_STORE`, so the edge does not keep it that way.
 */
export function unlessFailed<T>(read: Promise<T>, what: string): Promise<T | null> {
  return read.catch((error: unknown) => {
    console.error(`${what} failed`, error);
    return null;
  });
}

/** The body of a page's 400 for a filter it cannot read (shown by BadFilterState). */
export interface FilterError {
  parameter: string;
  filterError: string;
}

/**
 * The filters and sort of a page's address (parseSearchFilters), but for the parameters in
 * `pageOwns`; a bad one throws a 400 whose body names the parameter and says what it takes,
 * which the page's error boundary shows.
 */
export function requestFilters(request: Request, hasQuery: boolean, { pageOwns = [] }: { pageOwns?: readonly string[] } = {}): SearchFilters {
  // A parameter the page reads itself (a city's ?category=) keeps the page's own rule.
  const params = new URL(request.url).searchParams;
  for (const name of pageOwns) params.delete(name);
  const parsed = parseSearchFilters(params, hasQuery);
  if (!parsed.ok) throw data({ parameter: parsed.parameter, filterError: parsed.error } satisfies FilterError, { status: 400, headers: NO_STORE });
  return parsed.filters;
}
