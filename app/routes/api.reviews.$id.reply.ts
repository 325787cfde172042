import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { fieldErrors } from "~/lib/listings/member-forms";
import { suspendedAnswer } from "~/lib/members/suspension";
import { replySchema } from "~/lib/reviews/reply-report-fields";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { requireMemberApi } from "~/models/member.server";
import { deleteReply, saveReply } from "~/models/review-reply.server";

const answer = (status: number, message: string) => Response.json({ success: false, message }, { status, headers: NO_STORE });
const notFound = () => answer(404, "Review not found");
const forbidden = () => answer(403, "Only an owner of the business can reply to its reviews");

/**
 * The owner's reply to a review of their business (signed in):
 * POST /api/reviews/{id}/reply { text } → 201 { success, reply: { status: "pending" } }; 409 while
 * a reply exists (edit it instead). PATCH { text } → 202, the same answer: the edit waits for a
 * moderator while the published reply stays. DELETE → 200 { success: true }: removed at once.
 * 403 for anyone but an owner, or a suspended owner; 404 for an unknown review (or no reply to
 * edit or remove).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["POST", "PATCH", "DELETE"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return notFound();
  if (request.method === "DELETE") {
    const outcome = await deleteReply(env, member, id.data);
    if (outcome.kind === "forbidden") return forbidden();
    return outcome.kind === "deleted" ? Response.json({ success: true }, { headers: NO_STORE }) : notFound();
  }
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { text: read.message } }, { status: 400, headers: NO_STORE });
  const parsed = replySchema.safeParse(read.body);
  if (!parsed.success) return Response.json({ success: false, errors: fieldErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const edit = request.method === "PATCH";
  const outcome = await saveReply(env, member, id.data, parsed.data.text, edit);
  switch (outcome.kind) {
    case "not-found":
      return edit ? answer(404, "No reply to edit: review not found or not replied to") : notFound();
    case "forbidden":
      return forbidden();
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "conflict":
      return answer(409, "You have already replied to this review: edit your reply instead");
    case "saved":
      return Response.json({ success: true, reply: outcome.reply }, { status: edit ? 202 : 201, headers: NO_STORE });
  }
}

export const loader = onlyMethods("POST", "PATCH", "DELETE");
