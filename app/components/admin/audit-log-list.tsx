import { Link } from "@remix-run/react";
import { auditActionLabel, WARNING_ACTIONS, type AuditAction } from "~/lib/admin/audit-actions";
import type { AuditEntry } from "~/models/audit-log.server";
import { AdminTime } from "./admin-time";
import { ClippedText } from "./clipped-text";
import { Card } from "./ui";

/** Who did it, as the log says: the import queue and the mail outbox act for nobody signed in. */
export function auditActor(entry: AuditEntry): string {
  return entry.actor ?? (entry.action.startsWith("mail.") ? "Sistem (e-posta)" : "Sistem (içe aktarma)");
}

/**
 * Audit entries, newest first: what, to what, who, from where and when; warnings in red. Each
 * value stays on its line, cut with an ellipsis and whole in its title (ClippedText).
 */
export function AuditEntries({ entries, empty = "Henüz kayıt yok." }: { entries: AuditEntry[]; empty?: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="min-w-0 divide-y divide-slate-100 dark:divide-slate-700" data-testid="audit-entries">
      {entries.map((entry) => {
        const warning = WARNING_ACTIONS.has(entry.action as AuditAction);
        return (
          <li key={entry.id} className="min-w-0 py-2 text-sm">
            <p className="flex min-w-0 gap-1">
              <span className={`shrink-0 font-medium ${warning ? "text-red-700 dark:text-red-400" : ""}`}>
                {auditActionLabel(entry.action)}
                {entry.subject ? ":" : null}
              </span>
              {entry.subject ? <ClippedText text={entry.subject} className="text-slate-700 dark:text-slate-300" /> : null}
            </p>
            {entry.detail ? <ClippedText text={entry.detail} className="text-xs text-slate-600 dark:text-slate-300" /> : null}
            <p className="mt-0.5 flex min-w-0 flex-wrap gap-x-2 text-xs text-slate-500 dark:text-slate-400">
              <AdminTime seconds={entry.createdAt} />
              <Separated text={auditActor(entry)} testId="audit-actor" />
              {entry.address ? <Separated text={entry.address} /> : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** A value after a "·", cut where the line ends. */
function Separated({ text, testId }: { text: string; testId?: string }) {
  return (
    <span className="flex min-w-0 max-w-full gap-1" data-testid={testId}>
      <span aria-hidden="true">·</span>
      <ClippedText text={text} />
    </span>
  );
}

/** A dashboard card of the latest audit entries, linking to the whole filtered log. */
function AuditCard({ title, to, entries, empty }: { title: string; to: string; entries: AuditEntry[]; empty?: string }) {
  return (
    <Card
      className="min-w-0"
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
