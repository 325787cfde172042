import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { formatCount } from "~/lib/format";
import type { SitemapStatus } from "~/models/sitemap.server";

// Server and browser may sit in different time zones: a fixed zone keeps hydration stable.
const builtAtFormat = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

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
      const response = await fetch("/api/admin/sitemaps/rebuild", { method: "POST" });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) throw new Error(`${response.status}: ${body?.message ?? response.statusText}`);
      toast({ title: "Site haritası", description: body?.message ?? "Yeniden oluşturma sıraya alındı" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Site haritası oluşturulamadı", description: (error as Error).message, variant: "destructive" });
    } finally {
      setRequesting(false);
    }
  }

  return (
    <section aria-labelledby="sitemap-panel-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sitemap-panel-title" className="text-lg font-semibold text-slate-900">
            Site Haritası Yönetimi
          </h2>
          <p className="text-sm text-slate-600">Her 6 saatte bir otomatik olarak yeniden oluşturulur.</p>
        </div>
        <button
          type="button"
          onClick={rebuild}
          disabled={requesting}
          className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {requesting ? "Gönderiliyor…" : "Şimdi yeniden oluştur"}
        </button>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Dosya sayısı" value={formatCount(fileCount)} />
        <Figure label="URL sayısı" value={formatCount(urlCount)} />
        <Figure label="İşletme dosyaları" value={formatCount(businessFileCount)} />
        <Figure
          label="Son oluşturma"
          value={lastBuiltAt ? `${builtAtFormat.format(new Date(lastBuiltAt))} UTC` : "Henüz oluşturulmadı"}
        />
      </dl>
      {building ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Site haritası şu anda yeniden oluşturuluyor; bitene kadar önceki sürüm yayında.
        </p>
      ) : null}

      <ul className="mt-4 divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link} className="flex items-center justify-between gap-3 py-2">
            <a href={link} target="_blank" rel="noreferrer" className="min-w-0 truncate font-mono text-sm text-blue-700 hover:underline">
              {link}
            </a>
            <button
              type="button"
              onClick={() => copy(link)}
              aria-label={`Kopyala: ${link}`}
              className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
            >
              Kopyala
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
