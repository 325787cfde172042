import { NO_STORE } from "~/lib/cache-policy";

/** Admin answers are never stored by a browser or a shared cache. */
export function adminJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return Response.json(body, { status: init.status ?? 200, headers });
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return adminJson({ success: false, message: `Method not allowed (use ${allowed.join(" or ")})` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** The request's JSON body, or null when it is missing or not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

/** The first zod issue as one readable line: "ad1: …". */
export function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/**
 * A 301 to the canonical spelling of a slug URL (/categories/Hotel → /categories/hotel,
 * /cities/CH/Zürich → /cities/ch/zurich), query kept; null when the request already uses it.
 * Slugs are stored in their slugify() form, so any other spelling would otherwise be a 404.
 */
export function redirectToCanonicalPath(request: Request, canonicalPath: string): Response | null {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path === canonicalPath) return null;
  // Remix's own data-request parameters must not leak into the address the visitor lands on.
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  const location = canonicalPath.split("/").map(encodeURIComponent).join("/") + url.search;
  return new Response(null, { status: 301, headers: { Location: location } });
}

/**
 * A 302 to page 1 of a list asked for a page past its last, rather than an empty page that says
 * "no categories found" of a list that has some (the spec's rule for /businesses: a page outside
 * the range falls back to page 1). The page and its cursor are dropped; any search is kept.
 */
export function redirectPastLastPage(request: Request, page: number, totalPages: number): Response | null {
  if (page <= Math.max(1, totalPages)) return null;
  const url = new URL(request.url);
  for (const name of ["page", "before", "_routes", "_data"]) url.searchParams.delete(name);
  return new Response(null, { status: 302, headers: { Location: url.pathname + url.search } });
}
