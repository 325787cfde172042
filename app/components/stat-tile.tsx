/** A headline figure of a directory page (e.g. "Countries 52"). */
export function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-3 shadow-sm sm:p-5">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-300 sm:text-sm">{label}</p>
      <p className="mt-1 truncate text-xl font-bold tracking-tight text-slate-900 dark:text-slate-100 sm:text-3xl">{value}</p>
    </div>
  );
}

export function StatTiles({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">{children}</div>;
}
