import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { suspendedAnswer } from "~/lib/members/suspension";
import { readReview } from "~/lib/reviews/review-fields";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { checkHuman } from "~/models/human-check.server";
import { requireMemberApi } from "~/models/member.server";
import { deleteReview, editReview, ownReviewInput } from "~/models/review.server";

const notFound = () => Response.json({ success: false, message: "Review not found" }, { status: 404, headers: NO_STORE });

/**
 * PATCH /api/reviews/{id} (its author) with any review fields → 202 { success, review: { id,
 * status } }: the edit waits for a moderator while the published version stays. DELETE → 200
 * { success: true }: removed at once.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return notFound();
  if (request.method === "DELETE") return (await deleteReview(env, member, id.data)) ? Response.json({ success: true }, { headers: NO_STORE }) : notFound();
  const current = await ownReviewInput(env.DB, member.id, id.data);
  if (!current) return notFound();
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { review: read.message } }, { status: 400, headers: NO_STORE });
  // The edit form carries the human check's fields as every member form does: checked and taken off.
  const human = await checkHuman(env, request, read.body);
  if (!human.ok) return Response.json({ success: false, errors: { review: human.message } }, { status: 400, headers: NO_STORE });
  const edit = readReview(read.body, current);
  if (!edit.ok) return Response.json({ success: false, errors: edit.errors }, { status: 400, headers: NO_STORE });
  const outcome = await editReview(env, member, id.data, edit.review);
  if (outcome.kind === "not-found") return notFound();
  if (outcome.kind === "suspended") return suspendedAnswer(outcome.endsAt);
  return Response.json({ success: true, review: outcome.review }, { status: 202, headers: NO_STORE });
}

export const loader = onlyMethods("PATCH", "DELETE");
