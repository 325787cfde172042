import { useEffect, useMemo, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest } from "~/lib/api-client";
import { DATE_RANGES, DEFAULT_EXPORT_FIELDS, EXPORT_COLUMNS, exportQuery, type DateRange, type ExportColumn } from "~/lib/export-options";
import { buttonClass, inputClass } from "./ui";

const SHOWN_CATEGORIES = 100;
const RANGE_LABELS: Record<DateRange, string> = {
  all: "Tümü",
  today: "Bugün",
  yesterday: "Dün",
  last24hours: "Son 24 saat",
  last7days: "Son 7 gün",
  thisweek: "Bu hafta",
  thismonth: "Bu ay",
  custom: "Özel aralık",
};

type DialogState = "open" | "exporting";

/** The download's file name, as the server chose it. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? "businesses.csv";
}

export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [state, setState] = useState<DialogState>("open");
  const [fields, setFields] = useState<ExportColumn[]>([...DEFAULT_EXPORT_FIELDS]);
  const [countryCodes, setCountryCodes] = useState<string[]>([]);
  const [countryCode, setCountryCode] = useState("all");
  const [categories, setCategories] = useState<string[] | null>(null);
  const [categoriesFailed, setCategoriesFailed] = useState(false);
  const [categoryFilter, setCategoryFilter] = useState("");
  const [chosenCategories, setChosenCategories] = useState<string[]>([]);
  const [dateRange, setDateRange] = useState<DateRange>("all");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");

  // Country codes and categories load when the dialog opens.
  useEffect(() => {
    if (!open) return;
    apiRequest<string[]>("GET", "/api/admin/country-codes").then(setCountryCodes, () => setCountryCodes([]));
    apiRequest<string[]>("GET", "/api/admin/categories").then(
      (names) => {
        setCategories(names);
        setCategoriesFailed(false);
      },
      () => setCategoriesFailed(true),
    );
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && state !== "exporting") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, state, onClose]);

  const shownCategories = useMemo(() => {
    const needle = categoryFilter.trim().toLocaleLowerCase("tr");
    return (categories ?? []).filter((name) => name.toLocaleLowerCase("tr").includes(needle)).slice(0, SHOWN_CATEGORIES);
  }, [categories, categoryFilter]);

  if (!open) return null;

  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  async function runExport() {
    setState("exporting");
    try {
      const query = exportQuery(fields, countryCode, chosenCategories, dateRange, startDate, endDate);
      const response = await fetch(`/api/admin/export-csv?${query}`, { credentials: "include" });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      const blob = await response.blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(response);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      toast({ title: "Dışa aktarma başarılı", description: "CSV dosyası indirildi" });
      setState("open");
      onClose();
    } catch {
      toast({ title: "Dışa aktarma hatası", description: "Export failed", variant: "destructive" });
      setState("open");
    }
  }

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4" role="dialog" aria-modal="true" aria-labelledby="export-title">
      <div className="max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-800">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="export-title" className="text-lg font-semibold">CSV Dışa Aktar</h2>
          <button type="button" onClick={onClose} aria-label="Kapat" className="text-xl text-slate-500">×</button>
        </div>

        <fieldset className="mb-5">
          <legend className="mb-2 text-sm font-semibold">Alanlar ({fields.length} / {EXPORT_COLUMNS.length})</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:grid-cols-4">
            {EXPORT_COLUMNS.map((column) => (
              <label key={column} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={fields.includes(column)} onChange={() => setFields((list) => toggle(list, column))} />
                {column}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mb-5 grid gap-4 sm:grid-cols-2">
          <label className="text-sm font-semibold">
            Ülke
            <select className={`${inputClass} mt-1`} value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
              <option value="all">Tüm ülkeler</option>
              {countryCodes.map((code) => (
                <option key={code} value={code}>{code}</option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            Tarih aralığı
            <select className={`${inputClass} mt-1`} value={dateRange} onChange={(e) => setDateRange(e.target.value as DateRange)}>
              {DATE_RANGES.map((range) => (
                <option key={range} value={range}>{RANGE_LABELS[range]}</option>
              ))}
            </select>
          </label>
          {dateRange === "custom" ? (
            <>
              <label className="text-sm font-semibold">
                Başlangıç
                <input type="date" className={`${inputClass} mt-1`} value={startDate} onChange={(e) => setStartDate(e.target.value)} />
              </label>
              <label className="text-sm font-semibold">
                Bitiş
                <input type="date" className={`${inputClass} mt-1`} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
              </label>
            </>
          ) : null}
        </div>

        <fieldset className="mb-5">
          <legend className="mb-2 text-sm font-semibold">Kategoriler ({chosenCategories.length} seçili; hiçbiri = tümü)</legend>
          <input className={`${inputClass} mb-2`} placeholder="Kategori ara..." value={categoryFilter} onChange={(e) => setCategoryFilter(e.target.value)} aria-label="Kategori ara" />
          <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
            {categoriesFailed ? <p className="text-sm text-red-600">Kategoriler yüklenemedi. Sayfa yenileyin.</p> : null}
            {!categoriesFailed && categories !== null && shownCategories.length === 0 ? <p className="text-sm text-slate-500">Kategori bulunamadı.</p> : null}
            {shownCategories.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosenCategories.includes(name)} onChange={() => setChosenCategories((list) => toggle(list, name))} />
                {name}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>İptal</button>
          <button type="button" className={buttonClass.primary} disabled={fields.length === 0 || state === "exporting"} onClick={runExport}>
            {state === "exporting" ? "Dışa aktarılıyor..." : "Dışa Aktar"}
          </button>
        </div>
      </div>
    </div>
  );
}
