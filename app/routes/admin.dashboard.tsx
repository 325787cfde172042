import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardView } from "~/components/admin/dashboard-view";
import { PageHeader } from "~/components/admin/ui";
import { ADMIN_DATA_FRESH_MS, keptAdminData } from "~/lib/admin/admin-data-cache";
import { LATEST_AUDIT_ENTRIES, RECENT_FAILED_SIGN_INS } from "~/lib/admin/audit-actions";
import { getModerationFigures } from "~/models/admin-figures.server";
import { getAdminStats } from "~/models/admin-stats.server";
import { latestAuditEntries } from "~/models/audit-log.server";
import { requireAdminPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const [stats, figures, activity, failedSignIns] = await Promise.all([
    getAdminStats(env.DB),
    getModerationFigures(env.DB),
    latestAuditEntries(env.DB, LATEST_AUDIT_ENTRIES),
    latestAuditEntries(env.DB, RECENT_FAILED_SIGN_INS, "auth.sign-in-failed"),
  ]);
  return { stats, figures, activity, failedSignIns };
}

/** Shown again without asking the server while fresh (the spec's cache freshness). */
export const clientLoader = keptAdminData(ADMIN_DATA_FRESH_MS.stats);

export default function AdminDashboardPage() {
  const { stats, figures, activity, failedSignIns } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Dizinin canlı rakamları" />
      <DashboardView stats={stats} figures={figures} activity={activity} failedSignIns={failedSignIns} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
