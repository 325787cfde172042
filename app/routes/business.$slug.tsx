import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useMatches, useRouteError } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AdSlot } from "~/components/ad-slot";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BusinessMap } from "~/components/business-map";
import { GuestReviews } from "~/components/guest-reviews";
import { ExploreTiles, WhatWhereSearch } from "~/components/find-something";
import { JsonLd } from "~/components/json-ld";
import { NewTabNote } from "~/components/new-tab-note";
import { OwnerActions } from "~/components/owner-actions";
import { useToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { parseAmenities } from "~/lib/business/amenities";
import { businessJsonLd } from "~/lib/business/business-jsonld";
import { businessTimeZone } from "~/lib/business/business-time-zone";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { businessCountry, countryInProse, formatDistance, formatNumber, formatRating, reviewsText } from "~/lib/directory/format";
import { formatHoursText, openStatus, orderedDays, parseWorkingHours, todayName, unreadableHours, type DayName } from "~/lib/business/opening-hours";
import { seoMeta, siteUrlFrom, type Crumb } from "~/lib/directory/seo";
import { redirectToCanonicalPath } from "~/lib/web/http.server";
import { indefiniteArticle } from "~/lib/directory/indefinite-article";
import { initial } from "~/lib/directory/initial";
import { telHref } from "~/lib/business/phone";
import { businessPhotoUrl, isSitePhoto, websiteUrl } from "~/lib/business/web-url";
import { listingPhotos } from "~/models/listing-photo.server";
import { getBusinessPage, getUnapprovedBusinessFor, NO_REVIEWS, type BusinessDetail, type BusinessReviews } from "~/models/business-detail.server";
import { privateViewerOf } from "~/models/member.server";
import type { NearbyBusiness } from "~/models/finder.server";
import { getPublicSiteCode } from "~/models/site-settings.server";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;


export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const [found, { ads }] = await Promise.all([getBusinessPage(env.DB, params.slug ?? ""), getPublicSiteCode(env.DB)]);
  if (!found) {
    // A listing waiting for review shows only to its submitter, its owner and the admin, never from a shared cache.
    const pending = await getUnapprovedBusinessFor(env.DB, params.slug ?? "", await privateViewerOf(request, env));
    if (pending) return data({ business: pending, nearby: [], reviews: NO_REVIEWS, ads: null, timeZone: businessTimeZone(pending), pending: true, gallery: await galleryOf(env.DB, pending) }, { headers: NO_STORE });
    return data({ business: null, nearby: [], reviews: NO_REVIEWS, ads: null, timeZone: null, pending: false, gallery: [] }, { status: 404 });
  }
  // The guest reviews' summary and newest page came in the detail's batch: the cached HTML has them.
  const { business, nearby, reviews } = found;
  // Found under another spelling or by the suffix retry: one address per business.
  const respelled = redirectToCanonicalPath(request, "/business", [business.slug]);
  if (respelled) throw respelled;
  // Decided here, so the table of country zones stays out of the browser's script.
  const timeZone = businessTimeZone(business);
  return data({ business, nearby, reviews, ads, timeZone, pending: false, gallery: await galleryOf(env.DB, business) }, { headers: publicCache(CACHE_SECONDS.detail) });
}

/** A member's listing's photos (an imported business has one photo URL at most: no read). */
async function galleryOf(db: D1Database, business: BusinessDetail): Promise<string[]> {
  return isSitePhoto(business.photo) ? (await listingPhotos(db, business.id)).map((photo) => photo.url) : [];
}

/** The other businesses nearest to this one, nearest first, each with how far it is. */
function NearbySection({ nearby }: { nearby: NearbyBusiness[] }) {
  return (
    <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="nearby-heading" data-testid="nearby">
      <h2 id="nearby-heading" className="text-xl font-semibold">Nearby</h2>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
        {nearby.map((other) => {
          const rating = formatRating(other.rating);
          return (
            <li key={other.slug} className="flex items-baseline justify-between gap-4 py-3">
              <div className="min-w-0">
                <Link to={`/business/${other.slug}`} dir="auto" className="font-medium text-brand-700 dark:text-sky-300 underline underline-offset-2">
                  {other.name}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {other.category ? <bdi>{other.category}</bdi> : null}
                  {other.category && other.city ? " · " : null}
                  {other.city ? <bdi>{other.city}</bdi> : null}
                  {rating ? <> {other.category || other.city ? " · " : null}<span className="text-amber-500" aria-hidden="true">★</span> {rating}</> : null}
                </p>
              </div>
              <span className="shrink-0 text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="nearby-distance">{formatDistance(other.distanceKm)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "City, Country", either alone, or "" (the country as businessCountry names it, worked out once). */
function place(city: string | null, country: string | null): string {
  return [city, country].filter(Boolean).join(", ");
}

function crumbs(business: BusinessDetail, country: string | null): Crumb[] {
  const list: Crumb[] = [{ name: "Home", path: "/" }];
  const cc = business.countryCode?.toLowerCase();
  if (cc) list.push({ name: country ?? cc, path: `/countries/${cc}` });
  if (cc && business.citySlug && business.city) list.push({ name: business.city, path: `/cities/${cc}/${business.citySlug}` });
  list.push({ name: business.name, path: `/business/${business.slug}` });
  return list;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches, params }) => {
  const siteUrl = siteUrlFrom(matches);
  const business = loaded?.business;
  if (!business) {
    return seoMeta({
      title: "Business Not Found | WorldHotels Directory",
      description: "The business you are looking for could not be found. Search the directory by name, category or location.",
      path: `/business/${params.slug ?? ""}`,
      siteUrl,
      noindex: true,
    });
  }
  const where = place(business.city, businessCountry(business.countryCode, business.country));
  const category = business.type ?? business.category;
  const rating = formatRating(business.rating);
  const reviews = reviewsText(business.reviews);
  return seoMeta({
    title: `${business.name}${where ? ` – ${where}` : ""} | WorldHotels Directory`,
    description: [
      `${business.name}${category ? `, ${category}` : ""}${where ? ` in ${business.city ? where : countryInProse(where)}` : ""}.`,
      rating ? `Rated ${rating}/5${reviews ? ` from ${reviews}` : ""}.` : "",
      "Address, phone, opening hours, amenities and map.",
    ].filter(Boolean).join(" "),
    path: `/business/${business.slug}`,
    siteUrl,
    image: businessPhotoUrl(business.photo, siteUrl),
    type: "business.business",
  });
};

export default function BusinessPage() {
  const { business, nearby, reviews, ads, timeZone, pending, gallery } = useLoaderData<typeof loader>();
  if (!business) return <BusinessNotFound />;
  // Keyed: moving from one business to another remounts the page, so its ads run again.
  return <BusinessView key={business.id} business={business} nearby={nearby} reviews={reviews} ads={ads ?? NO_ADS} timeZone={timeZone} pending={pending} gallery={gallery} />;
}

/** A listing waiting for review shows no ads. */
const NO_ADS = { ad1: "", ad2: "", ad3: "", ad4: "" };

function BusinessView({
  business,
  nearby,
  reviews: guestReviews,
  ads,
  timeZone,
  pending,
  gallery,
}: {
  business: BusinessDetail;
  nearby: NearbyBusiness[];
  reviews: BusinessReviews;
  ads: Record<"ad1" | "ad2" | "ad3" | "ad4", string>;
  timeZone: string | null;
  pending: boolean;
  /** A member's listing's photos, the first being the one above; empty otherwise. */
  gallery: string[];
}) {
  const [status, setStatus] = useState<"open" | "closed" | null>(null);
  const [today, setToday] = useState<DayName | null>(null);
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  const toast = useToast();
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = useRef<HTMLImageElement>(null);

  // A photo that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = photo.current;
    if (img && img.complete && img.naturalWidth === 0) setPhotoFailed(true);
  }, []);

  // The page is edge-cached for 10 minutes: "open now" and "today" are decided in the browser,
  // and only on the business's own clock (none known: neither is shown).
  useEffect(() => {
    if (!timeZone) return;
    const update = () => {
      const now = new Date();
      setStatus(openStatus(business.workingHours, now, timeZone));
      setToday(todayName(now, timeZone));
    };
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [business.workingHours, timeZone]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const cc = business.countryCode?.toLowerCase() ?? null;
  const category = business.type ?? business.category;
  const { amenities, text: aboutText } = parseAmenities(business.about, 8);
  const week = parseWorkingHours(business.workingHours);
  const hoursAsWritten = unreadableHours(business.workingHours, week);
  const tel = business.phone ? telHref(business.phone) : null;
  const photoUrl = businessPhotoUrl(business.photo);
  const website = websiteUrl(business.url);
  const rating = formatRating(business.rating);
  const reviews = reviewsText(business.reviews);
  const country = businessCountry(business.countryCode, business.country);
  const where = place(business.city, country);
  const path = crumbs(business, country);

  // "Copied!" only when the copy worked; a refused copy shows the address to copy by hand.
  const share = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      console.error("copy failed", error);
      toast({ title: "Could not copy the link", description: `Copy it by hand: ${url}`, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {pending ? (
        <p role="status" data-testid="pending-banner" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Pending review: only you can see this listing until a moderator approves it.
        </p>
      ) : (
        <BusinessJsonLd business={business} reviews={guestReviews} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className="inline-flex items-center gap-1 rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
          ← Back to Home
        </Link>
        <Breadcrumbs crumbs={path} />
      </div>

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 shadow-sm">
        <div className="relative h-56 bg-gradient-to-br from-brand-700 to-sky-500 md:h-72">
          {photoUrl && !photoFailed ? (
            <img ref={photo} src={photoUrl} alt={business.name} className="h-full w-full object-cover" onError={() => setPhotoFailed(true)} />
          ) : (
            <div className="flex h-full items-center justify-center text-6xl font-bold text-white/80" aria-hidden="true">
              {initial(business.name)}
            </div>
          )}
        </div>
        <div className="p-6">
          <div className="flex flex-wrap items-center gap-2">
            <h1 dir="auto" className="text-3xl font-bold">{business.name}</h1>
            {status ? (
              <span
                data-testid="open-status"
                className={`rounded-full px-3 py-1 text-xs font-semibold ${status === "open" ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100" : "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100"}`}
              >
                {status === "open" ? "Open" : "Closed"}
                {/* Said after the name, a bare "Open" could be read as a command. */}
                <span className="sr-only"> now</span>
              </span>
            ) : null}
            {business.verified ? <span className="rounded-full bg-brand-50 dark:bg-slate-800 px-3 py-1 text-xs font-semibold text-brand-700 dark:text-sky-300">✓ Verified</span> : null}
            {business.claimed ? <span data-testid="claimed-badge" title="The owner manages this listing" className="rounded-full bg-emerald-50 dark:bg-emerald-950 px-3 py-1 text-xs font-semibold text-emerald-800 dark:text-emerald-200">Claimed</span> : null}
          </div>
          {rating ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              <span className="text-amber-500" aria-hidden="true">★</span> <strong>{rating}</strong>
              {reviews ? <> <span className="text-slate-600 dark:text-slate-300">({reviews})</span></> : null}
            </p>
          ) : null}
          {category ? (
            <p className="mt-2">
              {business.categorySlug ? (
                <Link to={`/categories/${business.categorySlug}`} dir="auto" className="rounded-full bg-brand-50 dark:bg-slate-800 px-3 py-1 text-sm font-medium text-brand-700 dark:text-sky-300 hover:underline">
                  {category}
                </Link>
              ) : (
                <span dir="auto" className="rounded-full bg-brand-50 dark:bg-slate-800 px-3 py-1 text-sm font-medium text-brand-700 dark:text-sky-300">{category}</span>
              )}
            </p>
          ) : null}
          {/* Each imported text is its own run: an address in Hebrew or Arabic reads right to left
              without carrying the city and country links along with it. */}
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            {business.fullAddress ? <bdi>{business.fullAddress}</bdi> : "Address not available"}
            {" · "}
            {business.city && business.citySlug && cc ? (
              <Link to={`/cities/${cc}/${business.citySlug}`} dir="auto" className="text-brand-700 dark:text-sky-300 underline underline-offset-2">{business.city}</Link>
            ) : business.city ? <bdi>{business.city}</bdi> : null}
            {business.city && country ? ", " : null}
            {country && cc ? (
              <Link to={`/countries/${cc}`} dir="auto" className="text-brand-700 dark:text-sky-300 underline underline-offset-2">{country}</Link>
            ) : country ? <bdi>{country}</bdi> : null}
            {where ? null : "Location not specified"}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            {tel ? (
              <a href={tel} className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800">
                Call Now
              </a>
            ) : null}
            {business.placeId ? (
              <a
                href={`https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(business.placeId)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
              >
                Get Directions
                <NewTabNote />
              </a>
            ) : null}
            {/* Share copies with the page's script; without it the button could do nothing. */}
            {hydrated ? (
              <button type="button" onClick={share} className="rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-4 py-2 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
                {copied ? "Copied!" : "Share"}
              </button>
            ) : null}
            {/* A button's changed label is not read out: a live region, there before the copy, says it. */}
            {hydrated ? <span role="status" className="sr-only" data-testid="share-status">{copied ? "Copied!" : ""}</span> : null}
          </div>
        </div>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <AdSlot slot="ad1" code={ads.ad1} />
          {gallery.length > 1 ? (
            <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="photos-heading" data-testid="photo-gallery">
              <h2 id="photos-heading" className="text-xl font-semibold">Photos</h2>
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {gallery.map((src, index) => (
                  <li key={src}>
                    <a href={src} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg">
                      <img src={src} alt={`${business.name}, photo ${index + 1} of ${gallery.length}`} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                      <NewTabNote />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="amenities-heading">
            <h2 id="amenities-heading" className="text-xl font-semibold">Amenities</h2>
            {amenities.length ? (
              <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2">
                {amenities.map((amenity) => (
                  <li key={amenity} className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
                    <span className="text-green-600" aria-hidden="true">✓</span> <bdi>{amenity}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-600 dark:text-slate-300">No amenities listed.</p>
            )}
          </section>
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold">About</h2>
            {aboutText ? (
              <p dir="auto" className="mt-3 whitespace-pre-line text-slate-700 dark:text-slate-300">{aboutText}</p>
            ) : (
              <p className="mt-3 whitespace-pre-line text-slate-700 dark:text-slate-300">
                <bdi>{business.name}</bdi>
                {category ? <> is {indefiniteArticle(category)} <bdi>{category.toLowerCase()}</bdi></> : null}
                {where ? <> in <PlaceText city={business.city} country={country} /></> : null}.
                {business.locatedIn ? <> Located in <bdi>{business.locatedIn}</bdi>.</> : null}
              </p>
            )}
          </section>
          {/* A listing waiting for review takes no reviews yet. */}
          {pending ? null : <GuestReviews slug={business.slug} initial={guestReviews} />}
          <AdSlot slot="ad2" code={ads.ad2} />
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="map-heading">
            <h2 id="map-heading" className="text-xl font-semibold">Location</h2>
            <div className="mt-4">
              <BusinessMap latitude={business.latitude} longitude={business.longitude} name={business.name} />
            </div>
          </section>
          {nearby.length ? <NearbySection nearby={nearby} /> : null}
        </div>

        <aside className="space-y-8" aria-label="Business information">
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="hours-heading">
            <h2 id="hours-heading" className="text-xl font-semibold">Opening Hours</h2>
            {week ? (
              <table className="mt-4 w-full text-sm">
                <tbody>
                  {orderedDays(week).map(({ day, hours }) => (
                    <tr key={day} data-today={day === today ? "true" : undefined} className={day === today ? "bg-brand-50 dark:bg-slate-800 font-semibold text-brand-900 dark:text-sky-200" : "text-slate-700 dark:text-slate-300"}>
                      <th scope="row" className="py-1.5 pl-2 text-left font-medium">{day}{day === today ? " (Today)" : ""}</th>
                      <td dir="auto" className="py-1.5 pr-2 text-right">{hours === null ? "—" : formatHoursText(hours)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : hoursAsWritten ? (
              <p dir="auto" className="mt-3 whitespace-pre-line text-slate-700 dark:text-slate-300">{hoursAsWritten}</p>
            ) : (
              <p className="mt-3 text-slate-600 dark:text-slate-300">Opening hours not available.</p>
            )}
          </section>
          <AdSlot slot="ad3" code={ads.ad3} />
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="text-xl font-semibold">Contact Information</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Address</dt>
                <dd dir="auto" className="text-slate-800 dark:text-slate-200">{business.fullAddress ?? "Address not available"}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Location</dt>
                <dd className="text-slate-800 dark:text-slate-200">{where ? <PlaceText city={business.city} country={country} /> : "Location not specified"}</dd>
              </div>
              {business.phone ? (
                <div>
                  <dt className="font-medium text-slate-600 dark:text-slate-300">Phone</dt>
                  <dd>{tel ? <a href={tel} className="text-brand-700 dark:text-sky-300 hover:underline">{business.phone}</a> : business.phone}</dd>
                </div>
              ) : null}
              {website ? (
                <div>
                  <dt className="font-medium text-slate-600 dark:text-slate-300">Website</dt>
                  <dd className="truncate"><a href={website} rel="nofollow noopener noreferrer" target="_blank" className="text-brand-700 dark:text-sky-300 hover:underline">{website}<NewTabNote /></a></dd>
                </div>
              ) : null}
            </dl>
          </section>
          <AdSlot slot="ad4" code={ads.ad4} />
          <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6" aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-xl font-semibold">Business Details</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4"><dt className="shrink-0 text-slate-600 dark:text-slate-300">Category</dt><dd dir="auto" className="text-right font-medium">{category ?? "—"}</dd></div>
              <div className="flex justify-between gap-4"><dt className="text-slate-600 dark:text-slate-300">Status</dt><dd className="font-medium text-green-700 dark:text-green-300">OPERATIONAL</dd></div>
              <div className="flex justify-between gap-4"><dt className="text-slate-600 dark:text-slate-300">Total Reviews</dt><dd className="font-medium">{business.reviews > 0 || !rating ? formatNumber(business.reviews) : "—"}</dd></div>
            </dl>
          </section>
          {pending ? null : <OwnerActions slug={business.slug} claimed={business.claimed} />}
        </aside>
      </div>
    </div>
  );
}

/** "City, Country" with each part its own run, so two right-to-left names keep the page's order. */
function PlaceText({ city, country }: { city: string | null; country: string | null }) {
  return (
    <>
      {city ? <bdi>{city}</bdi> : null}
      {city && country ? ", " : null}
      {country ? <bdi>{country}</bdi> : null}
    </>
  );
}

function BusinessJsonLd({ business, reviews }: { business: BusinessDetail; reviews: BusinessReviews }) {
  // Same origin as the canonical URL (root loader's SITE_URL). The rating markup is our approved guest reviews' alone.
  const siteUrl = useSiteUrl();
  return <JsonLd data={businessJsonLd(business, siteUrl, reviews)} />;
}

function useSiteUrl(): string {
  return siteUrlFrom(useMatches());
}

/** Loading failed (e.g. the database is unreachable): the spec shows Business Not Found too. */
export function ErrorBoundary() {
  const error = useRouteError();
  console.error("business page failed", error);
  return <BusinessNotFound />;
}

/** The spec's Business Not Found page (HTTP 404). */
function BusinessNotFound() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-20 text-center">
      {/* A drawn magnifier, not the emoji: a system without an emoji font showed an empty box. */}
      <svg
        data-testid="not-found-icon"
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto h-16 w-16 fill-none stroke-brand-700 dark:stroke-sky-300"
        strokeWidth={2}
        strokeLinecap="round"
      >
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="m15.5 15.5 5 5" />
      </svg>
      <h1 className="mt-4 text-3xl font-bold">Business Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        We couldn't find the business you're looking for. It may have moved or is no longer listed. Try searching for it instead.
      </p>
      <WhatWhereSearch />
      <ExploreTiles />
    </div>
  );
}
