import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type Ref } from "react";
import { useToast } from "~/components/toast";
import { useTextTypedBeforeScript } from "~/components/use-hydrated";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { CONTACT_HONEYPOT_FIELD, validateContact, type ContactField, type ContactFieldErrors } from "~/lib/directory/contact-form";
import { formatCount } from "~/lib/directory/format";
import { responseErrorMessage } from "~/lib/web/http";
import { methodNotAllowed, unlessFailed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { receiveContactMessage } from "~/models/contact.server";
import { getDirectoryTotals } from "~/models/directory.server";
import { loaderHeaders } from "~/lib/web/route-headers";

// A posted form's answer holds the visitor's own words: it is never cached.
export const headers: HeadersFunction = (args) => (args.actionHeaders.has("Cache-Control") ? args.actionHeaders : loaderHeaders(args));

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Contact Us | WorldHotels Directory",
    description: "Questions about a listing, partnerships or support? Contact the WorldHotels Directory team by form, phone or email. We reply within 24 hours.",
    path: "/contact",
    siteUrl: siteUrlFrom(matches),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  // The figures beside the form are decoration: the form stays reachable when they cannot be read.
  const totals = await unlessFailed(getDirectoryTotals(context.cloudflare.env.DB), "directory totals");
  return data({ totals }, { headers: totals ? publicCache(CACHE_SECONDS.lists) : NO_STORE });
}

const EMPTY = { name: "", email: "", company: "", phone: "", subject: "", message: "" };
type Values = typeof EMPTY;

const SENT = { title: "Message Sent Successfully", text: "Thank you for your message. We'll get back to you within 24 hours." };
const FAILED = { title: "Error", text: "Failed to send message. Please try again later." };
const TOO_LARGE = { title: "Message Too Long", text: "Your message is too long to send. Please shorten it and try again." };

/**
 * The form posted without the page's script (script off, or sent before it loaded): the same
 * rules and storage as POST /api/contact. Sent → back to the page with a notice (a reload does
 * not send it twice); refused → the page again with the visitor's values and the reasons.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  // Not read past the cap, so its values cannot be given back: only the reason.
  if (!form) return data({ values: EMPTY, errors: {}, failed: TOO_LARGE }, { status: 413, headers: NO_STORE });
  const body = Object.fromEntries([...form].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  const receipt = await receiveContactMessage(context.cloudflare.env.DB, request, body);
  if (receipt.outcome === "sent") return redirect("/contact?sent=1");
  const values = Object.fromEntries(Object.keys(EMPTY).map((key) => [key, String(body[key] ?? "")])) as Values;
  return data(
    { values, errors: receipt.outcome === "invalid" ? receipt.errors : {}, failed: receipt.outcome === "throttled" ? FAILED : null },
    receipt.outcome === "invalid"
      ? { status: 400, headers: NO_STORE }
      : { status: 429, headers: { ...NO_STORE, "Retry-After": String(receipt.retryAfterSeconds) } },
  );
}

const FIELDS: { name: ContactField; label: string; type?: string; autoComplete?: string; required?: boolean }[] = [
  { name: "name", label: "Full Name *", autoComplete: "name", required: true },
  { name: "email", label: "Email Address *", type: "email", autoComplete: "email", required: true },
  { name: "company", label: "Company (Optional)", autoComplete: "organization" },
  { name: "phone", label: "Phone Number (Optional)", type: "tel", autoComplete: "tel" },
  { name: "subject", label: "Subject *", required: true },
];

/** The form's fields in screen order, the message last. */
const FIELD_ORDER: ContactField[] = [...FIELDS.map((field) => field.name), "message"];

/** Puts the cursor in the first field that needs correcting, so the visitor starts there. */
function focusFirstInvalid(errors: ContactFieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (first) document.getElementById(`contact-${first}`)?.focus();
}

export default function ContactPage() {
  const { totals } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const toast = useToast();
  const [values, setValues] = useState<Values>(posted?.values ?? EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<ContactFieldErrors>(posted?.errors ?? {});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null);
  const sentNotice = useRef<HTMLDivElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The send button keeps the focus while sending (aria-disabled, presses ignored): the
  // confirmation then takes it, or after a failure the button keeps it (unless a field to
  // correct took it).
  useEffect(() => {
    if (outcome === "sent") sentNotice.current?.focus();
    else if (outcome === "failed" && !sending && document.activeElement === document.body) sendButton.current?.focus();
  }, [outcome, sending]);

  const update = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  useTextTypedBeforeScript(form, (name, typed) => {
    if (name === CONTACT_HONEYPOT_FIELD) setHoneypot(typed);
    else if (FIELD_ORDER.includes(name as ContactField)) update(name as ContactField, typed);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(checked.errors);
      return;
    }
    setErrors({});
    setOutcome(null);
    setSending(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...checked.data, [CONTACT_HONEYPOT_FIELD]: honeypot }),
      });
      if (!response.ok) {
        const message = await responseErrorMessage(response.clone());
        const body = (await response.json().catch(() => null)) as { errors?: ContactFieldErrors } | null;
        if (body?.errors) {
          setErrors(body.errors);
          focusFirstInvalid(body.errors);
        }
        throw new Error(message);
      }
      setValues(EMPTY);
      setOutcome("sent");
    } catch (error) {
      console.error("contact failed", error);
      setOutcome("failed");
      toast({ title: FAILED.title, description: FAILED.text, variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  const input = "mt-1 w-full rounded-lg border px-3 py-2.5 read-only:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600";

  return (
    <div>
      <header className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-14 text-center text-white">
        <h1 className="text-4xl font-extrabold">Contact Us</h1>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100">
          Questions about a listing, a partnership or your account? Our team is here to help and replies within 24 hours.
        </p>
      </header>

      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-8 px-4 py-12 lg:grid-cols-3">
        <div className="space-y-4">
          <InfoCard title="Office Location">
            <p>WorldHotels Directory Inc.</p>
            <p>350 Fifth Avenue, Suite 4800</p>
            <p>New York, NY 10118, United States</p>
          </InfoCard>
          <InfoCard title="Phone Support">
            <p>International: +1 (212) 555-0100</p>
            <p>Local: (212) 555-0101</p>
            <p>Fax: +1 (212) 555-0102</p>
          </InfoCard>
          <InfoCard title="Email Support">
            <p>General: <a className="text-brand-700 dark:text-sky-300 underline underline-offset-2" href="mailto:info@worldhotels.example">info@worldhotels.example</a></p>
            <p>Support: <a className="text-brand-700 dark:text-sky-300 underline underline-offset-2" href="mailto:support@worldhotels.example">support@worldhotels.example</a></p>
            <p>Partnerships: <a className="text-brand-700 dark:text-sky-300 underline underline-offset-2" href="mailto:partners@worldhotels.example">partners@worldhotels.example</a></p>
          </InfoCard>
          <InfoCard title="Business Hours">
            <p>Monday – Friday: 9:00 AM – 6:00 PM EST</p>
            <p>Saturday: 10:00 AM – 4:00 PM EST</p>
            <p>Sunday: Closed</p>
          </InfoCard>
          {totals ? (
            <section className="rounded-xl bg-brand-900 p-5 text-white" aria-labelledby="stats-heading">
              <h2 id="stats-heading" className="font-semibold">Platform Statistics</h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                {[
                  ["Businesses", totals.businessCount],
                  ["Categories", totals.categoryCount],
                  ["Cities", totals.cityCount],
                  ["Countries", totals.countryCount],
                ].map(([label, value]) => (
                  <div key={label as string}>
                    <dt className="text-brand-100">{label}</dt>
                    <dd className="text-xl font-bold">{formatCount(value as number)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>

        <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6 shadow-sm lg:col-span-2" aria-labelledby="form-heading">
          <h2 id="form-heading" className="text-2xl font-bold">Send us a Message</h2>
          {outcome === "sent" || params.get("sent") === "1" ? <FormNotice tone="success" {...SENT} noticeRef={sentNotice} /> : null}
          {posted?.failed ? <FormNotice tone="error" {...posted.failed} /> : null}
          <form ref={form} method="post" action="/contact" onSubmit={submit} noValidate className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field.name} className={field.name === "subject" ? "sm:col-span-2" : undefined}>
                <label htmlFor={`contact-${field.name}`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">{field.label}</label>
                <input
                  id={`contact-${field.name}`}
                  name={field.name}
                  type={field.type ?? "text"}
                  autoComplete={field.autoComplete}
                  required={field.required}
                  value={values[field.name]}
                  readOnly={sending}
                  onChange={(event) => update(field.name, event.target.value)}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={errors[field.name] ? `contact-${field.name}-error` : undefined}
                  className={`${input} ${errors[field.name] ? "border-red-500" : "border-slate-300 dark:border-slate-600"}`}
                />
                {errors[field.name] ? <p id={`contact-${field.name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">{errors[field.name]}</p> : null}
              </div>
            ))}
            <div className="sm:col-span-2">
              <label htmlFor="contact-message" className="block text-sm font-medium text-slate-700 dark:text-slate-300">Message *</label>
              <textarea
                id="contact-message"
                name="message"
                rows={6}
                required
                value={values.message}
                readOnly={sending}
                onChange={(event) => update("message", event.target.value)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "contact-message-error" : undefined}
                className={`${input} ${errors.message ? "border-red-500" : "border-slate-300 dark:border-slate-600"}`}
              />
              {errors.message ? <p id="contact-message-error" className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.message}</p> : null}
            </div>
            {/* Honeypot: invisible to people and screen readers; bots that fill it are ignored. */}
            <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor={`contact-${CONTACT_HONEYPOT_FIELD}`}>Website</label>
              <input id={`contact-${CONTACT_HONEYPOT_FIELD}`} name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={honeypot} onChange={(event) => setHoneypot(event.target.value)} />
            </div>
            <div className="sm:col-span-2">
              <button ref={sendButton} type="submit" aria-disabled={sending} className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 aria-disabled:cursor-wait aria-disabled:bg-slate-500 sm:w-auto">
                {sending ? "Sending..." : "Send Message"}
              </button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}

/**
 * A sent message's confirmation, and a refusal of the form posted without the page's script
 * (with the script a toast says that). Focusable, so focus can be moved to it.
 */
function FormNotice({ tone, title, text, noticeRef }: { tone: "success" | "error"; title: string; text: string; noticeRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={noticeRef} tabIndex={-1} role={tone === "error" ? "alert" : "status"} className={`mt-4 rounded-lg border p-4 ${tone === "error" ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" : "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"}`}>
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm">
      <h2 className="font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      <div className="mt-2 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}
