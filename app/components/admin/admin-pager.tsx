import { Link, useLocation } from "@remix-run/react";
import { withParams } from "~/lib/directory/directory-query";

const link = "inline-flex min-h-9 items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700";
const off = "inline-flex min-h-9 items-center rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400";

/** Previous / "Sayfa 2 / 5" / next for the inbox and the audit log; the list's other filters stay in the links. */
export function AdminPager({ page, totalPages }: { page: number; totalPages: number }) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;
  const to = (n: number) => pathname + withParams(search, { page: n === 1 ? null : String(n) });
  return (
    <nav aria-label="Sayfalar" className="mt-4 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? <Link to={to(page - 1)} className={link} rel="prev">← Önceki</Link> : <span className={off} aria-disabled="true">← Önceki</span>}
      <span className="px-2 text-sm" aria-current="page">Sayfa {page} / {totalPages}</span>
      {page < totalPages ? <Link to={to(page + 1)} className={link} rel="next">Sonraki →</Link> : <span className={off} aria-disabled="true">Sonraki →</span>}
    </nav>
  );
}
