import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { InboxMessageView } from "~/components/admin/inbox";
import { PageHeader } from "~/components/admin/ui";
import { MessageIdParam } from "~/lib/admin/inbox-query";
import { requireAdminPage } from "~/models/auth.server";
import { openContactMessage } from "~/models/contact.server";

/** Opening a message marks it read (the inbox links to it without prefetching, so only a visit does). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const id = MessageIdParam.safeParse(params.id);
  const opened = id.success ? await openContactMessage(env.DB, id.data) : null;
  if (!opened) throw new Response("Mesaj bulunamadı", { status: 404 });
  return opened;
}

export default function AdminMessagePage() {
  const { message, firstOpened } = useLoaderData<typeof loader>();
  return (
    <>
      <Link to="/admin/messages" className="mb-3 inline-block text-sm text-blue-700 hover:underline dark:text-blue-400">← Mesajlar</Link>
      <PageHeader title="Mesaj" subtitle={`${message.name} gönderdi`} />
      <InboxMessageView key={message.id} message={message} firstOpened={firstOpened} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
