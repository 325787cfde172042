import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { displayNameSchema } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, readJsonObject } from "~/lib/web/http.server";
import { deleteMember, getMember, requireMemberApi, setDisplayName } from "~/models/member.server";

const signedOut = () => Response.json({ success: false, message: "Not signed in" }, { status: 401, headers: NO_STORE });

/** GET /api/account/me → 200 { user: { id, email, displayName, status } }, or 401 signed out. Never cached: it is the one per-member answer a public page asks for. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await getMember(request, context.cloudflare.env);
  if (!member) return signedOut();
  return Response.json({ user: member }, { headers: NO_STORE });
}

/**
 * PATCH /api/account/me { displayName } → 200 { user }: the member's profile. DELETE → 200
 * { success: true }: the account and its personal data are deleted, and this browser signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed(["GET", "HEAD", "PATCH", "DELETE"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  if (request.method === "DELETE") {
    const headers = settingCookies(await deleteMember(env, request, member));
    return Response.json({ success: true }, { headers });
  }
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, message: read.message }, { status: 400, headers: NO_STORE });
  const parsed = displayNameSchema.safeParse(read.body.displayName);
  if (!parsed.success) return Response.json({ success: false, errors: { displayName: parsed.error.issues[0]!.message } }, { status: 400, headers: NO_STORE });
  await setDisplayName(env.DB, member.id, parsed.data);
  return Response.json({ user: { ...member, displayName: parsed.data } }, { headers: NO_STORE });
}
