import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdCodesEditor } from "~/components/admin/ad-codes-editor";
import { PageHeader } from "~/components/admin/ui";
import { requireAdminPage } from "~/models/auth.server";
import { getAdCodes } from "~/models/site-settings.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  return { codes: await getAdCodes(env.DB) };
}

// No clientLoader: an edit screen is read from the server on every arrival, never from the
// admin data cache, so it does not offer another session's overwritten values (decision 073).

export default function AdminAdvertisementsPage() {
  const { codes } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Reklam Yönetimi" subtitle="İşletme detay sayfalarındaki dört reklam alanı" />
      <AdCodesEditor saved={codes} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
