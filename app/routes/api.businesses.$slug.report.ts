import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reportAnswer, readReport } from "~/lib/reviews/report-answer.server";
import { methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireMemberApi } from "~/models/member.server";
import { reportBusiness } from "~/models/report.server";

/**
 * POST /api/businesses/{slug}/report { reason, note? } (signed in) → 201 { success: true }; 400
 * for a bad reason or note; 404 for a business the public does not see; 409 for the member's
 * second report of it; 403 while suspended.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readReport(request);
  if (!read.ok) return read.answer;
  return reportAnswer(await reportBusiness(env, member, params.slug ?? "", read.report), "Business not found");
}

export const loader = onlyMethods("POST");
