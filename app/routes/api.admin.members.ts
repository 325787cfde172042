import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseMembersQuery } from "~/lib/members/sanctions";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { listMembers } from "~/models/admin-members.server";
import { requireStaffApi } from "~/models/auth.server";

/**
 * GET /api/admin/members?q=&status=active|suspended|terminated&page= → { members: [{ id, email,
 * displayName, status, createdAt, listingCount, reviewCount, reportCount }], total, page, totalPages }.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffApi(request, env);
  const query = parseMembersQuery(new URL(request.url).searchParams);
  if (!query.ok) return adminJson({ success: false, message: query.message }, { status: 400 });
  return adminJson(await listMembers(env.DB, query.query));
}

export const action = onlyMethods("GET", "HEAD");
