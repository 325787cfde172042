import { Link } from "@remix-run/react";
import { auditActionLabel, WARNING_ACTIONS, type AuditAction } from "~/lib/admin/audit-actions";
import type { AuditEntry } from "~/models/audit-log.server";
import { AdminTime } from "./admin-time";
import { Card } from "./ui";

/** Who did it, as the log says: the import queue and the mail outbox act for nobody signed in. */
export function auditActor(entry: AuditEntry): string {
  return entry.actor ?? (entry.action.startsWith("mail.") ? "Sistem (e-posta)" : "Sistem (içe aktarma)");
}

/** Audit entries, newest first: what, to what, who, from where and when; warnings in red. */
export function AuditEntries({ entries, empty = "Henüz kayıt yok." }: { entries: AuditEntry[]; empty?: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="audit-entries">
      {entries.map((entry) => {
        const warning = WARNING_ACTIONS.has(entry.action as AuditAction);
        return (
          <li key={entry.id} className="py-2 text-sm">
            <p className="break-words">
              <span className={`font-medium ${warning ? "text-red-700 dark:text-red-400" : ""}`}>{auditActionLabel(entry.action)}</span>
              {entry.subject ? <span className="text-slate-700 dark:text-slate-300">: {entry.subject}</span> : null}
            </p>
            {entry.detail ? <p className="break-words text-xs text-slate-600 dark:text-slate-300">{entry.detail}</p> : null}
            <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500 dark:text-slate-400">
              <AdminTime seconds={entry.createdAt} />
              <span>· {auditActor(entry)}</span>
              {entry.address ? <span className="break-all">· {entry.address}</span> : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** A dashboard card of the latest audit entries, linking to the whole filtered log. */
function AuditCard({ title, to, entries, empty }: { title: string; to: string; entries: AuditEntry[]; empty?: string }) {
  return (
    <Card
      title={title}
      action={
        <Link to={to} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Tümünü gör
        </Link>
      }
    >
      <AuditEntries entries={entries} empty={empty} />
    </Card>
  );
}

/** The dashboard's and the admin home's "Son aktiviteler": the latest entries of the real log. */
export function RecentActivity({ entries }: { entries: AuditEntry[] }) {
  return <AuditCard title="Son aktiviteler" to="/admin/activity" entries={entries} />;
}

/** The latest failed sign-ins, with the name tried and the address, on the dashboard. */
export function RecentFailedSignIns({ entries }: { entries: AuditEntry[] }) {
  return <AuditCard title="Son başarısız girişler" to="/admin/activity?action=auth.sign-in-failed" entries={entries} empty="Başarısız giriş yok." />;
}
