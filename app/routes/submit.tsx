import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { COMMON_AMENITIES } from "~/components/filter-bar";
import { HumanCheckFields } from "~/components/human-check-fields";
import { PositionPicker } from "~/components/position-picker";
import { DAY_NAMES } from "~/lib/business/opening-hours";
import { countryChoices } from "~/lib/directory/country-names";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { DESCRIPTION_MAX, type ListingValues } from "~/lib/listings/listing-fields";
import { MAX_PHOTOS } from "~/lib/listings/photo-file";
import { NO_STORE } from "~/lib/web/cache-policy";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { listingCategoryChoices, listingForEditing } from "~/models/listing.server";
import { getMember } from "~/models/member.server";

export const meta: MetaFunction = ({ matches }) => [
  ...seoMeta({ title: "Submit Hotel | WorldHotels Directory", description: "Add your hotel or business to the directory.", path: "/submit", siteUrl: siteUrlFrom(matches) }),
  { name: "robots", content: "noindex" },
];

/** Signed out: sign in first, then back here. `?edit={id}`: the submitter's or owner's change to their listing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const member = await getMember(request, env);
  const url = new URL(request.url);
  if (!member) throw redirect(`/account?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: NO_STORE });
  const editId = BusinessIdParam.safeParse(url.searchParams.get("edit"));
  const editing = editId.success ? await listingForEditing(env.DB, member.id, editId.data) : null;
  if (editId.success && !editing) throw data("Listing not found", { status: 404, headers: NO_STORE });
  const categories = await listingCategoryChoices(env.DB);
  return data({ categories, countries: countryChoices(), editing }, { headers: NO_STORE });
}

const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";
const field = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
const box = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900";

type Errors = Record<string, string>;

function FieldError({ name, errors }: { name: string; errors: Errors }) {
  return errors[name] ? <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{errors[name]}</p> : null;
}

const described = (name: string, errors: Errors) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});

/** The form's text values as the API reads them: empty optional fields left out (a change sends only what differs). */
function formValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of ["name", "category", "fullAddress", "city", "countryCode", "latitude", "longitude", "phone", "website", "email", "description"]) values[key] = String(form.get(key) ?? "").trim();
  const hours: Record<string, string> = {};
  for (const day of DAY_NAMES) {
    const text = String(form.get(`hours-${day}`) ?? "").trim();
    if (text) hours[day] = text;
  }
  values.workingHours = Object.keys(hours).length ? hours : null;
  values.amenities = form.getAll("amenities").map(String);
  return values;
}

export default function SubmitHotel() {
  const { categories, countries, editing } = useLoaderData<typeof loader>();
  const start: Partial<ListingValues> = editing?.values ?? {};
  const [latitude, setLatitude] = useState<string>(start.latitude?.toString() ?? "");
  const [longitude, setLongitude] = useState<string>(start.longitude?.toString() ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ slug: string; change: boolean } | null>(null);
  const [descriptionLength, setDescriptionLength] = useState(start.description?.length ?? 0);
  // One key per form shown: sending twice (a double click, a retry) creates one listing.
  const idempotencyKey = useMemo(() => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random())), []);
  const amenityChoices = [...new Set([...COMMON_AMENITIES, ...(start.amenities ?? [])])];

  // A refused form shows its first problem: the first field it names, or the message above the form.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = document.querySelector<HTMLElement>('[data-testid="submit-form"] [aria-invalid="true"], [data-testid="submit-form"] [role="alert"]');
    first?.scrollIntoView({ block: "center" });
    if (first && first.matches("input, select, textarea")) first.focus();
  }, [errors]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = formValues(form);
    setBusy(true);
    setErrors({});
    try {
      let response: Response;
      if (editing) {
        const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify((start as Record<string, unknown>)[key] ?? (key === "amenities" ? [] : null)) && !(value === "" && (start as Record<string, unknown>)[key] == null)));
        response = await fetch(`/api/listings/${editing.id}`, { method: "PATCH", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(changed) });
      } else {
        const body = new FormData();
        for (const [key, value] of Object.entries(values)) {
          if (key === "amenities") for (const name of value as string[]) body.append("amenities", name);
          else if (key === "workingHours") { if (value) body.set(key, JSON.stringify(value)); }
          else if (value !== "") body.set(key, String(value));
        }
        for (const photo of form.getAll("photos")) if (photo instanceof File && photo.size > 0) body.append("photos", photo);
        for (const key of ["fax_number", "cf-turnstile-response"]) if (form.get(key)) body.set(key, String(form.get(key)));
        response = await fetch("/api/listings", { method: "POST", headers: { Accept: "application/json", "Idempotency-Key": idempotencyKey }, body });
      }
      const answer = (await response.json().catch(() => ({}))) as { errors?: Errors; message?: string; listing?: { slug: string } };
      if (response.ok) {
        setDone({ slug: answer.listing?.slug ?? editing?.slug ?? "", change: Boolean(editing) });
        window.scrollTo(0, 0);
      } else {
        setErrors(answer.errors ?? { listing: answer.message ?? "Something went wrong: please try again" });
      }
    } catch {
      setErrors({ listing: "The listing could not be sent: check your connection and try again" });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <section className={box} role="status" data-testid="submit-done">
          <h1 className="text-2xl font-bold">{done.change ? "Thank you: your change is waiting for review" : "Thank you: your listing is pending review"}</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">A moderator reviews it shortly; we e-mail you the decision.</p>
          <p className="mt-4 flex flex-wrap gap-4">
            {done.slug ? <Link to={`/business/${done.slug}`} className="font-medium text-brand-700 underline dark:text-sky-300">See the listing</Link> : null}
            <Link to="/account" className="font-medium text-brand-700 underline dark:text-sky-300">Your listings</Link>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{editing ? `Edit ${start.name}` : "Submit Hotel"}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {editing ? "Change what is out of date; the page shows your change once a moderator approves it." : "Add your hotel or business. A moderator reviews every listing before it is public."}
      </p>
      <noscript><p className="mt-4 font-medium text-red-700">This form needs JavaScript.</p></noscript>
      <form onSubmit={send} className="mt-6 space-y-6" noValidate data-testid="submit-form">
        {errors.listing ? <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{errors.listing}</p> : null}
        <section className={`${box} space-y-4`} aria-labelledby="basics-heading">
          <h2 id="basics-heading" className="text-lg font-semibold">The business</h2>
          <label className={label}>Name<input name="name" required maxLength={200} defaultValue={start.name} className={field} {...described("name", errors)} /></label>
          <FieldError name="name" errors={errors} />
          <label className={label}>
            Category
            <select name="category" required defaultValue={start.category ?? categories[0]?.slug} className={field} {...described("category", errors)}>
              {categories.map((category) => <option key={category.slug} value={category.slug}>{category.name}</option>)}
            </select>
          </label>
          <FieldError name="category" errors={errors} />
          <label className={label}>Description <span className="font-normal text-slate-500">({descriptionLength}/{DESCRIPTION_MAX})</span>
            <textarea name="description" rows={5} maxLength={DESCRIPTION_MAX} defaultValue={start.description ?? ""} onChange={(event) => setDescriptionLength(event.currentTarget.value.length)} className={field} {...described("description", errors)} />
          </label>
          <FieldError name="description" errors={errors} />
        </section>

        <section className={`${box} space-y-4`} aria-labelledby="where-heading">
          <h2 id="where-heading" className="text-lg font-semibold">Where it is</h2>
          <label className={label}>Full address<input name="fullAddress" required maxLength={300} defaultValue={start.fullAddress} className={field} {...described("fullAddress", errors)} /></label>
          <FieldError name="fullAddress" errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label className={label}>City<input name="city" required maxLength={100} defaultValue={start.city} className={field} {...described("city", errors)} /></label>
              <FieldError name="city" errors={errors} />
            </div>
            <div>
              <label className={label}>
                Country
                <select name="countryCode" required defaultValue={start.countryCode ?? ""} className={field} {...described("countryCode", errors)}>
                  <option value="">Choose a country</option>
                  {countries.map((country) => <option key={country.code} value={country.code}>{country.name}</option>)}
                </select>
              </label>
              <FieldError name="countryCode" errors={errors} />
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">Position: click the map where the business is, or type its coordinates.</p>
          <PositionPicker latitude={latitude === "" ? null : Number(latitude)} longitude={longitude === "" ? null : Number(longitude)} onPick={(lat, lng) => { setLatitude(String(lat)); setLongitude(String(lng)); }} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label className={label}>Latitude<input name="latitude" inputMode="decimal" value={latitude} onChange={(event) => setLatitude(event.currentTarget.value)} className={field} {...described("latitude", errors)} /></label>
              <FieldError name="latitude" errors={errors} />
            </div>
            <div>
              <label className={label}>Longitude<input name="longitude" inputMode="decimal" value={longitude} onChange={(event) => setLongitude(event.currentTarget.value)} className={field} {...described("longitude", errors)} /></label>
              <FieldError name="longitude" errors={errors} />
            </div>
          </div>
        </section>

        <section className={`${box} space-y-4`} aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="text-lg font-semibold">Contact</h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <div><label className={label}>Phone<input name="phone" type="tel" maxLength={40} defaultValue={start.phone ?? ""} className={field} {...described("phone", errors)} /></label><FieldError name="phone" errors={errors} /></div>
            <div><label className={label}>Website<input name="website" type="url" maxLength={500} placeholder="https://" defaultValue={start.website ?? ""} className={field} {...described("website", errors)} /></label><FieldError name="website" errors={errors} /></div>
            <div><label className={label}>E-mail<input name="email" type="email" maxLength={254} defaultValue={start.email ?? ""} className={field} {...described("email", errors)} /></label><FieldError name="email" errors={errors} /></div>
          </div>
        </section>

        <section className={`${box} space-y-3`} aria-labelledby="hours-heading">
          <h2 id="hours-heading" className="text-lg font-semibold">Opening hours</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">For each day: the hours (e.g. "9 AM–6 PM", "Open 24 hours") or "Closed". Leave a day empty if you do not know.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {DAY_NAMES.map((day) => (
              <label key={day} className={label}>{day}<input name={`hours-${day}`} maxLength={60} defaultValue={start.workingHours?.[day] ?? ""} className={field} /></label>
            ))}
          </div>
          <FieldError name="workingHours" errors={errors} />
        </section>

        <section className={`${box} space-y-3`} aria-labelledby="amenities-heading">
          <h2 id="amenities-heading" className="text-lg font-semibold">Amenities</h2>
          <div className="grid gap-2 sm:grid-cols-2">
            {amenityChoices.map((name) => (
              <label key={name} className="inline-flex items-center gap-2 text-sm"><input type="checkbox" name="amenities" value={name} defaultChecked={start.amenities?.includes(name)} className="h-4 w-4" />{name}</label>
            ))}
          </div>
          <FieldError name="amenities" errors={errors} />
        </section>

        {editing ? null : (
          <section className={`${box} space-y-3`} aria-labelledby="photos-heading">
            <h2 id="photos-heading" className="text-lg font-semibold">Photos</h2>
            <label className={label}>Up to {MAX_PHOTOS} photos (JPEG, PNG or WebP, 5 MB each)
              <input name="photos" type="file" multiple accept="image/jpeg,image/png,image/webp" className={field} {...described("photos", errors)} />
            </label>
            <FieldError name="photos" errors={errors} />
          </section>
        )}

        <HumanCheckFields />
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {busy ? "Sending…" : editing ? "Send my change for review" : "Submit for review"}
        </button>
      </form>
    </div>
  );
}
