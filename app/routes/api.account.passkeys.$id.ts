import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSKEY_NOT_FOUND_MESSAGE, passkeyIdSchema } from "~/lib/members/passkeys";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { removePasskey } from "~/models/member-passkey.server";
import { requireMemberApi } from "~/models/member.server";

/** DELETE /api/account/passkeys/{id} (signed in) → 200 { success: true }; 404 when the member has no passkey by that id (another's included); 401 signed out. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const id = passkeyIdSchema.safeParse(params.id);
  if (!id.success || !(await removePasskey(env.DB, member.id, id.data))) {
    return Response.json({ success: false, message: PASSKEY_NOT_FOUND_MESSAGE }, { status: 404, headers: NO_STORE });
  }
  return Response.json({ success: true }, { headers: NO_STORE });
}

export const loader = onlyMethods("DELETE");
