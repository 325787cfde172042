import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdCodesEditor } from "~/components/admin/ad-codes-editor";
import { logout } from "~/components/admin/admin-shell";
import { BusinessManager } from "~/components/admin/business-manager";
import { DashboardView } from "~/components/admin/dashboard-view";
import { SettingsEditor } from "~/components/admin/settings-editor";
import { PageHeader } from "~/components/admin/ui";
import { SingleFileUpload } from "~/components/upload/single-file-upload";
import { NO_STORE } from "~/lib/web/cache-policy";
import { adminMeta } from "~/lib/directory/seo";
import { loadBusinessManager } from "~/models/admin-pages.server";
import { LATEST_AUDIT_ENTRIES, RECENT_FAILED_SIGN_INS } from "~/lib/admin/audit-actions";
import { latestAuditEntries } from "~/models/audit-log.server";
import { requireAdminPage } from "~/models/auth.server";
import { getAdCodes, getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_BATCH_SIZE } from "~/import/upload.server";

export const meta: MetaFunction = () => adminMeta("Yönetim Paneli (eski)");

export function headers() {
  return NO_STORE;
}

/**
 * The earlier single-page admin, with the earlier variants of its screens: the single-file Excel
 * upload, the simple CSV export and the earlier save messages (decision 069). Guarded like every
 * admin page (the original left it open).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const [manager, settings, codes, activity, failedSignIns] = await Promise.all([
    loadBusinessManager(env.DB, new URL(request.url).searchParams),
    getSiteSettings(env.DB),
    getAdCodes(env.DB),
    latestAuditEntries(env.DB, LATEST_AUDIT_ENTRIES),
    latestAuditEntries(env.DB, RECENT_FAILED_SIGN_INS, "auth.sign-in-failed"),
  ]);
  return { manager, settings, codes, activity, failedSignIns, batchSize: DEFAULT_BATCH_SIZE };
}

const VIEWS = [
  { id: "dashboard", label: "Ana Sayfa" },
  { id: "businesses", label: "İşletme Yönetimi" },
  { id: "settings", label: "Site Ayarları" },
  { id: "advertisements", label: "Reklam Yönetimi" },
] as const;
type View = (typeof VIEWS)[number]["id"];

export default function AdminLegacyPage() {
  const { manager, settings, codes, activity, failedSignIns, batchSize } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.find((v) => v.id === params.get("view"))?.id ?? "dashboard") as View;
  const title = VIEWS.find((v) => v.id === view)!.label;
  return (
    <div className="flex min-h-screen flex-col bg-slate-100 md:flex-row">
      <aside className="bg-white p-4 shadow md:w-60 md:shrink-0" aria-label="Yönetim menüsü">
        <p lang="en" className="mb-4 px-2 text-lg font-bold">Admin Panel</p>
        <nav className="space-y-1">
          {VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              onClick={() => setParams({ view: v.id })}
              aria-current={view === v.id ? "page" : undefined}
              className={`block w-full rounded-lg px-3 py-2 text-left text-sm ${view === v.id ? "bg-blue-600 text-white" : "hover:bg-slate-100"}`}
            >
              {v.label}
            </button>
          ))}
          <Link to="/" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">Ana siteye dön</Link>
          <button type="button" onClick={logout} className="block w-full rounded-lg px-3 py-2 text-left text-sm text-red-600 hover:bg-red-50">
            Çıkış Yap
          </button>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6">
        <PageHeader title={title} />
        {view === "dashboard" ? <DashboardView stats={manager.stats} activity={activity} failedSignIns={failedSignIns} /> : null}
        {view === "businesses" ? (
          <div className="space-y-6">
            <SingleFileUpload batchSize={batchSize} />
            <BusinessManager {...manager} exportVariant="earlier" />
          </div>
        ) : null}
        {view === "settings" ? <SettingsEditor saved={settings} variant="earlier" /> : null}
        {view === "advertisements" ? <AdCodesEditor saved={codes} /> : null}
      </main>
    </div>
  );
}
