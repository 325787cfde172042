import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { DAY_NAMES } from "~/lib/business/opening-hours";
import { httpUrl } from "~/lib/business/web-url";
import {
  FLAG_LABELS,
  MODERATION_KIND_LABELS,
  MODERATION_KINDS,
  MODERATION_PAGE_SIZES,
  MODERATION_STATUS_LABELS,
  MODERATION_STATUSES,
  REASON_MAX,
  type ModerationFlag,
} from "~/lib/listings/moderation";
import type { ModerationEntry, ModerationPage, ModerationQuery } from "~/models/moderation.server";
import type { ReasonTemplate } from "~/models/reason-template.server";
import { useHydrated } from "~/components/use-hydrated";
import { SANCTION_LEVEL_LABELS, type SanctionLevel } from "~/lib/members/sanctions";
import { AdminPager } from "./admin-pager";
import { AdminTime } from "./admin-time";
import { buttonClass, Card, inputClass } from "./ui";

/** What the page's action answers a decision (shown beside the item, or over the list). */
export interface ModerationAnswer {
  id: number | null;
  intent: "approve" | "reject" | "bulk-approve" | "bulk-reject" | null;
  ok: boolean;
  message: string;
  /** The reason as typed, given back when the decision was refused. */
  reason: string;
  /** Who holds the item, when the decision was refused for it. */
  heldBy?: string;
}

/** The signed-in staff member, to tell their own holds from others'. */
export interface ModerationViewer {
  id: number;
  role: string;
}

/** Every decision with the script goes through this one fetcher, so its answer is the newest. */
const DECISION_FETCHER = "moderation-decision";

/** The bulk form's id: the cards' checkboxes join it through their form attribute. */
const BULK_FORM = "moderation-bulk";

/** Where "o" goes: the business's page, or for an appeal the member's admin page. */
function openTarget(item: ModerationEntry): string | null {
  if (item.kind === "appeal") return item.submitter ? `/admin/members/${item.submitter.id}` : null;
  return item.business ? `/business/${encodeURIComponent(item.business.slug)}` : null;
}

/** A listing's fields (the API's names) as the admin reads them. */
const FIELD_LABELS: Record<string, string> = {
  name: "Ad",
  category: "Kategori",
  fullAddress: "Adres",
  city: "Şehir",
  countryCode: "Ülke",
  latitude: "Enlem",
  longitude: "Boylam",
  phone: "Telefon",
  website: "Web sitesi",
  email: "E-posta",
  workingHours: "Çalışma saatleri",
  amenities: "Olanaklar",
  description: "Açıklama",
};

const EMPTY = "—";

/** A value of a change, readable: lists joined with ", ", opening hours one day a line ("Monday: 9–5"), none as "—". */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (Array.isArray(value)) return value.length ? value.map((entry) => readableValue(entry)).join(", ") : EMPTY;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return EMPTY;
    const rank = (key: string) => {
      const day = (DAY_NAMES as readonly string[]).indexOf(key);
      return day === -1 ? DAY_NAMES.length : day;
    };
    return entries
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, entry]) => `${key}: ${readableValue(entry)}`)
      .join("\n");
  }
  if (typeof value === "boolean") return value ? "Evet" : "Hayır";
  return String(value);
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

const linkClass = "text-blue-700 hover:underline dark:text-blue-400";
const labelClass = "font-medium text-slate-500 dark:text-slate-400";

/** A business's public page, in a new tab (a pending one shows to a signed-in admin). */
function BusinessLink({ business }: { business: { slug: string; name: string } }) {
  return (
    <a href={`/business/${encodeURIComponent(business.slug)}`} target="_blank" rel="noopener noreferrer" className={`break-words ${linkClass}`}>
      <bdi>{business.name}</bdi>
      <span className="sr-only"> (yeni sekmede açılır)</span>
    </a>
  );
}

function Flags({ flags }: { flags: ModerationFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1" data-testid="moderation-flags">
      {flags.map((flag, index) => (
        <li key={index} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <span className="font-semibold">{FLAG_LABELS[flag.reason] ?? flag.reason}</span>: <BusinessLink business={flag.business} />
        </li>
      ))}
    </ul>
  );
}

/** A row of a claim's facts, left out when empty. */
function Fact({ label, value, link }: { label: string; value: unknown; link?: boolean }) {
  const shown = text(value);
  const href = link ? httpUrl(shown) : null;
  return (
    <>
      <dt className={labelClass}>{label}</dt>
      <dd className="break-words whitespace-pre-wrap">
        {shown === null ? EMPTY : href ? <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={`break-all ${linkClass}`}>{shown}</a> : <bdi>{shown}</bdi>}
      </dd>
    </>
  );
}

function ClaimDetails({ details }: { details: Record<string, unknown> }) {
  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2" data-testid="claim-details">
      <div>
        <h4 className="mb-1 text-sm font-semibold">Talep eden</h4>
        <dl className="grid gap-x-4 gap-y-1 text-sm grid-cols-[max-content_1fr]">
          <Fact label="E-posta" value={details.claimantEmail} />
          <Fact label="Pozisyon" value={details.position} />
          <Fact label="Telefon" value={details.phone} />
          <Fact label="Mesaj" value={details.message} />
        </dl>
      </div>
      <div>
        <h4 className="mb-1 text-sm font-semibold">İşletmede kayıtlı</h4>
        <dl className="grid gap-x-4 gap-y-1 text-sm grid-cols-[max-content_1fr]">
          <Fact label="Telefon" value={details.listingPhone} />
          <Fact label="Web sitesi" value={details.listingWebsite} link />
        </dl>
      </div>
    </div>
  );
}

function ChangeDetails({ details }: { details: Record<string, unknown> }) {
  const fields = details.fields && typeof details.fields === "object" ? Object.entries(details.fields as Record<string, { old?: unknown; new?: unknown } | null>) : [];
  if (fields.length === 0) return <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Değişen alan yok.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm" data-testid="change-diff">
        <caption className="sr-only">Değişen alanlar</caption>
        <thead className="border-b border-slate-200 text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">Alan</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">Eski</th>
            <th scope="col" className="py-1.5 font-medium">Yeni</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top dark:divide-slate-700">
          {fields.map(([field, change]) => (
            <tr key={field}>
              <th scope="row" className="py-1.5 pr-3 font-medium whitespace-nowrap">{FIELD_LABELS[field] ?? field}</th>
              <td className="py-1.5 pr-3 break-words whitespace-pre-wrap text-red-800 dark:text-red-300" dir="auto">{readableValue(change?.old)}</td>
              <td className="py-1.5 break-words whitespace-pre-wrap text-emerald-800 dark:text-emerald-300" dir="auto">{readableValue(change?.new)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The review replied to (its stars and excerpt) and the owner's reply, with the published one it would replace. */
function ReplyDetails({ details }: { details: Record<string, unknown> }) {
  const review = details.review && typeof details.review === "object" ? (details.review as Record<string, unknown>) : {};
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm grid-cols-[max-content_1fr]" data-testid="reply-details">
      <dt className={labelClass}>Yorum</dt>
      <dd className="break-words whitespace-pre-wrap" dir="auto">
        {typeof review.rating === "number" ? <span className="mr-1 font-medium">{review.rating}/5</span> : null}
        {text(review.excerpt) ?? EMPTY}
      </dd>
      {text(details.before) !== null ? <Fact label="Yayındaki yanıt" value={details.before} /> : null}
      <dt className={labelClass}>Yanıt</dt>
      <dd className="break-words whitespace-pre-wrap text-emerald-800 dark:text-emerald-300" dir="auto">{text(details.text) ?? EMPTY}</dd>
    </dl>
  );
}

/** REPORT_REASONS (app/lib/reviews/review-fields.ts) as the admin reads them. */
const REPORT_REASON_LABELS: Record<string, string> = {
  fake: "Sahte",
  offensive: "Saldırgan",
  "conflict-of-interest": "Çıkar çatışması",
  closed: "Kapanmış",
  "wrong-information": "Yanlış bilgi",
  other: "Diğer",
};

/** What was reported (a review's excerpt, or the listing itself), by how many members, why, and their newest notes. */
function ReportDetails({ details }: { details: Record<string, unknown> }) {
  const reasons = details.reasons && typeof details.reasons === "object" ? Object.entries(details.reasons as Record<string, unknown>).filter(([, n]) => typeof n === "number" && n > 0) : [];
  const notes = Array.isArray(details.notes) ? details.notes.filter((note): note is string => typeof note === "string") : [];
  const review = details.targetKind === "review";
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm grid-cols-[max-content_1fr]" data-testid="report-details">
      <dt className={labelClass}>Şikâyet edilen</dt>
      <dd className="break-words whitespace-pre-wrap" dir="auto">
        {review ? `Yorum #${String(details.targetId)}` : "İşletme kaydı"}
        {review && text(details.excerpt) !== null ? <span className="mt-0.5 block text-slate-600 dark:text-slate-300">{text(details.excerpt)}</span> : null}
      </dd>
      <dt className={labelClass}>Şikâyet sayısı</dt>
      <dd>{typeof details.count === "number" ? details.count : EMPTY}</dd>
      <dt className={labelClass}>Nedenler</dt>
      <dd>{reasons.length ? reasons.map(([reason, n]) => `${REPORT_REASON_LABELS[reason] ?? reason} (${String(n)})`).join(", ") : EMPTY}</dd>
      <dt className={labelClass}>Notlar</dt>
      <dd>
        {notes.length ? (
          <ul className="list-disc space-y-0.5 pl-4">
            {notes.map((note, index) => (
              <li key={index} className="break-words whitespace-pre-wrap" dir="auto">{note}</li>
            ))}
          </ul>
        ) : EMPTY}
      </dd>
      <dt className={labelClass}>Onay / ret</dt>
      <dd className="text-slate-600 dark:text-slate-300">
        {review ? "Onay: şikâyet haklı, yorum yayından kalkar. Ret: yorum yayında kalır (gizlendiyse yeniden yayınlanır)." : "Onay: en çok verilen neden “Sahte” ya da “Kapanmış” ise işletme yayından kalkar. Ret: işletme olduğu gibi kalır."}
      </dd>
    </dl>
  );
}

/** A member's appeal of a sanction (issue 51): approving lifts it, rejecting keeps it. */
function AppealDetails({ item }: { item: ModerationEntry }) {
  const level = text(item.details.level);
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="appeal-details">
      <dl className="grid gap-x-4 gap-y-1 grid-cols-[max-content_1fr]">
        <dt className={labelClass}>Yaptırım</dt>
        <dd>{level && level in SANCTION_LEVEL_LABELS ? SANCTION_LEVEL_LABELS[level as SanctionLevel] : EMPTY} #{String(item.details.sanctionId ?? "")}</dd>
        <Fact label="Yaptırım gerekçesi" value={item.details.reason} />
        <Fact label="İtiraz" value={item.details.text} />
      </dl>
      {item.submitter ? <Link to={`/admin/members/${item.submitter.id}`} className={linkClass}>Üyenin kaydını aç</Link> : null}
      <p className="text-slate-500 dark:text-slate-400">Onaylamak yaptırımı kaldırır; reddetmek yaptırımı korur.</p>
    </div>
  );
}

function Details({ item }: { item: ModerationEntry }) {
  if (item.kind === "claim") return <ClaimDetails details={item.details} />;
  if (item.kind === "change") return <ChangeDetails details={item.details} />;
  if (item.kind === "reply") return <ReplyDetails details={item.details} />;
  if (item.kind === "report") return <ReportDetails details={item.details} />;
  if (item.kind === "appeal") return <AppealDetails item={item} />;
  return item.business ? (
    <p className="mt-3 text-sm">
      <a href={`/business/${encodeURIComponent(item.business.slug)}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Gönderilen işletme sayfasını aç<span className="sr-only"> (yeni sekmede açılır)</span>
      </a>
    </p>
  ) : null;
}

/**
 * The reason templates to pick from: a pick fills the reason's text with the script (and, for
 * one item, moves the focus there to edit it); without the script the form sends the pick.
 */
function TemplateSelect({ templates, reason, focusReason = false, className }: { templates: ReasonTemplate[]; reason: RefObject<HTMLTextAreaElement>; focusReason?: boolean; className: string }) {
  return (
    <label className={className}>
      <span className="mb-1 block font-medium">Hazır gerekçe</span>
      <select
        name="template"
        defaultValue=""
        className={inputClass}
        onChange={(event) => {
          const picked = templates.find((template) => String(template.id) === event.target.value)?.text;
          if (picked === undefined || !reason.current) return;
          reason.current.value = picked;
          if (focusReason) reason.current.focus();
        }}
      >
        <option value="">Şablon seçin…</option>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>{template.text}</option>
        ))}
      </select>
    </label>
  );
}

/** Approve, or reject with a reason (a template fills the text with the script; without it the picked template is sent). */
function Decision({ item, answer, templates, heldBy }: { item: ModerationEntry; answer: ModerationAnswer | null; templates: ReasonTemplate[]; heldBy: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: DECISION_FETCHER });
  const reason = useRef<HTMLTextAreaElement>(null);
  const mine = answer && answer.id === item.id ? answer : null;
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(item.id) ? fetcher.formData.get("intent") : null;
  const reasonId = `reason-${item.id}`;
  const errorId = `decision-error-${item.id}`;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4 dark:border-slate-700">
      {mine && !mine.ok ? (
        <p id={errorId} role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="decision-error">
          {mine.message}
        </p>
      ) : null}
      {heldBy !== null ? (
        <p className="mb-3 text-sm text-amber-800 dark:text-amber-200" data-testid="held-notice">İnceleniyor: {heldBy} (karar düğmeleri kapalı)</p>
      ) : null}
      <div className="flex flex-wrap items-start gap-4">
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="approve" disabled={heldBy !== null} className={buttonClass.primary}>
            {sending === "approve" ? "Onaylanıyor..." : "Onayla"}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" preventScrollReset className="min-w-0 flex-1 basis-60 space-y-2">
          <input type="hidden" name="id" value={item.id} />
          <TemplateSelect templates={templates} reason={reason} focusReason className="block text-sm" />
          <label htmlFor={reasonId} className="block text-sm font-medium">Ret gerekçesi (üyeye gönderilir)</label>
          <textarea
            ref={reason}
            id={reasonId}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            // With the script a template fills the text, so the text is required; without it an
            // empty text sends the picked template (the server refuses neither given).
            required={hydrated}
            defaultValue={mine && !mine.ok ? mine.reason : ""}
            aria-invalid={(mine && !mine.ok && mine.intent === "reject") || undefined}
            aria-describedby={mine && !mine.ok ? errorId : undefined}
            className={inputClass}
          />
          <button type="submit" name="intent" value="reject" disabled={heldBy !== null} className={buttonClass.danger}>
            {sending === "reject" ? "Reddediliyor..." : "Reddet"}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}

/** What was decided, by whom and why (an approved or rejected item). */
function Decided({ item }: { item: ModerationEntry }) {
  return (
    <dl className="mt-4 grid gap-x-4 gap-y-1 border-t border-slate-100 pt-4 text-sm grid-cols-[max-content_1fr] dark:border-slate-700">
      <dt className={labelClass}>Karar</dt>
      <dd>{MODERATION_STATUS_LABELS[item.status]}{item.decidedBy ? ` · ${item.decidedBy === "auto" ? "otomatik (e-posta alan adı)" : item.decidedBy}` : ""}</dd>
      {item.reason ? (
        <>
          <dt className={labelClass}>Gerekçe</dt>
          <dd className="break-words whitespace-pre-wrap">{item.reason}</dd>
        </>
      ) : null}
    </dl>
  );
}

const KIND_TONES: Record<ModerationEntry["kind"], string> = {
  listing: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  claim: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  change: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  review: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  reply: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  report: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  appeal: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/** Who holds the item, as the card shows it: the viewer's own hold, someone else's, or none. */
type Hold = { mine: true } | { mine: false; name: string } | null;

function ModerationCard({
  item,
  answer,
  templates,
  hold,
  current,
  selected,
  onSelect,
  onActivate,
}: {
  item: ModerationEntry;
  answer: ModerationAnswer | null;
  templates: ReasonTemplate[];
  hold: Hold;
  current: boolean;
  selected: boolean;
  onSelect: (id: number, on: boolean) => void;
  onActivate: (id: number) => void;
}) {
  const pending = item.status === "pending";
  return (
    <li
      // Focusable by script only (j/k), so the focus ring and screen readers follow the current item.
      tabIndex={-1}
      onClick={() => onActivate(item.id)}
      onFocus={() => onActivate(item.id)}
      aria-current={current || undefined}
      className={`scroll-mt-4 rounded-xl border p-4 outline-none ${current ? "border-blue-500 ring-2 ring-blue-500 ring-offset-2 ring-offset-white dark:ring-offset-slate-800" : "border-slate-200 dark:border-slate-700"} focus-visible:ring-2 focus-visible:ring-blue-500`}
      data-testid="moderation-item"
      data-id={item.id}
      data-kind={item.kind}
      data-current={current || undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {pending ? (
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              name="ids"
              value={item.id}
              form={BULK_FORM}
              checked={selected}
              onChange={(event) => onSelect(item.id, event.target.checked)}
              className="size-4 rounded border-slate-300"
              data-testid="bulk-select"
            />
            <span className="sr-only">Kayıt #{item.id} seç</span>
          </label>
        ) : null}
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${KIND_TONES[item.kind]}`}>{MODERATION_KIND_LABELS[item.kind]}</span>
        <span className="text-slate-500 dark:text-slate-400">#{item.id}</span>
        <AdminTime seconds={Math.floor(Date.parse(item.createdAt) / 1000)} className="text-slate-500 dark:text-slate-400" />
        {pending && hold ? (
          <span
            data-testid="hold-badge"
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${hold.mine ? "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
          >
            {hold.mine ? "Sizde" : `İnceleniyor: ${hold.name}`}
          </span>
        ) : null}
      </div>
      <h3 className="mt-2 text-base font-semibold">
        {item.business ? <BusinessLink business={item.business} /> : item.kind === "appeal" ? <span>Yaptırım itirazı</span> : <span className="text-slate-500 dark:text-slate-400">İşletme silinmiş</span>}
      </h3>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
        Gönderen: {item.submitter ? <span className="break-all" data-testid="submitter">{item.submitter.email}</span> : item.kind === "report" ? <span>Üyeler (şikâyetler tek kayıtta toplanır)</span> : <span className="italic">Silinmiş üye</span>}
      </p>
      <Flags flags={item.flags} />
      <Details item={item} />
      {pending ? <Decision item={item} answer={answer} templates={templates} heldBy={hold && !hold.mine ? hold.name : null} /> : <Decided item={item} />}
    </li>
  );
}

/** The filters: a GET form, so they work before the script too; a new filter starts at page 1. */
function Filters({ query }: { query: ModerationQuery | null }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <label className="text-sm">
        <span className="mb-1 block font-medium">Tür</span>
        <select name="kind" defaultValue={query?.kind ?? ""} className={inputClass}>
          <option value="">Tümü</option>
          {MODERATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>{MODERATION_KIND_LABELS[kind]}</option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">Durum</span>
        <select name="status" defaultValue={query?.status ?? "pending"} className={inputClass}>
          {MODERATION_STATUSES.map((status) => (
            <option key={status} value={status}>{MODERATION_STATUS_LABELS[status]}</option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">Sıralama</span>
        <select name="order" defaultValue={query?.order ?? "oldest"} className={inputClass}>
          <option value="oldest">En eski</option>
          <option value="newest">En yeni</option>
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">Sayfa başına</span>
        <select name="size" defaultValue={String(query?.size ?? MODERATION_PAGE_SIZES[0])} className={inputClass}>
          {MODERATION_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{size}</option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass.primary}>Filtrele</button>
    </Form>
  );
}

/** The reason picker of "r": the templates numbered (digits 1–9 pick one), the text editable, Enter or "Reddet" sends, Esc closes. */
function ReasonPicker({ item, templates, onSend, onClose }: { item: ModerationEntry; templates: ReasonTemplate[]; onSend: (reason: string) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // Esc (the dialog's cancel) closes it: the queue gives the focus back to the item.
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    element.addEventListener("cancel", cancel);
    return () => element.removeEventListener("cancel", cancel);
  }, [onClose]);
  const pick = (index: number) => {
    const template = templates[index];
    if (!template) return;
    setReason(template.text);
    box.current?.focus();
  };
  const send = () => {
    if (reason.trim() === "") {
      box.current?.focus();
      return;
    }
    onSend(reason);
  };
  const titleId = `picker-title-${item.id}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid="reason-picker"
      // Tailwind's reset takes away the dialog's own centring (margin: auto).
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      onKeyDown={(event) => {
        if (event.target instanceof HTMLTextAreaElement) {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
          return;
        }
        if (/^[1-9]$/.test(event.key) && !event.ctrlKey && !event.altKey && !event.metaKey) {
          event.preventDefault();
          pick(Number(event.key) - 1);
        }
      }}
    >
      <h2 id={titleId} className="text-base font-semibold">Reddet: #{item.id} {item.business ? <bdi>{item.business.name}</bdi> : null}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">1–9 bir şablon seçer; metni düzenleyebilirsiniz. Enter gönderir, Esc kapatır.</p>
      {templates.length ? (
        <ol className="mt-3 max-h-60 space-y-1 overflow-y-auto" aria-label="Hazır gerekçeler">
          {templates.map((template, index) => (
            <li key={template.id}>
              <button
                type="button"
                onClick={() => pick(index)}
                className="flex w-full gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none dark:border-slate-700 dark:hover:bg-slate-700"
              >
                <kbd className="font-mono font-semibold text-slate-500 dark:text-slate-400">{index < 9 ? index + 1 : "·"}</kbd>
                <span className="min-w-0 break-words">{template.text}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <label htmlFor={`picker-reason-${item.id}`} className="mt-3 block text-sm font-medium">Ret gerekçesi (üyeye gönderilir)</label>
      <textarea
        ref={box}
        id={`picker-reason-${item.id}`}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className={`mt-1 ${inputClass}`}
      />
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={buttonClass.secondary}>Vazgeç</button>
        <button type="button" onClick={send} disabled={reason.trim() === ""} className={buttonClass.danger}>Reddet</button>
      </div>
    </dialog>
  );
}

/**
 * The bulk form: the cards' checkboxes belong to it through their form attribute, so it works
 * without the script; one reason (typed, or the picked template) rejects them all.
 */
function BulkBar({ pendingIds, selected, setSelected, templates }: { pendingIds: number[]; selected: Set<number>; setSelected: (ids: Set<number>) => void; templates: ReasonTemplate[] }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ModerationAnswer>({ key: DECISION_FETCHER });
  const reason = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // A bulk decision taken: its reason and template are not left for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && String(fetcher.data.intent).startsWith("bulk-")) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const count = pendingIds.filter((id) => selected.has(id)).length;
  const all = count > 0 && count === pendingIds.length;
  const sending = fetcher.state !== "idle" && String(fetcher.formData?.get("intent") ?? "").startsWith("bulk-");
  const none = hydrated && count === 0;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      id={BULK_FORM}
      preventScrollReset
      data-testid="bulk-bar"
      aria-label="Toplu karar"
      className="mt-4 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900/60"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {hydrated ? (
          <label className="inline-flex items-center gap-1.5 font-medium">
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => setSelected(event.target.checked ? new Set(pendingIds) : new Set())}
              className="size-4 rounded border-slate-300"
            />
            Bu sayfadakilerin tümünü seç
          </label>
        ) : null}
        <span role="status" data-testid="bulk-count" className="text-slate-600 dark:text-slate-300">
          {hydrated ? `${count} kayıt seçili` : "Kutucuklarla seçtiğiniz kayıtlar için:"}
        </span>
        <button type="submit" name="intent" value="bulk-approve" disabled={none || sending} className={buttonClass.primary}>
          Seçilenleri onayla
        </button>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <TemplateSelect templates={templates} reason={reason} className="min-w-0 flex-1 basis-48 text-sm" />
        <label className="min-w-0 flex-[2] basis-60 text-sm">
          <span className="mb-1 block font-medium">Seçilenler için ret gerekçesi</span>
          <textarea ref={reason} name="reason" rows={2} maxLength={REASON_MAX} className={inputClass} />
        </label>
        <button type="submit" name="intent" value="bulk-reject" disabled={none || sending} className={`self-end ${buttonClass.danger}`}>
          Seçilenleri reddet
        </button>
      </div>
    </fetcher.Form>
  );
}

function Key({ children }: { children: string }) {
  return <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[11px] dark:border-slate-600 dark:bg-slate-900">{children}</kbd>;
}

/** Whether a key press is meant for a field (or a combination), not for the queue's shortcuts. */
function typing(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return true;
  const target = event.target instanceof Element ? event.target : null;
  return target !== null && (target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog[open]") !== null);
}

const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="moderation-item"][data-id="${id}"]`);

/** The queue: filters, the outcome of the last decision, the items as cards, the pager; keyboard, holds and bulk decisions with the script. */
export function ModerationQueue({
  queue,
  query,
  queryError,
  answer: actionAnswer,
  templates,
  me,
}: {
  queue: ModerationPage | null;
  query: ModerationQuery | null;
  queryError: string | null;
  answer: ModerationAnswer | null;
  templates: ReasonTemplate[];
  me: ModerationViewer;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ModerationAnswer>({ key: DECISION_FETCHER });
  // The fetcher keeps its last answer across pages and filters: one given before the latest navigation is not shown.
  const { key: locationKey } = useLocation();
  const [staleData, setStaleData] = useState<unknown>(null);
  const latest = useRef<unknown>(fetcher.data);
  latest.current = fetcher.data;
  useEffect(() => setStaleData(latest.current ?? null), [locationKey]);
  const fresh = fetcher.data !== undefined && fetcher.data !== staleData ? (fetcher.data as ModerationAnswer) : null;
  // With the script every decision goes through the fetcher; without it the page's action answers.
  const answer: ModerationAnswer | null = fresh ?? actionAnswer;
  const items = queue?.items ?? [];
  const [current, setCurrent] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [myHold, setMyHold] = useState<number | null>(null);
  const [refusedBy, setRefusedBy] = useState<Record<number, string>>({});
  const [picker, setPicker] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const lastIndex = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const holdOf = (item: ModerationEntry): Hold => {
    if (refusedBy[item.id]) return { mine: false, name: refusedBy[item.id]! };
    if (myHold === item.id) return { mine: true };
    if (item.heldBy && item.heldBy.id !== me.id) return { mine: false, name: item.heldBy.displayName };
    // The server's word about one's own hold is stale once this page holds another item.
    if (item.heldBy && (myHold === null || myHold === item.id)) return { mine: true };
    return null;
  };

  const announce = useCallback((id: number) => {
    const list = itemsRef.current;
    const index = list.findIndex((item) => item.id === id);
    const item = list[index];
    if (!item) return;
    setAnnouncement(`Kayıt ${index + 1} / ${list.length}: #${item.id}, ${MODERATION_KIND_LABELS[item.kind]}${item.business ? `, ${item.business.name}` : ""}`);
  }, []);

  const makeCurrent = useCallback(
    (id: number, focus: boolean) => {
      setCurrent(id);
      lastIndex.current = Math.max(0, itemsRef.current.findIndex((item) => item.id === id));
      announce(id);
      if (focus) {
        const card = cardOf(id);
        card?.focus({ preventScroll: true });
        card?.scrollIntoView({ block: "nearest" });
      }
    },
    [announce],
  );

  // A current pending item is held for this staff member (renewed before the five minutes run out);
  // someone else's hold (409) shows their name beside it.
  useEffect(() => {
    if (!hydrated || current === null) return;
    const item = itemsRef.current.find((entry) => entry.id === current);
    if (!item || item.status !== "pending") return;
    let stopped = false;
    const hold = async () => {
      try {
        const response = await fetch(`/api/admin/moderation/${current}/hold`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: "{}" });
        if (stopped) return;
        const body = (await response.json().catch(() => ({}))) as { heldBy?: { displayName: string } };
        if (response.ok) {
          setMyHold(current);
          setRefusedBy(({ [current]: _gone, ...rest }) => rest);
        } else if (response.status === 409 && body.heldBy) {
          setRefusedBy((known) => ({ ...known, [current]: body.heldBy!.displayName }));
        }
      } catch {
        // Offline for a moment: the decision itself is still refused if someone else holds it.
      }
    };
    void hold();
    const renew = window.setInterval(() => void hold(), 4 * 60 * 1000);
    return () => {
      stopped = true;
      window.clearInterval(renew);
    };
  }, [hydrated, current]);

  // Leaving the page lets go of the hold, so a colleague need not wait five minutes.
  const heldRef = useRef<number | null>(null);
  heldRef.current = myHold;
  useEffect(
    () => () => {
      if (heldRef.current !== null) void fetch(`/api/admin/moderation/${heldRef.current}/hold`, { method: "DELETE", keepalive: true }).catch(() => undefined);
    },
    [],
  );

  // After a decision the list reloads without the decided item: the one that followed it becomes current.
  useEffect(() => {
    if (current === null || items.some((item) => item.id === current)) return;
    const next = items[Math.min(lastIndex.current, items.length - 1)];
    if (next) makeCurrent(next.id, true);
    else setCurrent(null);
    setSelected((known) => new Set([...known].filter((id) => items.some((item) => item.id === id))));
  }, [items, current, makeCurrent]);

  // A bulk decision done: its boxes are cleared. A decision refused for a hold names the holder on the card.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const { intent, id, heldBy } = fetcher.data;
    if (intent?.startsWith("bulk-")) setSelected(new Set());
    if (id !== null && heldBy) setRefusedBy((known) => ({ ...known, [id]: heldBy }));
  }, [fetcher.state, fetcher.data]);

  const decide = useCallback(
    (id: number, intent: "approve" | "reject", reason = "") => {
      fetcher.submit({ intent, id: String(id), reason }, { method: "post", preventScrollReset: true });
    },
    [fetcher],
  );

  // The item keeps the focus once the picker is gone (while it is open the rest of the page is inert).
  const returnFocus = useRef<number | null>(null);
  const closePicker = useCallback(() => {
    returnFocus.current = picker;
    setPicker(null);
  }, [picker]);
  useEffect(() => {
    if (picker !== null || returnFocus.current === null) return;
    cardOf(returnFocus.current)?.focus({ preventScroll: true });
    returnFocus.current = null;
  }, [picker]);

  useEffect(() => {
    if (!hydrated) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || picker !== null || typing(event)) return;
      const list = itemsRef.current;
      if (list.length === 0) return;
      const index = list.findIndex((item) => item.id === current);
      const item = index === -1 ? null : list[index]!;
      switch (event.key) {
        case "j":
        case "k": {
          event.preventDefault();
          const next = index === -1 ? (event.key === "j" ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, index + (event.key === "j" ? 1 : -1)));
          makeCurrent(list[next]!.id, true);
          return;
        }
        case "a":
        case "r": {
          if (!item || item.status !== "pending") return;
          event.preventDefault();
          const hold = holdOf(item);
          if (hold && !hold.mine) {
            setAnnouncement(`Bu kaydı şu anda ${hold.name} inceliyor.`);
            return;
          }
          // One decision at a time: the next key waits for the list to reload.
          if (fetcher.state !== "idle") return;
          if (event.key === "a") decide(item.id, "approve");
          else setPicker(item.id);
          return;
        }
        case "o": {
          const target = item ? openTarget(item) : null;
          if (!target) return;
          event.preventDefault();
          window.open(target, "_blank", "noopener");
          return;
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // A refusal about an item still listed shows beside it; any other outcome over the list.
  const listed = answer !== null && answer.id !== null && !answer.ok && items.some((item) => item.id === answer.id && item.status === "pending");
  const pendingIds = items.filter((item) => item.status === "pending").map((item) => item.id);
  const pickerItem = picker === null ? null : (items.find((item) => item.id === picker) ?? null);
  return (
    <Card>
      <Filters query={query} />
      {hydrated ? (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300" data-testid="shortcuts">
          Kısayollar: <Key>j</Key>/<Key>k</Key> gezin · <Key>a</Key> onayla · <Key>r</Key> reddet · <Key>o</Key> işletmeyi aç
        </p>
      ) : null}
      <p role="status" className="sr-only" data-testid="current-announcement">{announcement}</p>
      {answer && !listed ? (
        <p
          role={answer.ok ? "status" : "alert"}
          data-testid="decision-outcome"
          className={`mt-4 rounded-md border px-3 py-2 text-sm ${answer.ok ? "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"}`}
        >
          {answer.message}
        </p>
      ) : null}
      {queryError !== null || queue === null ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-semibold">Bu filtre kullanılamıyor</p>
          <p data-testid="query-error">{queryError}</p>
          <Link to="/admin/moderation" className="mt-1 inline-block font-medium underline">Filtreler olmadan göster</Link>
        </div>
      ) : (
        <>
          {pendingIds.length ? (
            <BulkBar
              pendingIds={pendingIds}
              selected={selected}
              setSelected={setSelected}
              templates={templates}
            />
          ) : null}
          <h2 className="sr-only">Kayıtlar</h2>
          <p className="mt-4 mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="moderation-total">{queue.total.toLocaleString("tr-TR")} kayıt</p>
          {queue.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{query?.status === "pending" ? "Bekleyen kayıt yok." : "Bu filtreye uyan kayıt yok."}</p>
          ) : (
            <ul className="space-y-4" data-testid="moderation-list">
              {queue.items.map((item) => (
                <ModerationCard
                  key={item.id}
                  item={item}
                  answer={answer}
                  templates={templates}
                  hold={holdOf(item)}
                  current={current === item.id}
                  selected={selected.has(item.id)}
                  onSelect={(id, on) =>
                    setSelected((known) => {
                      const next = new Set(known);
                      if (on) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                  onActivate={(id) => {
                    if (id !== current) makeCurrent(id, false);
                  }}
                />
              ))}
            </ul>
          )}
          <AdminPager page={queue.page} totalPages={queue.totalPages} />
        </>
      )}
      {pickerItem ? (
        <ReasonPicker
          item={pickerItem}
          templates={templates}
          onClose={closePicker}
          onSend={(reason) => {
            closePicker();
            decide(pickerItem.id, "reject", reason);
          }}
        />
      ) : null}
    </Card>
  );
}
