import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { filtersOf, hasSearchText, keptParams, withFilters, withoutNear } from "~/lib/search/filter-links";
import { DEFAULT_RADIUS_KM, PRICE_CHOICES, RADIUS_CHOICES_KM, hasFilters } from "~/lib/search/search-filters";
import { NearMeButton } from "./near-me-button";
import { useHydrated } from "./use-hydrated";

/** Amenities offered as filters: the ones travellers ask for most, named as the detail page shows them. */
export const COMMON_AMENITIES = ["Free Wi-Fi", "Free parking", "Pool", "Breakfast", "Air conditioning", "Restaurant", "Fitness center", "Wheelchair accessible entrance"] as const;

const MIN_RATING_CHOICES = [3, 3.5, 4, 4.5] as const;

export interface CategoryChoice {
  slug: string;
  name: string;
}

const field = "flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300";
const select = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
const check = "inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200";

/**
 * The filters and sort of a result set (/search and the list pages), a plain GET form: without
 * the page's script it is sent as is; with it, any change opens the filtered list in place (no
 * full reload). The search text, location and layout are kept; the page starts again at 1.
 * `categories`: the category choices, or none on a page that is one category.
 */
export function FilterBar({ categories }: { categories?: readonly CategoryChoice[] }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const id = useId();
  const [open, setOpen] = useState(false);
  const fields = useFieldsOf(search);
  const filters = filtersOf(search);
  const withQuery = hasSearchText(search);
  const active = [filters.near, filters.minRating, filters.openNow || null, filters.category, filters.verified || null, filters.price].filter(Boolean).length + filters.amenities.length;

  // Applied through the router: an empty field is left out of the address, as filterSearchParams writes it.
  const apply = (form: HTMLFormElement) => {
    const sent = new URLSearchParams(new FormData(form) as unknown as [string, string][]);
    const target = withFilters(`?${sent}`, {});
    fields.applying(target);
    navigate(`${pathname}${target}`, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  const categoryChoices = categories ? withCurrent(categories, filters.category) : null;
  const amenityChoices = [...COMMON_AMENITIES, ...filters.amenities.filter((name) => !(COMMON_AMENITIES as readonly string[]).includes(name))];
  const ratingChoices = filters.minRating !== null && !(MIN_RATING_CHOICES as readonly number[]).includes(filters.minRating) ? [filters.minRating, ...MIN_RATING_CHOICES] : MIN_RATING_CHOICES;
  // Relevance is the order of a search, "newest first" that of a list: the empty choice is the list's own.
  const sortValue = filters.sort === "relevance" ? "" : (filters.sort ?? "");
  const panelId = `${id}-panel`;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className="self-center text-base font-semibold">
          Filter and sort{active > 0 ? <span className="font-normal text-slate-600 dark:text-slate-300"> ({active} active)</span> : null}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          <NearMeButton />
          {hydrated ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800 lg:hidden"
            >
              {open ? "Hide filters" : "Show filters"}
            </button>
          ) : null}
        </div>
      </div>
      {filters.near ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="near-summary">
          Within {filters.radiusKm ?? DEFAULT_RADIUS_KM} km of {filters.near.latitude.toFixed(3)}, {filters.near.longitude.toFixed(3)}.{" "}
          <Link to={`${pathname}${withoutNear(search)}`} preventScrollReset className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300">
            Remove location
          </Link>
        </p>
      ) : null}
      {/* Closed on a phone once the script runs (the toggle above opens it); always open on a wide screen and without script. */}
      <Form
        key={fields.key}
        id={panelId}
        method="get"
        action={pathname}
        preventScrollReset
        onSubmit={onSubmit}
        onChange={(event) => apply(event.currentTarget)}
        aria-label="Filters"
        className={`mt-3 ${hydrated && !open ? "max-lg:hidden" : ""}`}
      >
        {keptParams(search).map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {filters.near ? <input type="hidden" name="near" value={`${filters.near.latitude},${filters.near.longitude}`} /> : null}
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:flex lg:flex-wrap lg:items-end">
          {filters.near ? (
            <Labelled label="Distance">
              {(fieldId) => (
                <select id={fieldId} name="radius" defaultValue={String(filters.radiusKm ?? DEFAULT_RADIUS_KM)} className={select}>
                  {RADIUS_CHOICES_KM.map((km) => (
                    <option key={km} value={km}>Within {km} km</option>
                  ))}
                </select>
              )}
            </Labelled>
          ) : null}
          <Labelled label="Rating">
            {(fieldId) => (
              <select id={fieldId} name="minRating" defaultValue={filters.minRating === null ? "" : String(filters.minRating)} className={select}>
                <option value="">Any rating</option>
                {ratingChoices.map((rating) => (
                  <option key={rating} value={rating}>{rating.toFixed(1)} stars or more</option>
                ))}
              </select>
            )}
          </Labelled>
          {categoryChoices ? (
            <Labelled label="Category">
              {(fieldId) => (
                <select id={fieldId} name="category" defaultValue={filters.category ?? ""} className={`${select} lg:max-w-56`}>
                  <option value="">Any category</option>
                  {categoryChoices.map((category) => (
                    <option key={category.slug} value={category.slug}>{category.name}</option>
                  ))}
                </select>
              )}
            </Labelled>
          ) : null}
          <Labelled label="Price">
            {(fieldId) => (
              <select id={fieldId} name="price" defaultValue={filters.price ?? ""} className={select}>
                <option value="">Any price</option>
                {PRICE_CHOICES.map((price) => (
                  <option key={price} value={price}>{price}</option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Sort by">
            {(fieldId) => (
              <select id={fieldId} name="sort" defaultValue={sortValue} className={select}>
                <option value="">{withQuery ? "Best match" : "Newest first"}</option>
                {filters.near ? <option value="distance">Nearest first</option> : null}
                <option value="rating">Highest rated</option>
                <option value="reviews">Most reviewed</option>
                <option value="name">Name (A–Z)</option>
              </select>
            )}
          </Labelled>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 self-center lg:pb-2">
            <label className={check}>
              <input type="checkbox" name="openNow" value="1" defaultChecked={filters.openNow} className="h-4 w-4 accent-brand-700" />
              Open now
            </label>
            <label className={check}>
              <input type="checkbox" name="verified" value="1" defaultChecked={filters.verified} className="h-4 w-4 accent-brand-700" />
              Verified only
            </label>
          </div>
        </div>
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Amenities</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {amenityChoices.map((name) => (
              <label key={name} className={check}>
                <input type="checkbox" name="amenity" value={name} defaultChecked={filters.amenities.includes(name)} className="h-4 w-4 accent-brand-700" />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {/* With the script every change applies itself; the button is for a page without it. */}
          {hydrated ? null : (
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900">
              Apply filters
            </button>
          )}
          {hasFilters(filters) ? (
            <Link to={`${pathname}${clearedSearch(search)}`} preventScrollReset className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300">
              Clear all filters
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/**
 * The form's fields are uncontrolled and show what the visitor chose. When the address changes
 * otherwise (back and forward, "Clear all filters") they are drawn again from it; after the
 * form's own change they stay, so the control in use keeps the keyboard focus.
 */
function useFieldsOf(search: string): { key: number; applying(target: string): void } {
  const seen = useRef(search);
  const generation = useRef(0);
  const applied = useRef<string | null>(null);
  if (search !== seen.current) {
    if (search !== applied.current) generation.current++;
    seen.current = search;
    applied.current = null;
  }
  return { key: generation.current, applying: (target) => (applied.current = target) };
}

/** A labelled control: the label above, its id shared. */
function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** The choices with the one in the address added when the list does not offer it. */
function withCurrent(categories: readonly CategoryChoice[], current: string | null): readonly CategoryChoice[] {
  if (!current || categories.some((category) => category.slug === current)) return categories;
  return [{ slug: current, name: current }, ...categories];
}

/** The list without any filter or sort (search text, location and layout kept). */
function clearedSearch(search: string): string {
  const params = new URLSearchParams(keptParams(search));
  const text = params.toString();
  return text ? `?${text}` : "";
}
