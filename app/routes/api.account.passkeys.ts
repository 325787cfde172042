import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/web/cache-policy";
import { onlyMethods } from "~/lib/web/http.server";
import { listPasskeys } from "~/models/member-passkey.server";
import { requireMemberApi } from "~/models/member.server";

/** GET /api/account/passkeys (signed in) → 200 { success: true, passkeys: [{ id, createdAt, lastUsedAt }] }, newest first; 401 signed out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  return Response.json({ success: true, passkeys: await listPasskeys(env.DB, member.id) }, { headers: NO_STORE });
}

export const action = onlyMethods("GET", "HEAD");
