import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BusinessGrid } from "~/components/business-grid";
import { CategoriesError, CategoryDirectory } from "~/components/category-directory";
import { ListingsWithTopLinks } from "~/components/count-links";
import { FilterBar } from "~/components/filter-bar";
import { ErrorState, withMissingListPage } from "~/components/list-states";
import { ResultsWithMap, type ResultPoint } from "~/components/results-map";
import { StatTile } from "~/components/stat-tile";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { inCount } from "~/lib/directory/directory-text";
import { countOf, formatNumber, plural } from "~/lib/directory/format";
import { parseLetter } from "~/lib/directory/directory-query";
import { detailQuerySchema, listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { categoriesMeta, directoryMeta, notFoundMeta } from "~/lib/directory/directory-seo";
import { requestFilters, listPageOf, notFoundPastLastPage, redirectToCanonicalPath } from "~/lib/web/http.server";
import { hasFilters } from "~/lib/search/search-filters";
import { categorySlug } from "~/lib/business/slug";
import { getCategoryPage, listCategories } from "~/models/category.server";
import { loaderHeaders } from "~/lib/web/route-headers";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

/**
 * /categories/{slug}: a single letter a–z is the letter view of the categories list; any other
 * single character is the category so named, if any, else redirects to /categories; anything
 * longer is a category (decision 021).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const slug = params.slug ?? "";
  const query = searchParamsObject(request.url);
  const letter = parseLetter(slug);
  if (letter) {
    // /categories/K and /categories/k/ are /categories/k.
    const respelled = redirectToCanonicalPath(request, "/categories", [letter.toLowerCase()]);
    if (respelled) throw respelled;
    const page = listPageOf(request);
    const { q } = listQuerySchema.parse(query);
    const list = await listCategories(db, { letter, q, page });
    notFoundPastLastPage(list.currentPage, list.totalPages);
    return data({ kind: "letter" as const, list }, { headers: publicCache(CACHE_SECONDS.lists) });
  }
  // Another single character is a category only when one is so named (a word of one CJK
  // character, such as 宿); otherwise it leads to the list, whatever it would be respelled as
  // ("ß" as "ss"). Anything longer is respelled before it is looked up.
  const single = [...slug].length === 1;
  const respelled = redirectToCanonicalPath(request, "/categories", [categorySlug(slug)]);
  if (respelled && !single) throw respelled;
  const paging = { ...detailQuerySchema.parse(query), page: listPageOf(request) };
  const filters = requestFilters(request, false);
  const filtered = hasFilters(filters);
  if (filtered) await limitHeavyQuestion(db, request);
  const category = await getCategoryPage(db, slug, paging, filtered ? filters : null);
  if (!category) throw single ? redirect("/categories") : data("Category not found", { status: 404 });
  if (respelled) throw respelled;
  notFoundPastLastPage(category.currentPage, category.totalPages);
  return data({ kind: "category" as const, category, filters }, { headers: publicCache(filtered ? CACHE_SECONDS.openNow : CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (!data) return notFoundMeta(matches, "Category not found", `/categories/${params.slug ?? ""}`);
  if (data.kind === "letter") return categoriesMeta(data.list, matches);
  const { category } = data;
  const listings = countOf(category.businessCount, "listing", "listings");
  const countries = inCount(category.countryCount, "country", "countries");
  return directoryMeta(matches, {
    title: `${category.category} – ${listings}${countries}`,
    description: `Find ${formatNumber(category.businessCount)} ${category.category} ${plural(category.businessCount, "listing", "listings")}${countries}: addresses, phone numbers, ratings and opening hours.`,
    path: `/categories/${category.slug}`,
    // A filtered or sorted variant is not indexed, and names the unfiltered list as canonical.
    page: category.filtered ? 1 : category.currentPage,
    searched: category.filtered !== null,
  });
};

export default function CategoryRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "letter") return <CategoryDirectory list={loaded.list} />;
  const { category } = loaded;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Categories", path: "/categories" },
          { name: category.category, path: `/categories/${category.slug}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight"><bdi>{category.category}</bdi></h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {countOf(category.businessCount, "business", "businesses")}{inCount(category.countryCount, "country", "countries")}
      </p>
      <div className="mt-6 grid grid-cols-2 gap-2 sm:gap-4">
        <StatTile label="Businesses" value={formatNumber(category.businessCount)} />
        <StatTile label="Countries" value={formatNumber(category.countryCount)} />
      </div>
      <ListingsWithTopLinks
        id="top-countries"
        title="Top Countries"
        links={category.topCountries.map((c) => ({ key: c.countryCode, to: `/countries/${c.countryCode.toLowerCase()}`, label: c.country, count: c.count }))}
      >
        <div className="min-w-0">
          {/* The page is one category: no category choice, and the map shows that category. */}
          <FilterBar />
          <ResultsWithMap points={category.businesses as readonly ResultPoint[]} scope={[["category", category.slug]]}>
            <BusinessGrid heading={`${category.category} listings`} list={category} empty="No businesses found in this category." />
          </ResultsWithMap>
        </div>
      </ListingsWithTopLinks>
    </div>
  );
}

export const ErrorBoundary = withMissingListPage(CategoryError);

function CategoryError() {
  const error = useRouteError();
  const { slug = "" } = useParams();
  if (parseLetter(slug)) return <CategoriesError />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState title="Category not found">
        <p>There is no category “{slug}” in the directory.</p>
        <Link to="/categories" className="mt-4 inline-block font-medium text-brand-700 dark:text-sky-300 underline">Browse all categories</Link>
      </ErrorState>
    );
  }
  // The spec: this page's message for a non-OK answer is the HTTP status text alone.
  const message = isRouteErrorResponse(error) ? error.statusText || String(error.status) : error instanceof Error ? error.message : "Unknown error";
  return (
    <ErrorState title="Error loading category">
      <p>{message}</p>
    </ErrorState>
  );
}
