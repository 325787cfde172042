import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useToast } from "~/components/toast";
import { ADMIN_DATA_FRESH_MS, keptAdminCall } from "~/lib/admin/admin-data-cache";
import { followEndedSession } from "~/lib/admin/api-client";
import { foldLetters } from "~/lib/business/slug";
import {
  DATE_RANGES,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_COLUMNS,
  exportQuery,
  SIMPLE_EXPORT_FIELDS,
  type DateRange,
  type ExportColumn,
  type SimpleExportField,
} from "~/lib/admin/export-options";
import { AdminDialog, BusyButton, buttonClass, inputClass } from "./ui";

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

/** The admin's zone: the server counts "Bugün" and dates the file name by it. */
const adminTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** Saves a CSV answer under the file name the server chose; throws the spec's error text on a non-OK answer. */
async function saveCsv(response: Response) {
  followEndedSession(response, new URL(response.url, window.location.href).pathname);
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "businesses.csv";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The country codes, loaded when the dialog opens (mounts). */
function useCountryCodes(): string[] {
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    keptAdminCall<string[]>("/api/admin/country-codes", ADMIN_DATA_FRESH_MS.countryCodes).then(setCodes, () => setCodes([]));
  }, []);
  return codes;
}

function CountrySelect({ codes, value, onChange }: { codes: string[]; value: string; onChange: (code: string) => void }) {
  return (
    <label className="text-sm font-semibold">
      Ülke
      <select className={`${inputClass} mt-1`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="all">Tüm ülkeler</option>
        {codes.map((code) => (
          <option key={code} value={code}>{code}</option>
        ))}
      </select>
    </label>
  );
}

function FieldChoice<T extends string>({ all, chosen, onChange }: { all: readonly T[]; chosen: T[]; onChange: (fields: T[]) => void }) {
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-semibold">Alanlar ({chosen.length} / {all.length})</legend>
      <div className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:grid-cols-4">
        {all.map((field) => (
          <label key={field} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(field)} onChange={() => onChange(toggle(chosen, field))} />
            {field}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type Toast = { title: string; description: string };

/**
 * An export dialog's state: its fields and country, and its run: exporting, then success (toast,
 * dialog closes) or error (toast, dialog stays).
 */
function useExportForm<T extends string>(defaults: readonly T[], onClose: () => void, failure: Toast) {
  const toast = useToast();
  const [fields, setFields] = useState<T[]>([...defaults]);
  const [countryCode, setCountryCode] = useState("all");
  const [exporting, setExporting] = useState(false);
  async function run(request: () => Promise<Response>) {
    setExporting(true);
    try {
      await saveCsv(await request());
      toast({ title: "Dışa aktarma başarılı", description: "CSV dosyası indirildi" });
      onClose();
    } catch {
      toast({ ...failure, variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }
  return { fields, setFields, countryCode, setCountryCode, exporting, run, onClose };
}
type ExportFormState<T extends string> = ReturnType<typeof useExportForm<T>>;

/** What both export dialogs share: the frame, the fields, the country and the buttons. */
function ExportForm<T extends string>({ form, all, onExport, filters, children }: {
  form: ExportFormState<T>;
  all: readonly T[];
  onExport: () => void;
  /** More filters beside the country. */
  filters?: ReactNode;
  children?: ReactNode;
}) {
  const { fields, setFields, countryCode, setCountryCode, exporting, onClose } = form;
  const countryCodes = useCountryCodes();
  return (
    <AdminDialog
      title="CSV Dışa Aktar"
      busy={exporting}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={exporting}>İptal</button>
          <BusyButton className={buttonClass.primary} disabled={fields.length === 0} busy={exporting} onClick={onExport}>
            {exporting ? "Dışa aktarılıyor..." : "Dışa Aktar"}
          </BusyButton>
        </>
      }
    >
      <FieldChoice all={all} chosen={fields} onChange={setFields} />
      <div className="mb-5 grid gap-4 sm:grid-cols-2">
        <CountrySelect codes={countryCodes} value={countryCode} onChange={setCountryCode} />
        {filters}
      </div>
      {children}
    </AdminDialog>
  );
}

/** The current export dialog: the 27 columns, country, categories and date range (GET /api/admin/export-csv). */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useExportForm<ExportColumn>(DEFAULT_EXPORT_FIELDS, onClose, { title: "Dışa aktarma hatası", description: "Export failed" });
  const [categories, setCategories] = useState<string[] | null>(null);
  const [categoriesFailed, setCategoriesFailed] = useState(false);
  const [categoryFilter, setCategoryFilter] = useState("");
  const [chosenCategories, setChosenCategories] = useState<string[]>([]);
  const [dateRange, setDateRange] = useState<DateRange>("all");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");

  // The categories load when the dialog opens.
  useEffect(() => {
    if (!open) return;
    keptAdminCall<string[]>("/api/admin/categories", ADMIN_DATA_FRESH_MS.categories).then(
      (names) => {
        setCategories(names);
        setCategoriesFailed(false);
      },
      () => setCategoriesFailed(true),
    );
  }, [open]);

  const shownCategories = useMemo(() => {
    const needle = foldLetters(categoryFilter.trim());
    return (categories ?? []).filter((name) => foldLetters(name).includes(needle)).slice(0, SHOWN_CATEGORIES);
  }, [categories, categoryFilter]);

  if (!open) return null;

  const runExport = () =>
    form.run(() =>
      fetch(`/api/admin/export-csv?${exportQuery(form.fields, form.countryCode, chosenCategories, dateRange, startDate, endDate, adminTimeZone())}`, { credentials: "include" }),
    );

  return (
    <ExportForm
      form={form}
      all={EXPORT_COLUMNS}
      onExport={runExport}
      filters={
        <>
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
        </>
      }
    >
      <fieldset className="mb-5">
        <legend className="mb-2 text-sm font-semibold">Kategoriler ({chosenCategories.length} seçili; hiçbiri = tümü)</legend>
        <input className={`${inputClass} mb-2`} placeholder="Kategori ara..." value={categoryFilter} onChange={(e) => setCategoryFilter(e.target.value)} aria-label="Kategori ara" />
        <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          {categoriesFailed ? <p className="text-sm text-red-600">Kategoriler yüklenemedi. Sayfa yenileyin.</p> : null}
          {!categoriesFailed && categories !== null && shownCategories.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">Kategori bulunamadı.</p> : null}
          {shownCategories.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={chosenCategories.includes(name)} onChange={() => setChosenCategories((list) => toggle(list, name))} />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
    </ExportForm>
  );
}

const SIMPLE_FIELDS = Object.keys(SIMPLE_EXPORT_FIELDS) as SimpleExportField[];
const SIMPLE_DEFAULT_FIELDS: SimpleExportField[] = ["name", "address", "phone", "category"];

/** The earlier export dialog (legacy admin): nine fields and a country, POST /api/export-csv. */
export function SimpleExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useExportForm<SimpleExportField>(SIMPLE_DEFAULT_FIELDS, onClose, { title: "Export Failed", description: "Failed to export CSV file" });
  if (!open) return null;

  const runExport = () =>
    form.run(() =>
      fetch("/api/export-csv", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        // The fields in the dialog's order, whatever order they were ticked in.
        body: JSON.stringify({
          selectedFields: SIMPLE_FIELDS.filter((field) => form.fields.includes(field)),
          countryCode: form.countryCode,
          timeZone: adminTimeZone(),
        }),
      }),
    );

  return <ExportForm form={form} all={SIMPLE_FIELDS} onExport={runExport} />;
}
