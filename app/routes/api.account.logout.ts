import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { signOut } from "~/models/member.server";

const logoutSchema = z.object({ everywhere: z.boolean().optional() });

/** POST /api/account/logout (optional JSON { everywhere: true }: every session of the member) → 200 { success: true }, the cookies cleared. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const read = await readJsonObject(request, { optional: true });
  const parsed = read.ok ? logoutSchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ success: false, message: "Send nothing, or { \"everywhere\": true }" }, { status: 400, headers: NO_STORE });
  const headers = settingCookies(await signOut(request, context.cloudflare.env, { everywhere: parsed.data.everywhere === true }));
  return Response.json({ success: true }, { headers });
}

export const loader = onlyMethods("POST");
