import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { AD_CODE_MAX_BYTES, CODE_SAVE_MAX_BYTES, codeField } from "~/lib/admin/code-limits";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { getAdCodes, saveAdCodes } from "~/models/site-settings.server";

/** All four (the spec), or only those changed: the others stay as stored. */
const AdCodesBody = z.object({
  ad1: codeField(AD_CODE_MAX_BYTES),
  ad2: codeField(AD_CODE_MAX_BYTES),
  ad3: codeField(AD_CODE_MAX_BYTES),
  ad4: codeField(AD_CODE_MAX_BYTES),
}).partial();

/** GET is public: business pages inject these codes into their ad slots. */
export async function loader({ context }: LoaderFunctionArgs) {
  return adminJson(await getAdCodes(context.cloudflare.env.DB));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, AdCodesBody, { maxBytes: CODE_SAVE_MAX_BYTES });
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const codes = await saveAdCodes(env.DB, body.data, { request, name: user.name });
  return adminJson({ success: true, message: "Reklam kodları kaydedildi", codes });
}
