import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { Crumb } from "~/lib/directory/seo";
import { averagePer } from "~/lib/directory/directory-query";
import { countOf, formatCount, formatNumber, marketShare, plural } from "~/lib/directory/format";
import { CITIES_PER_PAGE } from "~/lib/directory/directory-limits";
import type { CityList } from "~/models/city.server";
import { Breadcrumbs } from "./breadcrumbs";
import { LetterBar } from "./letter-bar";
import { ErrorState, ListLoadError, PagedCards, narrowedListHint, useListPending } from "./list-states";
import { SearchBox } from "./search-box";
import { StatTile, StatTiles } from "./stat-tile";
import { ViewToggle, cardsLayout, useListView } from "./view-toggle";

interface CityDirectoryProps {
  list: CityList;
  title: string;
  intro: string;
  crumbs: Crumb[];
  /** The A–Z bars link to /cities/{letter}; a country's own list has no letter view. */
  letters: boolean;
}

/** The list's search box, the same on the list and on its error page: with the A–Z bar it also finds country codes. */
function citySearch(letters: boolean) {
  return letters
    ? { placeholder: "Search cities or countries...", label: "Search cities or countries" }
    : { placeholder: "Search cities...", label: "Search cities" };
}

/** /cities, /cities/{letter} and /countries/{code}/cities. */
export function CityDirectory({ list, title, intro, crumbs, letters }: CityDirectoryProps) {
  const view = useListView();
  const pending = useListPending();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>
      <StatTiles>
        <StatTile label="Cities" value={formatNumber(list.totalCount)} />
        <StatTile label="Total Businesses" value={formatNumber(list.totalBusinesses)} />
        <StatTile label="Avg per City" value={formatNumber(averagePer(list.totalBusinesses, list.totalCount))} />
      </StatTiles>
      {letters ? (
        <div className="mt-6">
          <LetterBar basePath="/cities" active={list.letter} label="Cities by first letter" />
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <SearchBox
          {...citySearch(letters)}
          value={list.q}
          results={pending ? null : `${countOf(list.totalCount, "city", "cities")} found`}
        />
        <ViewToggle />
      </div>
      <PagedCards list={list} items={list.cities} perPage={CITIES_PER_PAGE} noun="cities" emptyHint={narrowedListHint(list)} className={cardsLayout(view)}>
        {(city) => (
          <li key={`${city.countryCode}/${city.slug}`}>
            <Link
              to={`/cities/${city.countryCode.toLowerCase()}/${city.slug}`}
              prefetch="intent"
              className={`group flex rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm transition hover:border-brand-600 dark:hover:border-sky-400 hover:shadow-md ${view === "list" ? "flex-wrap items-center justify-between gap-4" : "flex-col gap-3"}`}
            >
              <span>
                <span dir="auto" className="block text-left font-semibold text-slate-900 dark:text-slate-100 group-hover:text-brand-700">{city.city}</span>
                <span className="mt-0.5 block font-mono text-xs text-slate-600 dark:text-slate-300">{city.countryCode}</span>
              </span>
              <span className="flex flex-wrap gap-4 text-sm text-slate-600 dark:text-slate-300">
                <span><strong className="text-slate-900 dark:text-slate-100">{formatCount(city.businessCount)}</strong> {plural(city.businessCount, "business", "businesses")}</span>
                <span><strong className="text-slate-900 dark:text-slate-100">{formatCount(city.categoryCount)}</strong> {plural(city.categoryCount, "category", "categories")}</span>
                <span><strong className="text-slate-900 dark:text-slate-100">{marketShare(city.businessCount, list.shareOf)}</strong> share</span>
              </span>
            </Link>
          </li>
        )}
      </PagedCards>
      {letters ? (
        <div className="mt-10 border-t border-slate-200 dark:border-slate-700 pt-6">
          <h2 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">Browse cities A–Z</h2>
          <LetterBar basePath="/cities" active={list.letter} withAll label="Cities by first letter (with all cities)" />
        </div>
      ) : null}
    </div>
  );
}

export function CitiesError() {
  return (
    <ListLoadError title="Unable to load cities" search={citySearch(true)}>
      <p>Please try again later.</p>
    </ListLoadError>
  );
}

/** Error boundary of a country's city list (/countries/{code}/cities and its /cities/{code} alias). */
export function CountryCitiesError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState title="Country not found">
        <Link to="/countries" className="mt-2 inline-block font-medium text-brand-700 dark:text-sky-300 underline">Back to all countries</Link>
      </ErrorState>
    );
  }
  return <CitiesError />;
}
