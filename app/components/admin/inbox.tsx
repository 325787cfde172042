import { Form, Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import { INBOX_FILTER_LABELS, INBOX_FILTERS, type InboxQuery } from "~/lib/admin/inbox-query";
import type { InboxMessage, InboxPage } from "~/models/contact.server";
import { AdminPager } from "./admin-pager";
import { AdminTime } from "./admin-time";
import { BusyButton, buttonClass, Card, inputClass } from "./ui";

function StatusBadges({ message }: { message: InboxMessage }) {
  return (
    <>
      {message.readAt === null ? (
        <span className="rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">Yeni</span>
      ) : null}
      {message.handledAt !== null ? (
        <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">İşlendi</span>
      ) : null}
    </>
  );
}

/** The inbox list: search and filter (a GET form, so it works before the script too), newest first, paged. */
export function InboxList({ inbox, query }: { inbox: InboxPage; query: InboxQuery }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function deleteHandled() {
    if (!window.confirm("İşlendi olarak işaretlenen tüm mesajlar silinsin mi?")) return;
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>("DELETE", "/api/admin/messages/handled");
      toast({ title: "Mesajlar silindi", description: answer.message });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Silinemedi", description: plainErrorMessage(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-48 text-sm">
          <span className="mb-1 block font-medium">Mesajlarda ara</span>
          <input type="search" name="q" defaultValue={query.q} placeholder="Ad, e-posta, konu veya metin" className={inputClass} maxLength={200} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Durum</span>
          <select name="filter" defaultValue={query.filter} className={inputClass}>
            {INBOX_FILTERS.map((filter) => (
              <option key={filter} value={filter}>{INBOX_FILTER_LABELS[filter]}</option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass.primary}>Ara</button>
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="inbox-summary">
          {inbox.total} mesaj · {inbox.unreadCount} okunmamış
        </p>
        <BusyButton busy={busy} onClick={deleteHandled} className={buttonClass.secondary}>
          {busy ? "Siliniyor..." : "İşlenenleri sil"}
        </BusyButton>
      </div>
      {inbox.messages.length === 0 ? (
        <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">{query.q || query.filter !== "all" ? "Aramaya uyan mesaj yok." : "Henüz mesaj yok."}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-700" data-testid="inbox-list">
          {inbox.messages.map((message) => (
            <li key={message.id} className="py-3">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/messages/${message.id}`} className={`min-w-0 break-words text-blue-700 hover:underline dark:text-blue-400 ${message.readAt === null ? "font-semibold" : ""}`}>
                  {message.subject}
                </Link>
                <StatusBadges message={message} />
              </div>
              <p className="mt-0.5 break-words text-xs text-slate-600 dark:text-slate-300">
                {message.name} · <span className="break-all">{message.email}</span> · <AdminTime seconds={message.createdAt} />
              </p>
              <p className="mt-1 line-clamp-2 break-words text-sm text-slate-700 dark:text-slate-300">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      <AdminPager page={inbox.page} totalPages={inbox.totalPages} />
    </Card>
  );
}

/** One message: who wrote, when, the text; reply by e-mail, mark handled or open, delete. */
export function InboxMessageView({ message, firstOpened }: { message: InboxMessage; firstOpened: boolean }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"handle" | "delete" | null>(null);

  // Opening it made it read: the menu's unread count is reloaded (a revalidation reloads the layout).
  const reloaded = useRef(false);
  useEffect(() => {
    if (firstOpened && !reloaded.current) {
      reloaded.current = true;
      revalidator.revalidate();
    }
  }, [firstOpened, revalidator]);

  async function setHandled(handled: boolean) {
    setBusy("handle");
    try {
      await apiRequest("POST", `/api/admin/messages/${message.id}`, { handled });
      toast({ title: handled ? "Mesaj işlendi olarak işaretlendi" : "Mesaj yeniden açıldı" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Kaydedilemedi", description: plainErrorMessage(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm(`"${message.subject}" mesajı silinsin mi?`)) return;
    setBusy("delete");
    try {
      await apiRequest("DELETE", `/api/admin/messages/${message.id}`);
      toast({ title: "Mesaj silindi" });
      navigate("/admin/messages");
    } catch (error) {
      toast({ title: "Silinemedi", description: plainErrorMessage(error), variant: "destructive" });
      setBusy(null);
    }
  }

  const handled = message.handledAt !== null;
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">{message.subject}</h2>
        <StatusBadges message={message} />
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-500 dark:text-slate-400">Gönderen</dt>
        <dd className="break-words">{message.name}</dd>
        <dt className="font-medium text-slate-500 dark:text-slate-400">E-posta</dt>
        <dd className="break-all"><a href={`mailto:${message.email}`} className="text-blue-700 hover:underline dark:text-blue-400">{message.email}</a></dd>
        {message.phone ? (
          <>
            <dt className="font-medium text-slate-500 dark:text-slate-400">Telefon</dt>
            <dd className="break-words">{message.phone}</dd>
          </>
        ) : null}
        {message.company ? (
          <>
            <dt className="font-medium text-slate-500 dark:text-slate-400">Şirket</dt>
            <dd className="break-words">{message.company}</dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-500 dark:text-slate-400">Tarih</dt>
        <dd><AdminTime seconds={message.createdAt} /></dd>
        {handled ? (
          <>
            <dt className="font-medium text-slate-500 dark:text-slate-400">İşlendi</dt>
            <dd><AdminTime seconds={message.handledAt!} /></dd>
          </>
        ) : null}
      </dl>
      <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm break-words whitespace-pre-wrap dark:bg-slate-900/60" data-testid="message-text">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={buttonClass.secondary}>E-postayla yanıtla</a>
        <BusyButton busy={busy !== null} onClick={() => setHandled(!handled)} className={buttonClass.primary}>
          {busy === "handle" ? "Kaydediliyor..." : handled ? "İşlenmedi olarak işaretle" : "İşlendi olarak işaretle"}
        </BusyButton>
        <BusyButton busy={busy !== null} onClick={remove} className={buttonClass.danger}>
          {busy === "delete" ? "Siliniyor..." : "Sil"}
        </BusyButton>
      </div>
    </Card>
  );
}
