import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { StaffInviteBody } from "~/lib/admin/staff";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { inviteStaff, listTeam } from "~/models/staff.server";

/** GET (administrators) → { staff: [...], invites: [...] }: the team and the invitations still open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson(await listTeam(env.DB));
}

/**
 * POST { email, role: "admin" | "moderator" } (administrators) → 201 { success, invite: { id,
 * email, role, expiresAt } }: the invitee is e-mailed a one-time link valid 48 hours. A bad field
 * → 400; an address already on the team → 409.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, StaffInviteBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await inviteStaff(env, request, user, body.data);
  if (outcome.kind === "already-staff") return adminJson({ success: false, message: "Bu adres zaten ekipte." }, { status: 409 });
  return adminJson({ success: true, message: "Davet gönderildi.", invite: outcome.invite }, { status: 201 });
}
