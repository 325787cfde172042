import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Card, PageHeader } from "~/components/admin/ui";
import { requireAdminPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context.cloudflare.env);
  return null;
}

const TEASERS = [
  { title: "Trend analizi", text: "Kategori ve şehirlere göre zaman içindeki değişim." },
  { title: "Coğrafi dağılım", text: "Ülke ve şehir bazında işletme yoğunluğu haritası." },
  { title: "Kullanıcı davranışı", text: "En çok görüntülenen işletmeler ve arama terimleri." },
];

/** A placeholder by the spec: reports are announced, not built. */
export default function AdminReportsPage() {
  return (
    <>
      <PageHeader title="Raporlar" subtitle="Coming soon — çok yakında" />
      <Card>
        <p className="mb-6 text-slate-600 dark:text-slate-300">Detaylı raporlar yakında burada olacak.</p>
        <div className="grid gap-4 md:grid-cols-3">
          {TEASERS.map((teaser) => (
            <div key={teaser.title} className="rounded-xl border border-dashed border-slate-300 p-5 dark:border-slate-600">
              <p className="font-semibold">{teaser.title}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{teaser.text}</p>
              <span className="mt-3 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Yakında</span>
            </div>
          ))}
        </div>
      </Card>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
