import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseModerationQuery } from "~/lib/listings/moderation";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { listModerationItems } from "~/models/moderation.server";

/** GET /api/admin/moderation?kind=&status=pending&order=oldest|newest&page= → { items, total, page, totalPages }. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffApi(request, env);
  const query = parseModerationQuery(new URL(request.url).searchParams);
  if (!query.ok) return adminJson({ success: false, message: query.message }, { status: 400 });
  return adminJson(await listModerationItems(env.DB, query.query));
}

export const action = onlyMethods("GET", "HEAD");
