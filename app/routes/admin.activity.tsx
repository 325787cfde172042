import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPager } from "~/components/admin/admin-pager";
import { AuditEntries } from "~/components/admin/audit-log-list";
import { buttonClass, Card, inputClass, PageHeader } from "~/components/admin/ui";
import { useHydrated } from "~/components/use-hydrated";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, parseAuditQuery } from "~/lib/admin/audit-actions";
import { AUDIT_LOG_MAX_DAYS, listAuditLog, listStaffNames } from "~/models/audit-log.server";
import { requireStaffPage } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffPage(request, env);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [log, staff] = await Promise.all([listAuditLog(env.DB, query), listStaffNames(env.DB)]);
  return { log, staff, query, keptDays: AUDIT_LOG_MAX_DAYS };
}

// No clientLoader: the log is read from the server on every arrival.

/** The audit log ("İşlem Geçmişi"): every admin action, newest first, filtered by action, person and day. */
export default function AdminActivityPage() {
  const { log, staff, query, keptDays } = useLoaderData<typeof loader>();
  // A person asked for by address who is not on the staff (a failed sign-in's name) stays chosen.
  const people = query.actor && !staff.includes(query.actor) ? [...staff, query.actor] : staff;
  const hydrated = useHydrated();
  // The day begins where the admin's clock says; without the script the server reads it as UTC.
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "";
  return (
    <>
      <PageHeader title="İşlem Geçmişi" subtitle={`Yönetim panelinde yapılan her işlem: kim, ne, ne zaman, hangi adresten (son ${keptDays} gün)`} />
      <Card>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <label className="min-w-0 flex-1 basis-48 text-sm">
            <span className="mb-1 block font-medium">İşlem</span>
            <select name="action" defaultValue={query.action ?? ""} className={inputClass}>
              <option value="">Tüm işlemler</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>{AUDIT_ACTION_LABELS[action]}</option>
              ))}
            </select>
          </label>
          <label className="min-w-0 flex-1 basis-48 text-sm">
            <span className="mb-1 block font-medium">Kişi</span>
            <select name="actor" defaultValue={query.actor ?? ""} className={`${inputClass} truncate`} data-testid="audit-actor-filter">
              <option value="">Herkes</option>
              {people.map((name) => (
                <option key={name} value={name}>{name}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">Gün</span>
            <input type="date" name="day" defaultValue={query.day ?? ""} className={inputClass} />
          </label>
          {zone ? <input type="hidden" name="tz" value={zone} /> : null}
          <button type="submit" className={buttonClass.primary}>Filtrele</button>
        </Form>
        <p className="mt-4 mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="audit-total">{log.total} kayıt</p>
        <AuditEntries entries={log.entries} empty="Bu filtreye uyan kayıt yok." />
        <AdminPager page={log.page} totalPages={log.totalPages} />
      </Card>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
