import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isProduction } from "~/lib/web/environment";
import { NO_STORE } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { onlyMethods } from "~/lib/web/http.server";
import { readMailbox } from "~/models/mail.server";

/**
 * GET /api/dev/mailbox?to=ADDRESS → { messages: [{ to, subject, text, html, sentAt }] }, newest
 * first: the local mailbox. 404 on the real site, where it would hand out every sign-in code.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (isProduction(env)) return textError(404, "Not Found");
  const to = new URL(request.url).searchParams.get("to");
  return Response.json({ messages: await readMailbox(env.DB, to?.trim() ? to : null) }, { headers: NO_STORE });
}

export const action = onlyMethods("GET", "HEAD");
