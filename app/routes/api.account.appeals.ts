import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { appealAnswer, appealSchema } from "~/lib/members/sanctions";
import { NO_STORE } from "~/lib/web/cache-policy";
import { firstIssue, methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { getMember } from "~/models/member.server";
import { appealSanction, sanctionOfAppealLink } from "~/models/member-sanction.server";

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: NO_STORE });

/**
 * POST /api/account/appeals { sanctionId, text (≤ 2000) } (signed in; or with the `token` of a
 * termination e-mail's link, since a terminated member cannot sign in) → 201 { success, appeal:
 * { id, sanctionId, status: "pending" } }: the appeal waits in the moderation queue. A second
 * appeal → 409; past APPEAL_DAYS → 400; another member's sanction → 404; signed out → 401.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await getMember(request, env);
  const read = await readJsonObject(request);
  if (!member && !(read.ok && typeof read.body.token === "string")) return answer(401, { success: false, message: "Not signed in" });
  if (!read.ok) return answer(400, { success: false, message: read.message });
  const parsed = appealSchema.safeParse(read.body);
  if (!parsed.success) return answer(400, { success: false, message: firstIssue(parsed.error) });
  let memberId = member?.id ?? null;
  if (parsed.data.token !== undefined) {
    const linked = await sanctionOfAppealLink(env, parsed.data.sanctionId, parsed.data.token);
    if (!linked) return answer(member ? 404 : 401, { success: false, message: member ? "Sanction not found" : "This appeal link is not valid" });
    memberId = linked.memberId;
  }
  const { status, body } = appealAnswer(await appealSanction(env, memberId!, parsed.data.sanctionId, parsed.data.text));
  return answer(status, body);
}

export const loader = onlyMethods("POST");
