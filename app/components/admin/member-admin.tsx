import { Form, Link, useNavigation } from "@remix-run/react";
import { MODERATION_STATUS_LABELS, type ModerationStatus } from "~/lib/listings/moderation";
import {
  MEMBER_STANDING_LABELS,
  MEMBER_STANDINGS,
  SANCTION_LEVEL_LABELS,
  SANCTION_REASON_MAX,
  SUSPENSION_DAYS_MAX,
  type MembersQuery,
  type MemberStanding,
} from "~/lib/members/sanctions";
import type { MemberRecord, MemberReport, MembersPage } from "~/models/admin-members.server";
import { AdminPager } from "./admin-pager";
import { AdminTime } from "./admin-time";
import { buttonClass, Card, inputClass } from "./ui";

/** The admin's members screens ("Üyeler", issue 51): the list, and one member's record with the sanction forms. */

/** What the member page's action answers a sanction or a lift. */
export interface MemberActionAnswer {
  ok: boolean;
  message: string;
  /** The form it answers ("warning", "suspension", "termination" or "lift"), to show a refusal beside it. */
  form: string | null;
}

const linkClass = "text-blue-700 hover:underline dark:text-blue-400";
const muted = "text-slate-500 dark:text-slate-400";
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const STANDING_TONES: Record<MemberStanding, string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  suspended: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  terminated: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

function StandingBadge({ status }: { status: MemberStanding }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STANDING_TONES[status]}`} data-testid="member-status">{MEMBER_STANDING_LABELS[status]}</span>;
}

/** The list: search by e-mail or name, filter by standing (a GET form), newest first, paged. */
export function MembersList({ page, query, queryError }: { page: MembersPage | null; query: MembersQuery | null; queryError: string | null }) {
  return (
    <Card>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-48 text-sm">
          <span className="mb-1 block font-medium">Üyelerde ara</span>
          <input type="search" name="q" defaultValue={query?.q ?? ""} placeholder="E-posta veya görünen ad" className={inputClass} maxLength={200} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Durum</span>
          <select name="status" defaultValue={query?.status ?? ""} className={inputClass}>
            <option value="">Tümü</option>
            {MEMBER_STANDINGS.map((standing) => (
              <option key={standing} value={standing}>{MEMBER_STANDING_LABELS[standing]}</option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass.primary}>Filtrele</button>
      </Form>
      {queryError !== null || page === null ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-semibold">Bu filtre kullanılamıyor</p>
          <p>{queryError}</p>
          <Link to="/admin/members" className="mt-1 inline-block font-medium underline">Filtreler olmadan göster</Link>
        </div>
      ) : (
        <>
          <p className="mt-4 mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="members-total">{page.total.toLocaleString("tr-TR")} üye</p>
          {page.members.length === 0 ? (
            <p className={`py-6 text-center text-sm ${muted}`}>Bu filtreye uyan üye yok.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm" data-testid="members-table">
                <thead className={`border-b border-slate-200 dark:border-slate-700 ${muted}`}>
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">Üye</th>
                    <th scope="col" className="py-2 pr-3 font-medium">Durum</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">İşletme</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">Yorum</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">Şikâyet</th>
                    <th scope="col" className="py-2 font-medium">Kayıt</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                  {page.members.map((member) => (
                    <tr key={member.id} data-testid="member-row" data-id={member.id}>
                      <td className="py-2 pr-3">
                        <Link to={`/admin/members/${member.id}`} className={`break-all ${linkClass}`}>{member.email}</Link>
                        {member.displayName ? <span className={`block ${muted}`}><bdi>{member.displayName}</bdi></span> : null}
                      </td>
                      <td className="py-2 pr-3"><StandingBadge status={member.status} /></td>
                      <td className="py-2 pr-3 text-right tabular-nums">{member.listingCount}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{member.reviewCount}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{member.reportCount}</td>
                      <td className="py-2"><AdminTime seconds={seconds(member.createdAt)} className={muted} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AdminPager page={page.page} totalPages={page.totalPages} />
        </>
      )}
    </Card>
  );
}

function Empty({ children }: { children: string }) {
  return <p className={`text-sm ${muted}`}>{children}</p>;
}

function BusinessLink({ business }: { business: { slug: string; name: string } }) {
  return (
    <a href={`/business/${encodeURIComponent(business.slug)}`} target="_blank" rel="noopener noreferrer" className={`break-words ${linkClass}`}>
      <bdi>{business.name}</bdi>
      <span className="sr-only"> (yeni sekmede açılır)</span>
    </a>
  );
}

const REVIEW_STATUS_LABELS: Record<string, string> = { pending: "Bekliyor", published: "Yayında", rejected: "Reddedildi", hidden: "Gizlendi" };

function Reports({ reports, testId }: { reports: MemberReport[]; testId: string }) {
  if (reports.length === 0) return <Empty>Şikâyet yok.</Empty>;
  return (
    <ul className="space-y-2 text-sm" data-testid={testId}>
      {reports.map((report) => (
        <li key={report.id} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
          <span className="font-medium">{report.targetKind === "review" ? `Yorum #${report.targetId}` : `İşletme #${report.targetId}`}</span>
          {report.business ? <> · <BusinessLink business={report.business} /></> : null} · {report.reason}
          {report.by ? <> · <Link to={`/admin/members/${report.by.id}`} className={linkClass}>{report.by.email}</Link></> : null}
          {" · "}<AdminTime seconds={seconds(report.createdAt)} className={muted} />
          {report.note ? <p className="mt-1 whitespace-pre-wrap break-words" dir="auto">{report.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function Outcome({ answer }: { answer: MemberActionAnswer }) {
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      data-testid="member-action-outcome"
      className={`mb-4 rounded-md border px-3 py-2 text-sm ${answer.ok ? "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"}`}
    >
      {answer.message}
    </p>
  );
}

function ReasonField({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="block text-sm">
      <span className="mb-1 block font-medium">Gerekçe (üyeye gönderilir)</span>
      <textarea id={id} name="reason" rows={2} required maxLength={SANCTION_REASON_MAX} className={inputClass} />
    </label>
  );
}

/** Warn, suspend for some days, or terminate: plain form posts (the member reads the reason, in English). */
function SanctionForms({ terminated, mayTerminate }: { terminated: boolean; mayTerminate: boolean }) {
  const sending = useNavigation().formData?.get("level");
  if (terminated) return <p className={`text-sm ${muted}`}>Üyelik sonlandırılmış: yeni bir yaptırım için önce sonlandırmayı kaldırın.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="warn-form">
        <h3 className="font-semibold">Uyar</h3>
        <input type="hidden" name="intent" value="sanction" />
        <input type="hidden" name="level" value="warning" />
        <ReasonField id="warning-reason" />
        <button type="submit" className={buttonClass.secondary}>{sending === "warning" ? "Gönderiliyor..." : "Uyarı gönder"}</button>
      </Form>
      <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="suspend-form">
        <h3 className="font-semibold">Askıya al</h3>
        <input type="hidden" name="intent" value="sanction" />
        <input type="hidden" name="level" value="suspension" />
        <label className="block text-sm">
          <span className="mb-1 block font-medium">Gün sayısı (1–{SUSPENSION_DAYS_MAX})</span>
          <input type="number" name="days" min={1} max={SUSPENSION_DAYS_MAX} step={1} required defaultValue={7} className={inputClass} />
        </label>
        <ReasonField id="suspension-reason" />
        <button type="submit" className={buttonClass.primary}>{sending === "suspension" ? "Askıya alınıyor..." : "Askıya al"}</button>
      </Form>
      {mayTerminate ? <Form method="post" className="space-y-2 rounded-lg border border-red-200 p-3 dark:border-red-800" data-testid="terminate-form">
        <h3 className="font-semibold">Üyeliği sonlandır</h3>
        <p className={`text-xs ${muted}`}>Oturumları kapanır, giriş yapamaz, yorumları yayından kalkar, sahiplikleri ve bekleyen talepleri sona erer.</p>
        <input type="hidden" name="intent" value="sanction" />
        <input type="hidden" name="level" value="termination" />
        <ReasonField id="termination-reason" />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" required />
          <span>Bu üyeliğin sonlandırılmasını onaylıyorum</span>
        </label>
        <button type="submit" className={buttonClass.danger}>{sending === "termination" ? "Sonlandırılıyor..." : "Üyeliği sonlandır"}</button>
      </Form> : <p className={`text-sm ${muted}`}>Üyeliği sonlandırmayı yalnızca bir yönetici yapabilir.</p>}
    </div>
  );
}

function Sanctions({ sanctions, mayTerminate }: { sanctions: MemberRecord["sanctions"]; mayTerminate: boolean }) {
  if (sanctions.length === 0) return <Empty>Yaptırım yok.</Empty>;
  return (
    <ul className="space-y-3" data-testid="sanction-history">
      {sanctions.map((sanction) => (
        <li key={sanction.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="sanction" data-id={sanction.id}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{SANCTION_LEVEL_LABELS[sanction.level]}</span>
            <span className={muted}>#{sanction.id}</span>
            <AdminTime seconds={seconds(sanction.createdAt)} className={muted} />
            <span className={muted}>· {sanction.createdBy}</span>
            {sanction.live ? (
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">Yürürlükte</span>
            ) : sanction.liftedAt ? (
              <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">Kaldırıldı</span>
            ) : (
              <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">Süresi doldu</span>
            )}
          </div>
          <p className="mt-1 whitespace-pre-wrap break-words">{sanction.reason}</p>
          {sanction.endsAt ? <p className={muted}>Bitiş: <AdminTime seconds={seconds(sanction.endsAt)} /></p> : null}
          {sanction.liftedAt ? <p className={muted}>Kaldıran: {sanction.liftedBy} · <AdminTime seconds={seconds(sanction.liftedAt)} /></p> : null}
          {sanction.appealedAt ? (
            <div className="mt-2 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900/60">
              <p className="font-medium">İtiraz (<AdminTime seconds={seconds(sanction.appealedAt)} />)</p>
              <p className="whitespace-pre-wrap break-words" dir="auto">{sanction.appealText}</p>
            </div>
          ) : null}
          {sanction.live && (mayTerminate || sanction.level !== "termination") ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="lift" />
              <input type="hidden" name="sanctionId" value={sanction.id} />
              <button type="submit" className={buttonClass.secondary}>Yaptırımı kaldır</button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** One member's record: who they are, what they gave and were given, and the sanction forms. */
export function MemberRecordView({ record, answer, mayTerminate }: { record: MemberRecord; answer: MemberActionAnswer | null; mayTerminate: boolean }) {
  const { member } = record;
  return (
    <div className="space-y-6">
      <Card>
        {answer ? <Outcome answer={answer} /> : null}
        <dl className="grid gap-x-4 gap-y-1 text-sm grid-cols-[max-content_1fr]">
          <dt className={muted}>E-posta</dt>
          <dd className="break-all" data-testid="member-email">{member.email}</dd>
          <dt className={muted}>Görünen ad</dt>
          <dd><bdi>{member.displayName || "—"}</bdi></dd>
          <dt className={muted}>Durum</dt>
          <dd><StandingBadge status={member.status} /></dd>
          <dt className={muted}>Kayıt</dt>
          <dd><AdminTime seconds={seconds(member.createdAt)} /></dd>
        </dl>
      </Card>
      <Card title="Yaptırımlar">
        <SanctionForms terminated={member.status === "terminated"} mayTerminate={mayTerminate} />
        <h3 className="mt-6 mb-2 font-semibold">Yaptırım geçmişi</h3>
        <Sanctions sanctions={record.sanctions} mayTerminate={mayTerminate} />
      </Card>
      <Card title={`İşletmeler (${record.listings.length})`}>
        {record.listings.length === 0 ? <Empty>İşletme yok.</Empty> : (
          <ul className="space-y-1 text-sm" data-testid="member-listings">
            {record.listings.map((listing) => (
              <li key={listing.id}>
                <BusinessLink business={listing} /> <span className={muted}>· {listing.isApproved ? "Onaylı" : "Onay bekliyor"}{listing.submitted ? " · gönderen" : ""}{listing.owned ? " · sahibi" : ""}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Sahiplik talepleri (${record.claims.length})`}>
        {record.claims.length === 0 ? <Empty>Talep yok.</Empty> : (
          <ul className="space-y-1 text-sm" data-testid="member-claims">
            {record.claims.map((claim) => (
              <li key={claim.id}>
                {claim.business ? <BusinessLink business={claim.business} /> : <span className={muted}>İşletme silinmiş</span>}{" "}
                <span className={muted}>· {MODERATION_STATUS_LABELS[claim.status as ModerationStatus] ?? claim.status}{claim.reason ? ` · ${claim.reason}` : ""}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Yorumlar (${record.reviews.length})`}>
        {record.reviews.length === 0 ? <Empty>Yorum yok.</Empty> : (
          <ul className="space-y-2 text-sm" data-testid="member-reviews">
            {record.reviews.map((review) => (
              <li key={review.id} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
                <BusinessLink business={review.business} /> <span className={muted}>· {review.rating}/5 · {REVIEW_STATUS_LABELS[review.status] ?? review.status}</span>
                {review.title ? <p className="font-medium" dir="auto">{review.title}</p> : null}
                <p className="whitespace-pre-wrap break-words" dir="auto">{review.text}</p>
                {review.reason ? <p className={muted}>Gerekçe: {review.reason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Yaptığı şikâyetler (${record.reportsMade.length})`}>
        <Reports reports={record.reportsMade} testId="reports-made" />
      </Card>
      <Card title={`Hakkındaki şikâyetler (${record.reportsReceived.length})`}>
        <Reports reports={record.reportsReceived} testId="reports-received" />
      </Card>
    </div>
  );
}
