import { useEffect, useState } from "react";
import { followEndedSession } from "~/lib/admin/api-client";
import type { ModerationFigures } from "~/models/admin-figures.server";
import type { AdminStats } from "~/models/admin-stats.server";
import type { AuditEntry } from "~/models/audit-log.server";
import { RecentActivity, RecentFailedSignIns } from "./audit-log-list";
import { ModerationSection } from "./moderation-figures";
import { Card, SampleBadge, StatTile } from "./ui";

export const UPLOAD_REPORTS_POLL_MS = 5000;
const SHOWN_REPORTS = 3;
const TOP_CATEGORIES = 8;

interface UploadReport {
  success?: boolean;
  timestamp?: string;
  summary?: { fileName?: string; totalRecords?: number; processingTimeSeconds?: number };
  results?: { added?: number; updated?: number; skipped?: number };
}

type ReportsState = { kind: "loading" } | { kind: "unavailable" } | { kind: "ready"; reports: UploadReport[] };

/**
 * Latest upload reports, polled every 5 s; a missing endpoint or error shows as unavailable until
 * a list has come, and afterwards a failed poll keeps the list shown (the next poll tries again).
 */
function useUploadReports(): ReportsState {
  const [state, setState] = useState<ReportsState>({ kind: "loading" });
  useEffect(() => {
    let stopped = false;
    async function poll() {
      try {
        const response = await fetch("/api/admin/upload-reports", { credentials: "include" });
        followEndedSession(response, "/api/admin/upload-reports");
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as unknown;
        const reports = Array.isArray(body) ? body : ((body as { reports?: UploadReport[] }).reports ?? []);
        if (!stopped) setState({ kind: "ready", reports: reports as UploadReport[] });
      } catch {
        if (!stopped) setState((shown) => (shown.kind === "ready" ? shown : { kind: "unavailable" }));
      }
    }
    poll();
    const timer = setInterval(poll, UPLOAD_REPORTS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  return state;
}

export function DashboardView({
  stats,
  figures,
  activity,
  failedSignIns,
}: {
  stats: AdminStats;
  /** The moderation figures; the legacy admin's dashboard (decision 069) shows none. */
  figures?: ModerationFigures;
  activity: AuditEntry[];
  failedSignIns: AuditEntry[];
}) {
  const reports = useUploadReports();
  const top = stats.categories.slice(0, TOP_CATEGORIES);
  const max = Math.max(1, ...top.map((c) => c.count));
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile label="Toplam işletme" value={stats.totalBusinesses.toLocaleString("tr-TR")} tone="blue" hint={`${stats.approvedBusinesses.toLocaleString("tr-TR")} onaylı`} />
        <StatTile label="Aktif kategori" value={stats.totalCategories.toLocaleString("tr-TR")} tone="violet" />
        <StatTile label="Ülke / şehir" value={`${stats.totalCountries} / ${stats.totalCities.toLocaleString("tr-TR")}`} tone="green" />
        <StatTile label="Günlük ziyaretçi" value={<>~50.000<SampleBadge /></>} tone="amber" hint="Platform ziyaretçi saymıyor" />
      </div>
      {figures ? <ModerationSection figures={figures} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="En büyük 8 kategori">
          {top.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Henüz kategori yok.</p>
          ) : (
            <ul className="space-y-3" data-testid="top-categories">
              {top.map((category) => (
                <li key={category.category}>
                  <div className="flex justify-between text-sm">
                    <span>{category.category}</span>
                    <span className="font-medium">{category.count.toLocaleString("tr-TR")}</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-700">
                    <div className="h-2 rounded-full bg-blue-600" style={{ width: `${(category.count / max) * 100}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Son yükleme raporları">
          {reports.kind === "loading" ? <p className="text-sm text-slate-500 dark:text-slate-400">Yükleniyor…</p> : null}
          {reports.kind === "unavailable" ? <p className="text-sm text-slate-500 dark:text-slate-400">Yükleme raporları şu an alınamıyor.</p> : null}
          {reports.kind === "ready" && reports.reports.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">Henüz yükleme raporu yok.</p> : null}
          {reports.kind === "ready" && reports.reports.length > 0 ? (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="dashboard-upload-reports">
              {reports.reports.slice(0, SHOWN_REPORTS).map((report, index) => (
                <li key={`${report.timestamp}-${index}`} className="py-2 text-sm">
                  <p className="font-medium">
                    {report.summary?.fileName ?? "Dosya"}
                    {report.success === false ? <ReportStatus partial={(report.results?.added ?? 0) + (report.results?.updated ?? 0) > 0} /> : null}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {report.timestamp ? new Date(report.timestamp).toLocaleString("tr-TR") : ""} · {report.summary?.totalRecords ?? 0} kayıt ·{" "}
                    {writtenText(report.results)} · {report.results?.skipped ?? 0} atlandı
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity entries={activity} />
        <RecentFailedSignIns entries={failedSignIns} />
      </div>
      <Card title={<>Sistem metrikleri <SampleBadge /></>}>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          CPU, bellek, disk ve yanıt süresi Cloudflare Workers üzerinde uygulama tarafından ölçülmez; gerçek değerler Cloudflare panelindeki Workers Analytics
          ekranındadır.
        </p>
      </Card>
    </div>
  );
}

/**
 * The rows a report wrote: new and refreshed. Reports stored before the split counted both as
 * `updated`, so they say only how many were saved.
 */
function writtenText(results: UploadReport["results"]): string {
  if (results?.added === undefined) return `${results?.updated ?? 0} kaydedildi`;
  return `${results.added} eklendi · ${results.updated ?? 0} güncellendi`;
}

/** A report that did not fully succeed: nothing imported, or some rows left out. */
function ReportStatus({ partial }: { partial: boolean }) {
  return partial ? (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300">Kısmen</span>
  ) : (
    <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-950 dark:text-red-300">Başarısız</span>
  );
}
