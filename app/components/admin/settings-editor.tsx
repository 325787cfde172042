import { useState, type ReactNode } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import type { SiteSettingKey, SiteSettings } from "~/models/site-settings.server";
import { BusyButton, buttonClass, Card } from "./ui";
import { useChangedFieldsSave } from "./use-changed-fields-save";

export const CACHE_CLEAR_RELOAD_MS = 2000;

const FIELDS: { key: SiteSettingKey; label: string; help: string }[] = [
  { key: "head_tags", label: "Head Tag codes", help: "<head> içine eklenir (meta, doğrulama, stil)." },
  { key: "facebook_pixel", label: "Body Tag codes", help: "<body> başlangıcına eklenir." },
  { key: "footer_tags", label: "Footer Tag codes", help: "<body> sonuna eklenir." },
  { key: "analytics_code", label: "Analytics code", help: "Analitik kodu (Google Analytics vb.)." },
];

/** Save toasts: the current screen's, and the earlier one's (legacy admin). */
const SAVE_MESSAGES = {
  current: { saved: "Ayarlar kaydedildi", failed: "Kayıt hatası" },
  earlier: { saved: "Site ayarları güncellendi.", failed: "Site ayarları güncellenirken hata oluştu." },
} as const;

const hasScriptTag = (code: string) => /<script\b/i.test(code);

/** The four code areas, save / reset / cache clear; `sidePanel` holds the sitemap panel. */
export function SettingsEditor({ saved, sidePanel, variant = "current" }: { saved: SiteSettings; sidePanel?: ReactNode; variant?: keyof typeof SAVE_MESSAGES }) {
  const messages = SAVE_MESSAGES[variant];
  const toast = useToast();
  const { values, setValues, serverValues, saving, save: saveChanges } = useChangedFieldsSave(saved, async (changed) =>
    (await apiRequest<{ settings: SiteSettings }>("POST", "/api/admin/site-settings", changed)).settings,
  );
  const [clearing, setClearing] = useState(false);

  async function save() {
    try {
      if (!(await saveChanges())) return;
      toast({ title: messages.saved });
    } catch (error) {
      toast({ title: messages.failed, description: plainErrorMessage(error), variant: "destructive" });
    }
  }

  async function clearCache() {
    setClearing(true);
    try {
      await apiRequest("POST", "/api/admin/clear-cache");
      toast({ title: "Cache temizlendi", description: "Sayfa 2 saniye içinde yenilenecek" });
      setTimeout(() => window.location.reload(), CACHE_CLEAR_RELOAD_MS);
    } catch (error) {
      toast({ title: "Cache temizleme hatası", description: plainErrorMessage(error), variant: "destructive" });
      setClearing(false);
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <div className="space-y-6 xl:col-span-2">
        <Card
          title="Kod alanları"
          action={
            <div className="flex gap-2">
              <BusyButton className={buttonClass.secondary} onClick={clearCache} busy={clearing}>
                {clearing ? "Temizleniyor..." : "Cache Temizle"}
              </BusyButton>
              <button type="button" className={buttonClass.secondary} onClick={() => setValues(serverValues)}>Sıfırla</button>
              <BusyButton className={buttonClass.primary} onClick={save} busy={saving}>
                {saving ? "Kaydediliyor..." : "Kaydet"}
              </BusyButton>
            </div>
          }
        >
          <div className="space-y-5">
            {FIELDS.map((field) => {
              const id = `setting-${field.key}`;
              const warned = (field.key === "head_tags" || field.key === "footer_tags") && hasScriptTag(values[field.key]);
              return (
                <div key={field.key}>
                  <div className="mb-1 flex items-baseline justify-between">
                    <label htmlFor={id} lang="en" className="text-sm font-semibold">{field.label}</label>
                    <span className="text-xs text-slate-500 dark:text-slate-400" data-testid={`count-${field.key}`}>{values[field.key].length} karakter</span>
                  </div>
                  <textarea
                    id={id}
                    name={field.key}
                    aria-describedby={warned ? `${id}-help ${id}-warning` : `${id}-help`}
                    rows={8}
                    spellCheck={false}
                    className="w-full rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
                    value={values[field.key]}
                    onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
                  />
                  <p id={`${id}-help`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">{field.help}</p>
                  {warned ? (
                    <p id={`${id}-warning`} className="mt-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800" role="status">
                      ⚠ Bu alan &lt;script&gt; etiketi içeriyor: kod her ziyaretçinin tarayıcısında çalışır. Yalnızca güvendiğiniz kaynaklardan kod ekleyin.
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </Card>
      </div>
      <div className="space-y-6">
        {sidePanel}
        <Card title="Güvenlik notları">
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-600 dark:text-slate-300">
            <li>Bu kodlar ham HTML olarak tüm herkese açık sayfalara eklenir; yalnızca yöneticiler değiştirebilir.</li>
            <li>Harici script'leri yalnızca güvenilir alan adlarından ekleyin.</li>
            <li>Kaydetme ve cache temizleme, önbellekteki tüm sayfaları aynı anda yeniler.</li>
            <li>Her alan en fazla 100 KB olabilir.</li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
