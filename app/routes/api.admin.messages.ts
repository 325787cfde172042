import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { parseInboxQuery } from "~/lib/admin/inbox-query";
import { requireAdminApi } from "~/models/auth.server";
import { listContactMessages } from "~/models/contact.server";

/** GET ?q=&filter=&page=: the inbox, newest first, with the unread count. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson(await listContactMessages(env.DB, parseInboxQuery(new URL(request.url).searchParams)));
}

export const action = onlyMethods("GET", "HEAD");
