import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BusinessManager } from "~/components/admin/business-manager";
import { PageHeader } from "~/components/admin/ui";
import { ADMIN_DATA_FRESH_MS, keptAdminData } from "~/lib/admin/admin-data-cache";
import { loadBusinessManager } from "~/models/admin-pages.server";
import { requireAdminPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  return loadBusinessManager(env.DB, new URL(request.url).searchParams);
}

/** Shown again without asking the server while fresh (the spec's cache freshness). */
export const clientLoader = keptAdminData(ADMIN_DATA_FRESH_MS.businesses);

export default function AdminBusinessesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="İşletme Yönetimi" subtitle="Ara, filtrele, onayla, sil ve dışa aktar" />
      <BusinessManager {...data} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
