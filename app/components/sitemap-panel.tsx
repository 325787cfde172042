import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { BusyButton, Card, MiniFigure } from "~/components/admin/ui";
import { useToast } from "~/components/toast";
import { apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import { formatCount } from "~/lib/directory/format";
import type { SitemapStatus } from "~/models/sitemap.server";

// Server and browser may sit in different time zones: a fixed zone keeps hydration stable.
const builtAtFormat = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A path that wraps after its slashes, never inside a file name ("page-1.xm l"). */
function PathWithBreaks({ path }: { path: string }) {
  const parts = path.split("/");
  return (
    <>
      {parts.map((part, index) => (
        <span key={index} className="whitespace-nowrap">
          {part}
          {index < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </span>
      ))}
    </>
  );
}

/** The admin settings' sitemap panel: the spec's six links with copy buttons, the live set's real counts, "rebuild now". */
export function SitemapPanel({ links, fileCount, urlCount, businessFileCount, lastBuiltAt, building }: SitemapStatus) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [requesting, setRequesting] = useState(false);

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Kopyalandı", description: link });
    } catch {
      toast({ title: "Kopyalanamadı", description: link, variant: "destructive" });
    }
  }

  async function rebuild() {
    setRequesting(true);
    try {
      // The shared call: an ended session leads to the login page, not to a "401" toast.
      const body = await apiRequest<{ message?: string }>("POST", "/api/admin/sitemaps/rebuild");
      toast({ title: "Site haritası", description: body.message ?? "Yeniden oluşturma sıraya alındı" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Site haritası oluşturulamadı", description: plainErrorMessage(error), variant: "destructive" });
    } finally {
      setRequesting(false);
    }
  }

  return (
    <Card
      title="Site Haritası Yönetimi"
      action={
        <BusyButton
          onClick={rebuild}
          busy={requesting}
          className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700 aria-disabled:cursor-wait aria-disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
        >
          {requesting ? "Gönderiliyor…" : "Şimdi yeniden oluştur"}
        </BusyButton>
      }
    >
      <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">Her 6 saatte bir otomatik olarak yeniden oluşturulur.</p>

      <dl className="mt-4 grid grid-cols-3 gap-2">
        <MiniFigure label="Dosya sayısı" value={formatCount(fileCount)} />
        <MiniFigure label="URL sayısı" value={formatCount(urlCount)} />
        <MiniFigure label="İşletme dosyaları" value={formatCount(businessFileCount)} />
      </dl>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="sitemap-last-built">
        Son oluşturma: {lastBuiltAt ? `${builtAtFormat.format(new Date(lastBuiltAt))} UTC` : "Henüz oluşturulmadı"}
      </p>
      {building ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          Site haritası şu anda yeniden oluşturuluyor; bitene kadar önceki sürüm yayında.
        </p>
      ) : null}

      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-700">
        {links.map((link) => (
          <li key={link} className="flex items-center justify-between gap-3 py-2">
            {/* The path tells the six apart in a narrow panel; the full address is copied and shown on hover. */}
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              title={link}
              className="min-w-0 font-mono text-xs break-words text-blue-700 hover:underline dark:text-blue-400"
            >
              <PathWithBreaks path={new URL(link).pathname} />
            </a>
            <button
              type="button"
              onClick={() => copy(link)}
              aria-label={`Kopyala: ${link}`}
              className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-700"
            >
              Kopyala
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
