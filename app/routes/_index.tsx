import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { AnimatedCounter } from "~/components/animated-counter";
import { useHydrated, useTextTypedBeforeScript } from "~/components/use-hydrated";
import { BusinessCard, type BusinessCardData } from "~/components/business-card";
import { NON_BLANK_PATTERN, searchHref } from "~/components/find-something";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { formatCount, plural } from "~/lib/directory/format";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { getDirectoryTotals } from "~/models/directory.server";
import { FEATURED_FILTER_LABELS, FEATURED_FILTERS, isFeaturedFilter, type FeaturedFilter } from "~/lib/directory/featured-filters";
import { getFeaturedBusinesses, getHomepageData, type FeaturedBusiness } from "~/models/home.server";
import { loaderHeaders } from "~/lib/web/route-headers";
import { unlessFailed } from "~/lib/web/http.server";

export const headers = loaderHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: "WorldHotels Directory – find hotels and businesses worldwide",
    description: "Search over 15,000 hotels and businesses by name, city, country and category. Ratings, opening hours, amenities and maps for every listing.",
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const raw = new URL(request.url).searchParams.get("featured");
  const filter: FeaturedFilter = isFeaturedFilter(raw) ? raw : "all";
  // No part failing takes the home page (and its search) down: a failed featured query shows
  // sample cards (the spec), failed figures or lists leave their sections out.
  const [totals, homepage, featured] = await Promise.all([
    unlessFailed(getDirectoryTotals(db), "directory totals"),
    unlessFailed(getHomepageData(db), "home page lists"),
    unlessFailed(getFeaturedBusinesses(db, filter), "featured businesses"),
  ]);
  // The page holds the featured cards, so the edge keeps it no longer than their 30 minutes, and
  // not at all with a part missing (a brief D1 error must not show sample cards for hours).
  const partMissing = [totals, homepage, featured].includes(null);
  const headers = partMissing ? NO_STORE : publicCache(Math.min(CACHE_SECONDS.home, CACHE_SECONDS.featured));
  return data({ totals, homepage, featured, filter }, { headers });
}

const QUICK_FILLS = ["Luxury Hotels", "Budget Hotels", "Beach Resorts", "City Hotels", "Boutique Hotels"];
function featuredCard(business: FeaturedBusiness): BusinessCardData {
  return {
    id: business.id,
    name: business.name,
    slug: business.slug,
    category: business.type ?? business.category,
    fullAddress: business.fullAddress,
    rating: business.rating,
    reviews: business.reviews,
    photo: business.photo,
  };
}

export default function Home() {
  const { totals, homepage, featured, filter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loadingHome = navigation.state === "loading" && navigation.location.pathname === "/";
  const [layout, setLayout] = useState<"grid" | "list">("grid");

  return (
    <div>
      <Hero />

      {totals ? (
        <section aria-label="Directory figures" className="border-b border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900">
          <div className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
            {[
              { label: "Hotels & Businesses", value: totals.businessCount },
              { label: "Categories", value: totals.categoryCount },
              { label: "Cities", value: totals.cityCount },
              { label: "Countries", value: totals.countryCount },
            ].map((stat) => (
              <div key={stat.label}>
                <p className="text-3xl font-extrabold text-brand-700 dark:text-sky-300 md:text-4xl">
                  <AnimatedCounter target={stat.value} />
                </p>
                <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-300">{stat.label}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}

      {/* No heading over nothing: files without category cells, or the upload template (no city column), leave none to list. */}
      {homepage && homepage.popularSearches.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 py-14" aria-labelledby="categories-heading">
          <div className="flex items-end justify-between gap-4">
            <div>
              <h2 id="categories-heading" className="text-2xl font-bold md:text-3xl">Browse by Category</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">The most popular kinds of places in the directory.</p>
            </div>
            <Link to="/categories" className="shrink-0 font-medium text-brand-700 dark:text-sky-300 hover:underline">
              View All →
            </Link>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {homepage.popularSearches.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/categories/${category.slug}`}
                  className="flex h-full flex-col rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 dark:hover:border-sky-400 hover:shadow-md"
                >
                  <span dir="auto" className="font-semibold text-slate-900 dark:text-slate-100">{category.category}</span>
                  <span className="mt-1 text-sm text-slate-600 dark:text-slate-300">{formatCount(category.count)} {plural(category.count, "listing", "listings")}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="bg-white dark:bg-slate-900 py-14" aria-labelledby="featured-heading">
        <div className="mx-auto max-w-7xl px-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="featured-heading" className="text-2xl font-bold md:text-3xl">Featured Hotels</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">Places to stay first, ranked by rating and the number of reviews behind it.</p>
            </div>
            <div className="flex gap-1 rounded-lg border border-slate-200 dark:border-slate-700 p-1" role="group" aria-label="Layout">
              {(["grid", "list"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={layout === option}
                  onClick={() => setLayout(option)}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${layout === option ? "bg-brand-700 text-white" : "text-slate-700 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800"}`}
                >
                  {option === "grid" ? "Grid" : "List"}
                </button>
              ))}
            </div>
          </div>
          <nav aria-label="Featured filters" className="mt-5 flex flex-wrap gap-2">
            {FEATURED_FILTERS.map((option) => (
              <Link
                key={option}
                to={option === "all" ? "/" : `/?featured=${option}`}
                preventScrollReset
                aria-current={filter === option ? "true" : undefined}
                className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
                  filter === option ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 text-slate-700 dark:text-slate-300 hover:border-brand-600 dark:hover:border-sky-400"
                }`}
              >
                {FEATURED_FILTER_LABELS[option]}
              </Link>
            ))}
          </nav>
          <div
            data-testid="featured-list"
            data-layout={layout}
            className={`mt-6 grid gap-4 ${layout === "grid" ? "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-1"}`}
          >
            {loadingHome ? (
              Array.from({ length: 6 }, (_, i) => <SkeletonCard key={i} />)
            ) : featured === null ? (
              SAMPLE_CARDS.map((name) => <SampleCard key={name} name={name} />)
            ) : featured.length === 0 ? (
              <p className="col-span-full rounded-lg border border-dashed border-slate-300 dark:border-slate-600 p-8 text-center text-slate-600 dark:text-slate-300">
                {/* Featured businesses are rated ones: "All" finds none only before any has a rating. */}
                {filter === "all" ? "No rated hotels to feature yet." : "No featured hotels match this filter yet."}
              </p>
            ) : (
              featured.map((business) => <BusinessCard key={business.id} business={featuredCard(business)} layout={layout} />)
            )}
          </div>
        </div>
      </section>

      {homepage && homepage.topCities.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 py-14" aria-labelledby="cities-heading">
          <h2 id="cities-heading" className="text-2xl font-bold md:text-3xl">Popular Cities</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Where travellers look most.</p>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {homepage.topCities.map((city) => (
              <li key={`${city.countryCode}/${city.slug}`}>
                <Link
                  to={`/cities/${city.countryCode}/${city.slug}`}
                  className="flex items-center justify-between rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 px-4 py-4 text-white shadow-sm hover:from-brand-600"
                >
                  <span dir="auto" className="font-semibold">{city.city}</span>
                  <span className="text-sm text-brand-100">{formatCount(city.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="bg-white dark:bg-slate-900 py-14" aria-labelledby="why-heading">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="why-heading" className="text-center text-2xl font-bold md:text-3xl">Why use WorldHotels Directory?</h2>
          <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
            {[
              { title: "Worldwide coverage", text: "Hotels and businesses in 195+ countries, 15,000+ cities and 500+ categories, kept up to date from real listings." },
              { title: "Honest ratings", text: "Ratings and review counts come straight from the listings, so you can compare at a glance." },
              { title: "Everything in one place", text: "Opening hours, amenities, phone numbers and a map on every page, free for every visitor." },
            ].map((item) => (
              <div key={item.title} className="rounded-xl border border-slate-200 dark:border-slate-700 p-6">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{item.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14">
        <div className="flex flex-col items-center justify-between gap-6 rounded-2xl bg-brand-900 px-8 py-10 text-white md:flex-row">
          <div>
            <h2 className="text-2xl font-bold">List your hotel</h2>
            <p className="mt-2 text-brand-100">Reach millions of travellers every month. Add your property: a moderator reviews it and it goes live.</p>
          </div>
          <Link to="/submit" className="shrink-0 rounded-lg bg-white dark:bg-slate-900 px-6 py-3 font-semibold text-brand-900 dark:text-sky-200 hover:bg-brand-50 dark:hover:bg-slate-800">
            Submit Hotel
          </Link>
        </div>
      </section>
    </div>
  );
}

function Hero() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const hydrated = useHydrated();
  const searchBox = useRef<HTMLInputElement>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  useTextTypedBeforeScript(searchForm, (_name, typed) => setText(typed));
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-sky-600 text-white">
      <div className="mx-auto max-w-4xl px-4 pb-16 pt-12 text-center md:pb-20 md:pt-16">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">Find your perfect hotel, anywhere</h1>
        <p className="mt-4 text-lg text-brand-100">Over 15,000 hotels and businesses in 195+ countries, with ratings, hours and maps.</p>
        <Form
          ref={searchForm}
          action="/search"
          method="get"
          role="search"
          // On a phone the button goes under the box, which then has the width its placeholder needs.
          className="mx-auto mt-8 flex max-w-2xl flex-col gap-2 rounded-xl bg-white p-2 shadow-lg sm:flex-row dark:bg-slate-900"
          onSubmit={(event) => {
            event.preventDefault();
            const href = searchHref(text, "");
            if (href) navigate(href); // empty text does nothing
          }}
        >
          <label htmlFor="hero-search" className="sr-only">
            Search hotels and businesses
          </label>
          <input
            ref={searchBox}
            id="hero-search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Hotel name, city, country or category"
            // Before the script runs the browser sends the form itself: it refuses an empty (or
            // blank) box there, as the script does after (an empty search lands on /search's prompt).
            required={!hydrated}
            pattern={hydrated ? undefined : NON_BLANK_PATTERN}
            title={hydrated ? undefined : "Type a hotel name, city, country or category"}
            className="min-w-0 flex-1 rounded-lg px-4 py-3 text-slate-900 outline-none placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <button type="submit" className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900">
            Search
          </button>
        </Form>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {QUICK_FILLS.map((label) => (
            <button
              key={label}
              type="button"
              onClick={() => {
                setText(label);
                // The filled box takes the focus: a screen reader reads what it now holds, and Enter searches it.
                searchBox.current?.focus();
              }}
              className="rounded-full border border-white/40 bg-white/10 px-4 py-1.5 text-sm font-medium hover:bg-white/20"
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

function SkeletonCard() {
  return (
    <div data-testid="skeleton" className="motion-safe:animate-pulse rounded-lg border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4" aria-hidden="true">
      <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-3 h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-3 h-3 w-1/2 rounded bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

const SAMPLE_CARDS = ["Sample Grand Hotel", "Sample City Inn", "Sample Beach Resort"];

/** Stand-in cards when the featured list could not be loaded (spec: sample placeholder cards). */
function SampleCard({ name }: { name: string }) {
  return (
    <article className="rounded-lg border border-dashed border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 p-4 text-slate-600 dark:text-slate-300">
      <h3 className="font-semibold">{name}</h3>
      <p className="mt-1 text-sm">Featured hotels are being updated. Please check back soon.</p>
    </article>
  );
}
