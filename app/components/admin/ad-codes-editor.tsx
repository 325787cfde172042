import { useRevalidator } from "@remix-run/react";
import { useToast } from "~/components/toast";
import { apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import { AD_CODE_MAX_BYTES, formatKilobytes, utf8Bytes } from "~/lib/admin/code-limits";
import type { AdCodes, AdSlot } from "~/models/site-settings.server";
import { BusyButton, buttonClass, Card } from "./ui";
import { useChangedFieldsSave } from "./use-changed-fields-save";

const SLOTS: { slot: AdSlot; label: string }[] = [
  { slot: "ad1", label: "Reklam 1 — özelliklerin üstü" },
  { slot: "ad2", label: "Reklam 2 — hakkında bölümünün altı" },
  { slot: "ad3", label: "Reklam 3 — çalışma saatlerinin altı" },
  { slot: "ad4", label: "Reklam 4 — iletişim bilgilerinin altı" },
];

const EMPTY: AdCodes = { ad1: "", ad2: "", ad3: "", ad4: "" };

export function AdCodesEditor({ saved }: { saved: AdCodes }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { values: codes, setValues: setCodes, saving, save: saveChanges } = useChangedFieldsSave(saved, async (changed) =>
    (await apiRequest<{ codes: AdCodes }>("POST", "/api/admin/advertisement-codes", changed)).codes,
  );

  async function save() {
    try {
      if (!(await saveChanges())) return;
      toast({ title: "Reklam kodları kaydedildi" });
      // The menu's badge counts the filled slots: the layout's figures are read again.
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Kayıt hatası", description: plainErrorMessage(error), variant: "destructive" });
    }
  }

  return (
    <Card
      title="Reklam kodları"
      action={
        <div className="flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setCodes(EMPTY)}>Sıfırla</button>
          <BusyButton className={buttonClass.primary} onClick={save} busy={saving}>
            {saving ? "Kaydediliyor..." : "Kaydet"}
          </BusyButton>
        </div>
      }
    >
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">HTML, JavaScript ve iframe kodu kabul edilir. Her alan en fazla 50 KB.</p>
      <div className="grid gap-5 md:grid-cols-2">
        {SLOTS.map(({ slot, label }) => {
          const bytes = utf8Bytes(codes[slot]);
          const over = bytes > AD_CODE_MAX_BYTES;
          return (
            <div key={slot}>
              <div className="mb-1 flex items-baseline justify-between">
                <label htmlFor={`ad-${slot}`} className="text-sm font-semibold">{label}</label>
                <span id={`ad-${slot}-size`} className={`text-xs ${over ? "font-semibold text-red-600" : "text-slate-500 dark:text-slate-400"}`}>
                  {codes[slot].length} karakter · {formatKilobytes(bytes)} / 50 KB
                </span>
              </div>
              <textarea
                id={`ad-${slot}`}
                name={slot}
                // Over 50 KB the field is invalid, its size (in red) saying by how much.
                aria-invalid={over || undefined}
                aria-describedby={`ad-${slot}-size`}
                rows={6}
                spellCheck={false}
                className="w-full rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
                value={codes[slot]}
                onChange={(e) => setCodes((c) => ({ ...c, [slot]: e.target.value }))}
              />
            </div>
          );
        })}
      </div>
    </Card>
  );
}
