import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InboxList } from "~/components/admin/inbox";
import { PageHeader } from "~/components/admin/ui";
import { parseInboxQuery } from "~/lib/admin/inbox-query";
import { requireAdminPage } from "~/models/auth.server";
import { listContactMessages } from "~/models/contact.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  return { inbox: await listContactMessages(env.DB, query), query };
}

// No clientLoader: the inbox is read from the server on every arrival, so a message opened or
// handled elsewhere shows as it is.

export default function AdminMessagesPage() {
  const { inbox, query } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Mesajlar" subtitle="İletişim formundan gelen mesajlar, en yenisi önce" />
      <InboxList inbox={inbox} query={query} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
