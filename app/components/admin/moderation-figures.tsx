import { Link } from "@remix-run/react";
import { deciderLabel, FIGURE_DAYS, formatDuration, formatShare, MEMBER_SCAN_LIMIT, PENDING_AGE_LABELS } from "~/lib/admin/figures";
import { MODERATION_KIND_LABELS } from "~/lib/listings/moderation";
import type { ModerationFigures } from "~/models/admin-figures.server";
import { ClippedText } from "./clipped-text";
import { Card, StatTile } from "./ui";

const number = (value: number) => value.toLocaleString("tr-TR");

/** The figures' tiles: the queue now, and the last 30 days' decisions, sign-ups and submitted listings. */
export function ModerationTiles({ figures }: { figures: ModerationFigures }) {
  const { pending, decisions, newMembers, newListings } = figures;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatTile label="Bekleyen" value={<span data-testid="figure-pending">{number(pending.total)}</span>} tone="amber" hint="Moderasyon kuyruğunda şu an" />
      <StatTile
        label={`Karar (${FIGURE_DAYS} gün)`}
        value={<span data-testid="figure-decisions">{number(decisions.approved + decisions.rejected)}</span>}
        tone="blue"
        hint={`${number(decisions.approved)} onay · ${number(decisions.rejected)} ret`}
      />
      <StatTile
        label={`Onay oranı (${FIGURE_DAYS} gün)`}
        value={<span data-testid="figure-approval-rate">{decisions.approvalRate === null ? "—" : formatShare(decisions.approvalRate)}</span>}
        tone="green"
        hint={decisions.approvalRate === null ? "Bu sürede karar yok" : "Onaylanan / verilen kararlar"}
      />
      <StatTile
        label={`Medyan karar süresi (${FIGURE_DAYS} gün)`}
        value={<span data-testid="figure-median">{decisions.medianSeconds === null ? "—" : formatDuration(decisions.medianSeconds)}</span>}
        tone="violet"
        hint="Gönderilmesinden karara kadar"
      />
      <StatTile
        label={`Yeni üye (${FIGURE_DAYS} gün)`}
        value={<span data-testid="figure-new-members">{newMembers.capped ? "en az " : ""}{number(newMembers.total)}</span>}
        tone="blue"
        hint="Kayıt olan üyeler"
      />
      <StatTile
        label={`Yeni işletme başvurusu (${FIGURE_DAYS} gün)`}
        value={<span data-testid="figure-new-listings">{number(newListings.total)}</span>}
        tone="green"
        hint="Üyelerin gönderdiği işletmeler"
      />
    </div>
  );
}

interface Bar {
  label: string;
  value: number;
}

/** Labelled figures with a bar each, the longest bar the largest figure. */
export function BarList({ bars, testId, empty }: { bars: Bar[]; testId: string; empty?: string }) {
  if (empty && bars.every((bar) => bar.value === 0)) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className="min-w-0 space-y-3" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.label} className="min-w-0">
          <div className="flex min-w-0 justify-between gap-3 text-sm">
            <ClippedText text={bar.label} />
            <span className="shrink-0 font-medium">{number(bar.value)}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-700">
            <div className="h-2 rounded-full bg-blue-600" style={{ width: `${(bar.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function PendingByKind({ figures }: { figures: ModerationFigures }) {
  return <BarList testId="pending-by-kind" bars={figures.pending.byKind.map((row) => ({ label: MODERATION_KIND_LABELS[row.kind], value: row.count }))} />;
}

export function PendingByAge({ figures }: { figures: ModerationFigures }) {
  return <BarList testId="pending-by-age" bars={figures.pending.byAge.map((row) => ({ label: PENDING_AGE_LABELS[row.age], value: row.count }))} />;
}

/** Each decider's approvals (green) and rejections (red) in one bar. */
export function DecisionsByDecider({ figures }: { figures: ModerationFigures }) {
  const rows = figures.decisions.byDecider;
  if (rows.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">Son {FIGURE_DAYS} günde karar verilmedi.</p>;
  const max = Math.max(1, ...rows.map((row) => row.approved + row.rejected));
  return (
    <ul className="min-w-0 space-y-3" data-testid="decisions-by-decider">
      {rows.map((row) => (
        <li key={row.decidedBy ?? ""} className="min-w-0">
          <div className="flex min-w-0 justify-between gap-3 text-sm">
            <ClippedText text={deciderLabel(row.decidedBy)} />
            <span className="shrink-0 font-medium">
              {number(row.approved)} onay · {number(row.rejected)} ret
            </span>
          </div>
          <div className="mt-1 flex h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-700">
            <div className="h-2 bg-emerald-600" style={{ width: `${(row.approved / max) * 100}%` }} />
            <div className="h-2 bg-red-500" style={{ width: `${(row.rejected / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's "Moderasyon": the tiles, the queue by kind and by age, and who decided. */
export function ModerationSection({ figures }: { figures: ModerationFigures }) {
  return (
    <section aria-labelledby="moderation-figures" className="space-y-4" data-testid="moderation-figures">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="moderation-figures" className="text-lg font-semibold text-slate-900 dark:text-slate-100">Moderasyon</h2>
        <Link to="/admin/reports" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">Raporlar</Link>
      </div>
      <ModerationTiles figures={figures} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Türe göre bekleyen" className="min-w-0">
          <PendingByKind figures={figures} />
        </Card>
        <Card title="Bekleme süresi" className="min-w-0">
          <PendingByAge figures={figures} />
        </Card>
        <Card title={`Kim karar verdi (${FIGURE_DAYS} gün)`} className="min-w-0">
          <DecisionsByDecider figures={figures} />
        </Card>
      </div>
    </section>
  );
}

interface Series {
  label: string;
  /** The bar's colour. */
  bar: string;
  values: number[];
}

/** A day-by-day table of one or more series, newest day first, each series with its own thin bar. */
export function DailyTable({ days, series, caption, testId }: { days: string[]; series: Series[]; caption: string; testId: string }) {
  const maxima = series.map((one) => Math.max(1, ...one.values));
  const order = days.map((day, index) => ({ day, index })).reverse();
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className="py-2 pr-2 font-medium">Gün</th>
          {series.map((one) => (
            <th key={one.label} scope="col" className="px-2 py-2 text-right font-medium">
              <span className={`mr-1 inline-block h-2 w-2 rounded-full ${one.bar}`} aria-hidden="true" />
              {one.label}
            </th>
          ))}
          <th scope="col" className="w-1/3 py-2 pl-2 font-medium">Dağılım</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
        {order.map(({ day, index }) => (
          <tr key={day}>
            <td className="py-1.5 pr-2 whitespace-nowrap tabular-nums">
              <time dateTime={day}>{day}</time>
            </td>
            {series.map((one) => (
              <td key={one.label} className="px-2 py-1.5 text-right tabular-nums">{number(one.values[index] ?? 0)}</td>
            ))}
            <td className="py-1.5 pl-2" aria-hidden="true">
              <div className="space-y-0.5">
                {series.map((one, at) => (
                  <div key={one.label} className={`h-1.5 rounded-full ${one.bar}`} style={{ width: `${((one.values[index] ?? 0) / maxima[at]!) * 100}%` }} />
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who decided how much over the days covered, most first. */
export function DeciderTable({ figures }: { figures: ModerationFigures }) {
  const rows = figures.decisions.byDecider;
  if (rows.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">Son {FIGURE_DAYS} günde karar verilmedi.</p>;
  return (
    <table className="w-full text-sm" data-testid="decider-table">
      <caption className="sr-only">Moderatörlere göre kararlar</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className="py-2 pr-2 font-medium">Kişi</th>
          <th scope="col" className="px-2 py-2 text-right font-medium">Onaylandı</th>
          <th scope="col" className="px-2 py-2 text-right font-medium">Reddedildi</th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">Toplam</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
        {rows.map((row) => (
          <tr key={row.decidedBy ?? ""}>
            {/* max-w-0 with w-full: the name takes what the figures leave, and is cut there. */}
            <td className="w-full max-w-0 py-1.5 pr-2">
              <ClippedText text={deciderLabel(row.decidedBy)} />
            </td>
            <td className="px-2 py-1.5 text-right tabular-nums">{number(row.approved)}</td>
            <td className="px-2 py-1.5 text-right tabular-nums">{number(row.rejected)}</td>
            <td className="py-1.5 pl-2 text-right font-medium tabular-nums">{number(row.approved + row.rejected)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Said under the sign-up figures when they stopped at MEMBER_SCAN_LIMIT members. */
export function MembersCappedNote({ figures }: { figures: ModerationFigures }) {
  if (!figures.newMembers.capped) return null;
  return (
    <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
      Yalnız son {number(MEMBER_SCAN_LIMIT)} üye okundu: en eski günler eksik sayılmış olabilir.
    </p>
  );
}
