import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { reportAnswer, readReport } from "~/lib/reviews/report-answer.server";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireMemberApi } from "~/models/member.server";
import { reportReview } from "~/models/report.server";

/**
 * POST /api/reviews/{id}/report { reason, note? } (signed in) → 201 { success: true }; 400 for a
 * bad reason or note; 404 for a review the public does not see; 409 for the member's second
 * report of it; 403 while suspended. Three members' reports hide the review until a moderator
 * decides.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return Response.json({ success: false, message: "Review not found" }, { status: 404, headers: NO_STORE });
  const read = await readReport(request);
  if (!read.ok) return read.answer;
  return reportAnswer(await reportReview(env, member, id.data, read.report), "Review not found");
}

export const loader = onlyMethods("POST");
