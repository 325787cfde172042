import { Link } from "@remix-run/react";
import { averagePer } from "~/lib/directory/directory-query";
import { countOf, formatCount, formatNumber, plural } from "~/lib/directory/format";
import { initial } from "~/lib/directory/initial";
import { CATEGORIES_PER_PAGE } from "~/lib/directory/directory-limits";
import type { CategoryList } from "~/models/category.server";
import { Breadcrumbs } from "./breadcrumbs";
import { LetterBar } from "./letter-bar";
import { ListLoadError, PagedCards, narrowedListHint, useListPending } from "./list-states";
import { SearchBox } from "./search-box";
import { StatTile, StatTiles } from "./stat-tile";
import { ViewToggle, cardsLayout, useListView } from "./view-toggle";

function categoriesTitle(letter: string | null): string {
  return letter ? `Keywords beginning with ${letter}` : "Business Categories";
}

/** The list's search box, the same on the list and on its error page. */
const CATEGORY_SEARCH = { placeholder: "Search categories...", label: "Search categories" };

/** /categories and /categories/{letter}. */
export function CategoryDirectory({ list }: { list: CategoryList }) {
  const view = useListView();
  const pending = useListPending();
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Categories", path: "/categories" },
    ...(list.letter ? [{ name: list.letter, path: `/categories/${list.letter.toLowerCase()}` }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{categoriesTitle(list.letter)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Browse hotels and businesses worldwide by what they are.</p>
      <StatTiles>
        <StatTile label="Total Categories" value={formatNumber(list.totalCount)} />
        <StatTile label="Total Businesses" value={formatNumber(list.totalBusinesses)} />
        <StatTile label="Average per Category" value={formatNumber(averagePer(list.totalBusinesses, list.totalCount))} />
      </StatTiles>
      <div className="mt-6">
        <LetterBar basePath="/categories" active={list.letter} withAll label="Categories by first letter" />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <SearchBox {...CATEGORY_SEARCH} value={list.q} results={pending ? null : `${countOf(list.totalCount, "category", "categories")} found`} />
        <ViewToggle />
      </div>
      <PagedCards list={list} items={list.categories} perPage={CATEGORIES_PER_PAGE} noun="categories" emptyHint={narrowedListHint(list)} className={cardsLayout(view)}>
        {(category) => (
          <li key={category.slug}>
            <Link
              to={`/categories/${category.slug}`}
              prefetch="intent"
              className={`group flex rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm transition hover:border-brand-600 dark:hover:border-sky-400 hover:shadow-md ${view === "list" ? "items-center justify-between gap-4" : "flex-col gap-3"}`}
            >
              <span className="flex items-center gap-3">
                <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 dark:bg-slate-800 text-lg font-bold text-brand-700 dark:text-sky-300">
                  {initial(category.category).toUpperCase()}
                </span>
                <span dir="auto" className="font-semibold text-slate-900 dark:text-slate-100 group-hover:text-brand-700">{category.category}</span>
              </span>
              <span className="flex gap-4 text-sm text-slate-600 dark:text-slate-300">
                <span><strong className="text-slate-900 dark:text-slate-100">{formatCount(category.count)}</strong> {plural(category.count, "business", "businesses")}</span>
                <span><strong className="text-slate-900 dark:text-slate-100">{formatCount(category.countryCount)}</strong> {plural(category.countryCount, "country", "countries")}</span>
              </span>
            </Link>
          </li>
        )}
      </PagedCards>
    </div>
  );
}

export function CategoriesError() {
  return (
    <ListLoadError title="Unable to load categories" search={CATEGORY_SEARCH}>
      There was an error loading the categories. Please try again later.
    </ListLoadError>
  );
}
