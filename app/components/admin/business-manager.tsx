import { useLocation, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast, type ToastMessage } from "~/components/toast";
import { nextSort, type AdminBusinessSearch } from "~/lib/admin/admin-query";
import { ApiError, apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import { pageWindow } from "~/lib/directory/paging";
import type { AdminBusinessList } from "~/models/admin-business.server";
import type { AdminStats } from "~/models/admin-stats.server";
import { repeatUntilDone } from "./bulk-actions";
import { ExportDialog, SimpleExportDialog } from "./export-dialog";
import { BusyButton, buttonClass, Card, inputClass, StatTile } from "./ui";

const SEARCH_DELAY_MS = 400;
const SORT_LABELS: Record<AdminBusinessSearch["sortBy"], string> = { name: "Ad", rating: "Puan", reviewCount: "Yorum", createdAt: "Eklenme" };

export interface BusinessManagerData {
  list: AdminBusinessList;
  query: AdminBusinessSearch;
  /** First 20 non-empty categories. */
  categories: string[];
  stats: AdminStats;
}

/**
 * Search, category, sort and page live in the URL: the loader sends them to the server, and a
 * link to the list shows the same list.
 */
export function BusinessManager({ list, query, categories, stats, exportVariant = "current" }: BusinessManagerData & { exportVariant?: "current" | "earlier" }) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const toast = useToast();
  const urlFilter = query.filter ?? "";
  const [search, setSearch] = useState(urlFilter);
  // The search this box last sent. Any other change of the URL's search (Back, Forward, a link)
  // is shown in the box; before, the box sent its old text again and Back could not leave it.
  const sentFilter = useRef(urlFilter);
  useEffect(() => {
    if (urlFilter === sentFilter.current) return;
    sentFilter.current = urlFilter;
    setSearch(urlFilter);
  }, [urlFilter]);
  const [busy, setBusy] = useState<string | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  // A search, sort or page on its way: said at once, so a slow answer is not clicked again.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === pathname;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { preventScrollReset: true });
  }

  // Typing and the category list wait a short pause before the list loads (a new search or
  // category starts again at page 1): arrow keys on a closed category list change its value once
  // per key. Only a change of the text, the category or the address starts the pause: re-renders
  // while a list is on its way must not send it again (each send would cancel the one before).
  // The server trims the search, so a trailing space is not a new one.
  const [chosenCategory, setChosenCategory] = useState<string | null>(null);
  useEffect(() => setChosenCategory(null), [query.category]);
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  useEffect(() => {
    const changes: Record<string, string | undefined> = {};
    const wanted = search.trim();
    if (wanted !== urlFilter && wanted !== sentFilter.current) changes.filter = wanted;
    if (chosenCategory !== null && chosenCategory !== (query.category ?? "all")) changes.category = chosenCategory === "all" ? undefined : chosenCategory;
    if (Object.keys(changes).length === 0) return;
    const timer = setTimeout(() => {
      if ("filter" in changes) sentFilter.current = wanted;
      latestUpdate.current({ ...changes, page: undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, urlFilter, chosenCategory, query.category]);

  /**
   * An action, then the list reloaded. A row another tab deleted answers 404: the list is
   * reloaded too (the row goes), and the toast says the server's message, not its JSON.
   */
  async function run(label: string, work: () => Promise<void>, failure: Pick<ToastMessage, "title" | "lang">) {
    setBusy(label);
    try {
      await work();
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) revalidator.revalidate();
      toast({ ...failure, description: plainErrorMessage(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  // Where focus goes once the list reloads after a delete: the deleted row's "Sil" button is
  // gone, and a focused element removed from the page leaves a keyboard or screen-reader user at
  // the top of the document. The row now in its place (or the last row, or the search box) takes it.
  const focusAfterDelete = useRef<number | null>(null);
  const deleteButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const index = focusAfterDelete.current;
    if (index === null) return;
    focusAfterDelete.current = null;
    const buttons = deleteButtons.current.slice(0, list.businesses.length);
    (buttons[Math.min(index, buttons.length - 1)] ?? searchBox.current)?.focus();
  }, [list]);

  // The approval each row's server answer gave, shown until the reloaded list arrives.
  const [answeredApproval, setAnsweredApproval] = useState<Record<number, boolean>>({});
  useEffect(() => setAnsweredApproval({}), [list]);

  /**
   * Sends the state the administrator means, the opposite of what the row shows, rather than a
   * flip of whatever the server holds: another tab's change or a double click cannot turn it
   * into its opposite. The second click of a double click (detail 2) is dropped: it means what
   * the first did, which the row may already show as done.
   */
  function toggleApproval(id: number, shownApproved: boolean, clickCount: number) {
    if (clickCount > 1) return;
    return run(
      "toggle",
      async () => {
        const answer = await apiRequest<{ isApproved: boolean }>("POST", `/api/admin/businesses/${id}/toggle-approval`, { isApproved: !shownApproved });
        setAnsweredApproval((shown) => ({ ...shown, [id]: answer.isApproved }));
      },
      { title: "Failed to update business approval status.", lang: "en" },
    );
  }

  function deleteOne(id: number, name: string, rowIndex: number) {
    if (!window.confirm(`Are you sure you want to delete "${name}"?`)) return;
    return run(
      "delete",
      async () => {
        await apiRequest("DELETE", `/api/businesses/${id}`);
        focusAfterDelete.current = rowIndex;
        toast({ title: "Business Deleted", description: name, lang: "en" });
      },
      { title: "Error", lang: "en" },
    );
  }

  function deleteAll() {
    if (!window.confirm("Tüm işletmeler silinecek. Emin misiniz?")) return;
    if (!window.confirm("Bu işlem geri alınamaz. Gerçekten TÜM işletmeleri silmek istiyor musunuz?")) return;
    run(
      "deleteAll",
      async () => {
        const steps = await repeatUntilDone<{ deletedCount: number; message: string; done: boolean }>("DELETE", "/api/admin/businesses");
        const deleted = steps.reduce((sum, step) => sum + step.deletedCount, 0);
        toast({ title: "İşletmeler silindi", description: `${deleted.toLocaleString("tr-TR")} işletme silindi` });
      },
      { title: "Failed to delete businesses", lang: "en" },
    );
  }

  function deleteTestData() {
    if (!window.confirm('Test verileri (adı "Test …" ile başlayan veya place id\'si "test" ile başlayan işletmeler) silinsin mi?')) return;
    run(
      "testData",
      async () => {
        const steps = await repeatUntilDone<{ deletedCount: number; done: boolean }>("DELETE", "/api/admin/test-data");
        const deleted = steps.reduce((sum, step) => sum + step.deletedCount, 0);
        toast({ title: "Test verileri silindi", description: `${deleted} işletme silindi` });
      },
      { title: "Test verileri silinemedi" },
    );
  }

  function fixAllSlugs() {
    if (!window.confirm("Tüm işletme URL'leri yeniden hesaplansın mı?")) return;
    run(
      "fixSlugs",
      async () => {
        const steps = await repeatUntilDone<{ message: string; done: boolean; run?: string }>("POST", "/api/admin/fix-slugs", (step) =>
          step.run ? `/api/admin/fix-slugs?run=${encodeURIComponent(step.run)}` : "/api/admin/fix-slugs",
        );
        toast({ title: "URL'ler düzeltildi", description: steps[steps.length - 1]?.message });
      },
      { title: "URL'ler düzeltilemedi" },
    );
  }

  const sortBy = (field: AdminBusinessSearch["sortBy"]) => update({ ...nextSort(query, field), page: undefined });
  /** The sorted column says its order to a screen reader (Eklenme has no column). */
  const sortedAs = (field: AdminBusinessSearch["sortBy"]) => (query.sortBy === field ? (query.sortOrder === "asc" ? "ascending" : "descending") : undefined);
  const window5 = pageWindow(list.pagination.page, list.pagination.totalPages, 5);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatTile label="Toplam işletme" value={stats.totalBusinesses.toLocaleString("tr-TR")} tone="blue" />
        <StatTile label="Onaylı" value={stats.approvedBusinesses.toLocaleString("tr-TR")} tone="green" />
        <StatTile label="Bu sayfada" value={list.businesses.length} tone="violet" />
        <StatTile label="Kategori" value={stats.totalCategories.toLocaleString("tr-TR")} tone="amber" />
      </div>

      <Card
        title="İşletme listesi"
        action={
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.primary} onClick={() => setExportOpen(true)}>CSV Dışa Aktar</button>
            <BusyButton className={buttonClass.secondary} onClick={fixAllSlugs} busy={busy !== null}>
              {busy === "fixSlugs" ? "Düzeltiliyor..." : "URL'leri Düzelt"}
            </BusyButton>
            <BusyButton className={buttonClass.secondary} onClick={deleteTestData} busy={busy !== null}>
              {busy === "testData" ? "Siliniyor..." : "Test Verilerini Sil"}
            </BusyButton>
            <BusyButton className={buttonClass.danger} onClick={deleteAll} busy={busy !== null}>
              {busy === "deleteAll" ? "Siliniyor..." : "Tümünü Sil"}
            </BusyButton>
          </div>
        }
      >
        <div className="mb-4 flex flex-wrap gap-3">
          <input
            ref={searchBox}
            type="search"
            className={`${inputClass} max-w-sm`}
            placeholder="İşletme adıyla ara..."
            aria-label="İşletme ara"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <select
            className={`${inputClass} max-w-xs`}
            aria-label="Kategori"
            value={chosenCategory ?? query.category ?? "all"}
            onChange={(e) => setChosenCategory(e.target.value)}
          >
            <option value="all">Tüm kategoriler (All)</option>
            {categories.map((category) => (
              <option key={category} value={category}>{category}</option>
            ))}
          </select>
          <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Sırala">
            {(Object.keys(SORT_LABELS) as AdminBusinessSearch["sortBy"][]).map((field) => (
              <button
                key={field}
                type="button"
                onClick={() => sortBy(field)}
                aria-pressed={query.sortBy === field}
                className={`rounded-lg px-3 py-2 text-sm ${query.sortBy === field ? "bg-blue-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-200"}`}
              >
                {SORT_LABELS[field]} {query.sortBy === field ? (query.sortOrder === "asc" ? "↑" : "↓") : ""}
              </button>
            ))}
          </div>
        </div>

        {list.businesses.length === 0 ? (
          <p className="py-12 text-center text-slate-500 dark:text-slate-400">İşletme bulunamadı</p>
        ) : (
          // Below xl (phones, tablets, a laptop's narrow window) each row is a card; from xl a
          // fixed-layout table whose columns share the width, so the buttons stay inside it.
          <div className={`relative ${loadingList ? "opacity-60" : ""}`} aria-busy={loadingList}>
            <table className="block w-full text-left text-sm xl:table xl:table-fixed">
              {/* Turkish labels upper-cased by CSS: lang="tr" makes "Kategori" KATEGORİ, not KATEGORI. */}
              <thead lang="tr" className="hidden border-b border-slate-200 text-xs text-slate-500 uppercase xl:table-header-group dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th className="w-[28%] py-2 pr-3" aria-sort={sortedAs("name")}>İşletme</th>
                  <th className="w-[15%] py-2 pr-3">Kategori</th>
                  <th className="w-[24%] py-2 pr-3">Adres</th>
                  <th className="w-[7%] py-2 pr-3" aria-sort={sortedAs("rating")}>Puan</th>
                  <th className="w-[8%] py-2 pr-3" aria-sort={sortedAs("reviewCount")}>Yorum</th>
                  <th className="w-[11%] py-2 pr-3">Durum</th>
                  <th className="w-[7%] py-2"><span className="sr-only">İşlemler</span></th>
                </tr>
              </thead>
              <tbody className="block space-y-3 xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-slate-100 xl:dark:divide-slate-700">
                {list.businesses.map((listed, rowIndex) => {
                  const business = { ...listed, isApproved: answeredApproval[listed.id] ?? listed.isApproved };
                  // Twenty rows of the same two buttons: each names its business to a screen reader.
                  const nameId = `business-${business.id}-name`;
                  return (
                    <tr
                      key={business.id}
                      data-testid="business-row"
                      className={`grid grid-cols-2 items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 p-3 xl:table-row xl:rounded-none xl:border-0 xl:p-0 dark:border-slate-700 ${business.isApproved ? "bg-emerald-50/70 dark:bg-emerald-950/30" : ""}`}
                    >
                      {/* Words wrap whole; only a word longer than its column breaks (break-words, not anywhere). */}
                      <td className="col-span-2 block break-words xl:table-cell xl:py-2 xl:pr-3">
                        <p id={nameId} className="font-medium">{business.name}</p>
                        <p className="text-xs text-slate-500 dark:text-slate-400">{business.slug}</p>
                      </td>
                      <td className="col-span-2 block break-words xl:table-cell xl:py-2 xl:pr-3">
                        <span className="text-slate-500 xl:hidden dark:text-slate-400">Kategori: </span>
                        {business.category ?? "—"}
                      </td>
                      <td className="col-span-2 block break-words xl:table-cell xl:truncate xl:py-2 xl:pr-3" title={business.address ?? undefined}>
                        <span className="text-slate-500 xl:hidden dark:text-slate-400">Adres: </span>
                        {business.address ?? "—"}
                      </td>
                      <td className="block xl:table-cell xl:py-2 xl:pr-3">
                        <span className="text-slate-500 xl:hidden dark:text-slate-400">Puan: </span>
                        {business.rating ?? "—"}
                      </td>
                      <td className="block xl:table-cell xl:py-2 xl:pr-3">
                        <span className="text-slate-500 xl:hidden dark:text-slate-400">Yorum: </span>
                        {business.reviewCount.toLocaleString("tr-TR")}
                      </td>
                      <td className="mt-2 block xl:mt-0 xl:table-cell xl:py-2 xl:pr-3">
                        <BusyButton
                          onClick={(event) => toggleApproval(business.id, business.isApproved, event.detail)}
                          aria-pressed={business.isApproved}
                          aria-describedby={nameId}
                          busy={busy !== null}
                          lang="en"
                          className={`rounded-full px-3 py-1 text-xs font-semibold aria-disabled:cursor-wait aria-disabled:opacity-60 ${business.isApproved ? "bg-emerald-700 text-white" : "border border-slate-300 text-slate-700 dark:text-slate-200"}`}
                        >
                          {business.isApproved ? "Approved" : "Approve"}
                        </BusyButton>
                      </td>
                      <td className="mt-2 block text-right xl:mt-0 xl:table-cell xl:py-2">
                        <BusyButton
                          ref={(button) => {
                            deleteButtons.current[rowIndex] = button;
                          }}
                          onClick={() => deleteOne(business.id, business.name, rowIndex)}
                          aria-describedby={nameId}
                          busy={busy !== null}
                          className="rounded-md border border-red-200 px-2 py-1 text-xs font-medium text-red-600 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-60 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950"
                        >
                          Sil
                        </BusyButton>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}

        <nav className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Sayfalar">
          <p className="text-slate-500 dark:text-slate-400">
            <span role="status" className="mr-2 font-medium text-blue-700 dark:text-blue-300">{loadingList ? "Yükleniyor..." : ""}</span>
            {list.total.toLocaleString("tr-TR")}
            {list.totalCapped ? "+" : ""} sonuç · Sayfa {list.pagination.page} / {list.pagination.totalPages}
            {list.pagesCapped ? (
              <span className="block text-xs" data-testid="pages-capped">
                İlk {list.pagination.totalPages} sayfa gösterilir; diğerleri için arayın, kategori seçin veya sıralamayı çevirin.
              </span>
            ) : null}
          </p>
          <div className="flex flex-wrap gap-1">
            <button type="button" className={buttonClass.secondary} disabled={list.pagination.page <= 1} onClick={() => update({ page: String(list.pagination.page - 1) })}>
              ‹ Önceki
            </button>
            {window5.map((page) => (
              <button
                key={page}
                type="button"
                aria-current={page === list.pagination.page ? "page" : undefined}
                onClick={() => update({ page: String(page) })}
                className={page === list.pagination.page ? buttonClass.primary : buttonClass.secondary}
              >
                {page}
              </button>
            ))}
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={list.pagination.page >= list.pagination.totalPages}
              onClick={() => update({ page: String(list.pagination.page + 1) })}
            >
              Sonraki ›
            </button>
          </div>
        </nav>
      </Card>
      {exportVariant === "earlier" ? (
        <SimpleExportDialog open={exportOpen} onClose={() => setExportOpen(false)} />
      ) : (
        <ExportDialog open={exportOpen} onClose={() => setExportOpen(false)} />
      )}
    </div>
  );
}
