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
