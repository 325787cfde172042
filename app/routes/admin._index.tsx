import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminHome } from "~/components/admin/admin-home";
import { ADMIN_DATA_FRESH_MS, keptAdminData } from "~/lib/admin/admin-data-cache";
import { LATEST_AUDIT_ENTRIES } from "~/lib/admin/audit-actions";
import { getAdminStats } from "~/models/admin-stats.server";
import { latestAuditEntries } from "~/models/audit-log.server";
import { getStaffMember } from "~/models/auth.server";
import type { loader as layoutLoader } from "./admin";

/** Signed out, the layout shows the inline login and this loader gives nothing away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const user = await getStaffMember(request, context.cloudflare.env);
  if (!user) return { stats: null, activity: [] };
  // A moderator's home is the queue: the figures here are an administrator's.
  if (user.role !== "admin") throw redirect("/admin/moderation");
  const [stats, activity] = await Promise.all([getAdminStats(db), latestAuditEntries(db, LATEST_AUDIT_ENTRIES)]);
  return { stats, activity };
}

/** Shown again without asking the server while fresh (the spec's cache freshness). */
export const clientLoader = keptAdminData(ADMIN_DATA_FRESH_MS.stats);

export default function AdminIndexPage() {
  const { stats, activity } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin");
  if (!stats || !layout?.user) return null;
  return <AdminHome stats={stats} activity={activity} username={layout.user.name} />;
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
