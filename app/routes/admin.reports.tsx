import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DailyTable, DeciderTable, MembersCappedNote, ModerationTiles, PendingByAge, PendingByKind } from "~/components/admin/moderation-figures";
import { Card, PageHeader, SampleBadge } from "~/components/admin/ui";
import { FIGURE_DAYS } from "~/lib/admin/figures";
import { getModerationFigures } from "~/models/admin-figures.server";
import { requireAdminPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context.cloudflare.env);
  return { figures: await getModerationFigures(context.cloudflare.env.DB) };
}

/** The reports the platform can count: its moderation, sign-ups and submitted listings over 30 UTC days. */
export default function AdminReportsPage() {
  const { figures } = useLoaderData<typeof loader>();
  const { days, decisions, newMembers, newListings } = figures;
  return (
    <>
      <PageHeader title="Raporlar" subtitle={`Son ${FIGURE_DAYS} gün (UTC günleri): moderasyon kararları, yeni üyeler ve işletme başvuruları`} />
      <div className="space-y-6">
        <ModerationTiles figures={figures} />
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Bekleyenler: türe göre" className="min-w-0">
            <PendingByKind figures={figures} />
          </Card>
          <Card title="Bekleyenler: bekleme süresine göre" className="min-w-0">
            <PendingByAge figures={figures} />
          </Card>
        </div>
        <div className="grid gap-6 xl:grid-cols-2">
          <Card title="Günlük kararlar" className="min-w-0">
            <DailyTable
              testId="decisions-per-day"
              caption="Günlük kararlar"
              days={days}
              series={[
                { label: "Onaylandı", bar: "bg-emerald-600", values: decisions.perDay.map((day) => day.approved) },
                { label: "Reddedildi", bar: "bg-red-500", values: decisions.perDay.map((day) => day.rejected) },
              ]}
            />
          </Card>
          <Card title="Günlük yeni üyeler ve işletmeler" className="min-w-0">
            <DailyTable
              testId="sign-ups-per-day"
              caption="Günlük yeni üyeler ve işletme başvuruları"
              days={days}
              series={[
                { label: "Yeni üye", bar: "bg-blue-600", values: newMembers.perDay.map((day) => day.count) },
                { label: "Yeni işletme", bar: "bg-violet-600", values: newListings.perDay.map((day) => day.count) },
              ]}
            />
            <MembersCappedNote figures={figures} />
          </Card>
        </div>
        <Card title={`Moderatörlere göre kararlar (${FIGURE_DAYS} gün)`} className="min-w-0">
          <DeciderTable figures={figures} />
        </Card>
        <Card title={<>Kullanıcı davranışı <SampleBadge /></>}>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Ziyaretçi sayıları, en çok görüntülenen işletmeler ve arama terimleri platform tarafından sayılmaz; ziyaret rakamları Cloudflare panelindeki Web
            Analytics ekranındadır.
          </p>
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
