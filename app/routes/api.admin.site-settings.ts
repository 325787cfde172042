import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { CODE_SAVE_MAX_BYTES, codeField, SETTING_MAX_BYTES } from "~/lib/admin/code-limits";
import { requireAdminApi } from "~/models/auth.server";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";

/** All four (the spec), or only those changed: the others stay as stored. */
const SettingsBody = z.object({
  head_tags: codeField(SETTING_MAX_BYTES),
  footer_tags: codeField(SETTING_MAX_BYTES),
  analytics_code: codeField(SETTING_MAX_BYTES),
  facebook_pixel: codeField(SETTING_MAX_BYTES),
}).partial();

/** GET is public: the site reads its injected codes from here. */
export async function loader({ context }: LoaderFunctionArgs) {
  return adminJson(await getSiteSettings(context.cloudflare.env.DB));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, SettingsBody, { maxBytes: CODE_SAVE_MAX_BYTES });
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const settings = await saveSiteSettings(env.DB, body.data, { request, name: user.name });
  return adminJson({ success: true, message: "Ayarlar kaydedildi", settings });
}
