/** A headline figure of a directory page (e.g. "Countries 52"). */
export function StatTile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export function StatTiles({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 grid gap-4 sm:grid-cols-3">{children}</div>;
}
