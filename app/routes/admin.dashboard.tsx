import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardView } from "~/components/admin/dashboard-view";
import { PageHeader } from "~/components/admin/ui";
import { ADMIN_DATA_FRESH_MS, keptAdminData } from "~/lib/admin-data-cache";
import { getAdminStats } from "~/models/admin-stats.server";
import { requireAdminPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  return { stats: await getAdminStats(env.DB) };
}

/** Shown again without asking the server while fresh (the spec's cache freshness). */
export const clientLoader = keptAdminData(ADMIN_DATA_FRESH_MS.stats);

export default function AdminDashboardPage() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Dizinin canlı rakamları" />
      <DashboardView stats={stats} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
