import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { onlyMethods } from "~/lib/web/http.server";
import { signInWithLink } from "~/models/member.server";

/**
 * GET /account/verify?token=… (the sign-in e-mail's one-click link): signs in as the code would
 * and opens /account; a used, replaced or expired link opens /account saying so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await signInWithLink(context.cloudflare.env, request, token);
  if (outcome.kind === "refused") return redirect("/account?link=expired", { headers: NO_STORE });
  const headers = settingCookies(outcome.setCookies);
  return redirect("/account", { headers });
}

export const action = onlyMethods("GET", "HEAD");
