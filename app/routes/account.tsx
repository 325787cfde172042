import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CODE_REFUSED_MESSAGE, codeCheckSchema, codeRequestSchema, displayNameSchema, TOO_MANY_CODES_MESSAGE } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { PasskeySignIn, PasskeysPanel } from "~/components/passkeys-panel";
import { HumanCheckFields } from "~/components/human-check-fields";
import { MemberListings } from "~/components/member-listings";
import { MemberSanctions, type AppealAnswer } from "~/components/member-sanctions";
import { appealAnswer, appealSchema } from "~/lib/members/sanctions";
import { accountSanctions, appealSanction } from "~/models/member-sanction.server";
import { MemberReviews, type MyReview } from "~/components/member-reviews";
import { checkHuman } from "~/models/human-check.server";
import { memberAccount } from "~/models/listing.server";
import { memberReviews } from "~/models/review.server";
import { confirmEmailChange, deleteMember, getMember, requestEmailChange, requestSignInCode, setDisplayName, signInWithCode, signOut } from "~/models/member.server";

export const meta: MetaFunction = ({ matches }) => [
  ...seoMeta({ title: "Your account | WorldHotels Directory", description: "Sign in with a code sent to your e-mail address.", path: "/account", siteUrl: siteUrlFrom(matches) }),
  { name: "robots", content: "noindex" },
];

/** Where to go back to after signing in: a path of this site only (never another site's address). */
function nextPath(value: string | null): string | null {
  return value && /^\/(?![/\\])[\x21-\x7e]{0,500}$/.test(value) ? value : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const member = await getMember(request, env);
  const { searchParams } = new URL(request.url);
  const next = nextPath(searchParams.get("next"));
  if (member && next) throw redirect(next, { headers: NO_STORE });
  const [mine, reviews] = member ? await Promise.all([memberAccount(env.DB, member.id), myReviews(env.DB, member.id)]) : [null, []];
  const sanctions = member ? await accountSanctions(env.DB, member.id) : [];
  return data(
    { member, mine, sanctions, reviews, next, linkExpired: searchParams.get("link") === "expired", deleted: searchParams.get("deleted") === "1" },
    { headers: NO_STORE },
  );
}

/** "My reviews" as the page shows them; an edit starts from the edit waiting for a moderator, if any. */
async function myReviews(db: D1Database, memberId: number): Promise<MyReview[]> {
  return (await memberReviews(db, memberId)).map(({ pendingEdit, text, visitedOn, tripType, editWaiting, ...review }) => {
    const written = { rating: review.rating, title: review.title, text, visitedOn, tripType };
    let form = written;
    try {
      if (pendingEdit) form = { ...written, ...(JSON.parse(pendingEdit) as Partial<typeof written>) };
    } catch {
      // An unreadable waiting edit: the form starts from the published review.
    }
    return { ...review, editWaiting: Boolean(editWaiting), form };
  });
}

type ActionAnswer =
  | { step: "code"; email: string; error?: string }
  | { step: "email"; email: string; error: string }
  | { step: "profile"; error?: string; saved?: boolean }
  | { step: "new-email"; email: string; codeSent: boolean; error?: string; changed?: boolean }
  | AppealAnswer;

/** The page's forms work without its script: ask a code, give it, name yourself, sign out. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  const field = (name: string) => (typeof form?.get(name) === "string" ? (form!.get(name) as string) : "");
  const intent = field("intent");
  const answer = (body: ActionAnswer, status = 200, headers?: HeadersInit) => data(body, { status, headers: { ...NO_STORE, ...headers } });
  if (intent === "request-code") {
    const human = await checkHuman(env, request, form ? Object.fromEntries(form) : {});
    if (!human.ok) return answer({ step: "email", email: field("email"), error: human.message }, 400);
    const parsed = codeRequestSchema.safeParse({ email: field("email") });
    if (!parsed.success) return answer({ step: "email", email: field("email"), error: parsed.error.issues[0]!.message }, 400);
    const outcome = await requestSignInCode(env, request, parsed.data.email);
    if (outcome.kind === "throttled") {
      return answer({ step: "email", email: parsed.data.email, error: TOO_MANY_CODES_MESSAGE }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
    }
    return answer({ step: "code", email: parsed.data.email });
  }
  if (intent === "verify-code") {
    const parsed = codeCheckSchema.safeParse({ email: field("email"), code: field("code") });
    const outcome = parsed.success ? await signInWithCode(env, request, parsed.data.email, parsed.data.code) : null;
    if (!outcome || outcome.kind === "refused") return answer({ step: "code", email: field("email"), error: CODE_REFUSED_MESSAGE }, 400);
    const headers = settingCookies(outcome.setCookies);
    return redirect(nextPath(field("next")) ?? "/account", { headers });
  }
  if (intent === "sign-out" || intent === "sign-out-everywhere") {
    const headers = settingCookies(await signOut(request, env, { everywhere: intent === "sign-out-everywhere" }));
    return redirect("/account", { headers });
  }
  if (intent === "change-email" || intent === "confirm-email-change" || intent === "delete-account") {
    const member = await getMember(request, env);
    if (!member) return redirect("/account");
    if (intent === "delete-account") {
      if (field("confirm") !== "yes") return answer({ step: "profile", error: "Tick the box to confirm that the account should be deleted." }, 400);
      const headers = settingCookies(await deleteMember(env, request, member));
      return redirect("/account?deleted=1", { headers });
    }
    if (intent === "change-email") {
      const parsed = codeRequestSchema.safeParse({ email: field("email") });
      if (!parsed.success) return answer({ step: "new-email", email: field("email"), codeSent: false, error: parsed.error.issues[0]!.message }, 400);
      const outcome = await requestEmailChange(env, request, member, parsed.data.email);
      if (outcome.kind === "throttled") return answer({ step: "new-email", email: parsed.data.email, codeSent: false, error: TOO_MANY_CODES_MESSAGE }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
      return answer({ step: "new-email", email: parsed.data.email, codeSent: true });
    }
    const parsed = codeCheckSchema.safeParse({ email: field("email"), code: field("code") });
    const outcome = parsed.success ? await confirmEmailChange(env, member, parsed.data.email, parsed.data.code) : ({ kind: "refused" } as const);
    if (outcome.kind === "changed") return answer({ step: "new-email", email: outcome.member.email, codeSent: false, changed: true });
    const error = outcome.kind === "taken" ? "Another account uses this address." : CODE_REFUSED_MESSAGE;
    return answer({ step: "new-email", email: field("email"), codeSent: true, error }, outcome.kind === "taken" ? 409 : 400);
  }
  if (intent === "appeal") {
    // An appeal of a sanction (issue 51), as POST /api/account/appeals takes it.
    const member = await getMember(request, env);
    if (!member) return redirect("/account");
    const parsed = appealSchema.safeParse({ sanctionId: field("sanctionId"), text: field("text") });
    const sanctionId = Number(field("sanctionId")) || 0;
    if (!parsed.success) return answer({ step: "appeal", sanctionId, error: parsed.error.issues[0]!.message }, 400);
    const { status, body } = appealAnswer(await appealSanction(env, member.id, parsed.data.sanctionId, parsed.data.text));
    return answer(status === 201 ? { step: "appeal", sanctionId, sent: true } : { step: "appeal", sanctionId, error: String(body.message) }, status === 201 ? 200 : status);
  }
  if (intent === "display-name") {
    const member = await getMember(request, env);
    if (!member) return redirect("/account");
    const parsed = displayNameSchema.safeParse(field("displayName"));
    if (!parsed.success) return answer({ step: "profile", error: parsed.error.issues[0]!.message }, 400);
    await setDisplayName(env.DB, member.id, parsed.data);
    return answer({ step: "profile", saved: true });
  }
  return answer({ step: "email", email: "", error: "Unknown request" }, 400);
}

const input = "mt-1 w-full rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-2";
const button = "rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60";

function SignIn({ linkExpired, deleted, next }: { linkExpired: boolean; deleted: boolean; next: string | null }) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const askedFor = answer && answer.step === "code" ? answer : null;
  return (
    <section aria-labelledby="sign-in-heading" className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6">
      <h1 id="sign-in-heading" className="text-2xl font-bold">Sign in</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">New here? The same steps create your account. No password: we e-mail you a 6-digit code.</p>
      {linkExpired && !answer ? <p role="alert" className="mt-4 text-red-700 dark:text-red-400">That sign-in link was used or has expired. Ask for a new code.</p> : null}
      {deleted && !answer ? <p role="status" className="mt-4 text-green-700 dark:text-green-400">Your account and its personal data were deleted.</p> : null}
      {askedFor ? (
        <Form method="post" className="mt-4 space-y-4" data-testid="code-form">
          <p>We sent a code to <strong>{askedFor.email}</strong>. It works for 10 minutes.</p>
          <input type="hidden" name="intent" value="verify-code" />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <input type="hidden" name="email" value={askedFor.email} />
          <label className="block">
            <span className="font-medium">6-digit code</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required className={input} aria-invalid={askedFor.error ? true : undefined} aria-describedby={askedFor.error ? "code-error" : undefined} />
          </label>
          {askedFor.error ? <p id="code-error" role="alert" className="text-red-700 dark:text-red-400">{askedFor.error}</p> : null}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={button} disabled={busy}>Sign in</button>
            <a href="/account" className="text-brand-700 underline underline-offset-4 dark:text-sky-300">Ask for a new code</a>
          </div>
        </Form>
      ) : (
        <Form method="post" className="mt-4 space-y-4" data-testid="email-form">
          <input type="hidden" name="intent" value="request-code" />
          <label className="block">
            <span className="font-medium">E-mail address</span>
            <input name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={answer?.step === "email" ? answer.email : ""} className={input} aria-invalid={answer?.step === "email" ? true : undefined} aria-describedby={answer?.step === "email" ? "email-error" : undefined} />
          </label>
          {answer?.step === "email" ? <p id="email-error" role="alert" className="text-red-700 dark:text-red-400">{answer.error}</p> : null}
          <HumanCheckFields />
          <button type="submit" className={button} disabled={busy}>Send me a code</button>
        </Form>
      )}
      <PasskeySignIn />
    </section>
  );
}

function Profile({ member }: { member: { email: string; displayName: string } }) {
  const answer = useActionData<typeof action>();
  const profile = answer?.step === "profile" ? answer : null;
  return (
    <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6">
      <h2 id="profile-heading" className="text-xl font-semibold">Profile</h2>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="display-name" />
        <label className="block">
          <span className="font-medium">Display name</span>
          <span className="block text-sm text-slate-600 dark:text-slate-300">Shown beside what you write on the site.</span>
          <input name="displayName" defaultValue={member.displayName} maxLength={60} required className={input} />
        </label>
        {profile?.error ? <p role="alert" className="text-red-700 dark:text-red-400">{profile.error}</p> : null}
        {profile?.saved ? <p role="status" className="text-green-700 dark:text-green-400">Saved.</p> : null}
        <button type="submit" className={button}>Save</button>
      </Form>
      <EmailChange />
      <PasskeysPanel />
      <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-200 dark:border-slate-700 pt-6">
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-2 font-semibold">Sign out</button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className="rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-2 font-semibold">Sign out everywhere</button>
        </Form>
      </div>
      <Form method="post" className="mt-8 space-y-3 border-t border-slate-200 dark:border-slate-700 pt-6">
        <h2 className="text-lg font-semibold">Delete my account</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">Your e-mail address, name and sessions are deleted. Listings you gave the directory stay in it.</p>
        <input type="hidden" name="intent" value="delete-account" />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="confirm" value="yes" required />
          <span>I want my account deleted</span>
        </label>
        <button type="submit" className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-700 dark:border-red-400 dark:text-red-400">Delete my account</button>
      </Form>
    </section>
  );
}

/** A new address: a code goes to it, and the account moves to it once the code comes back. */
function EmailChange() {
  const answer = useActionData<typeof action>();
  const step = answer?.step === "new-email" ? answer : null;
  return (
    <div className="mt-8 border-t border-slate-200 dark:border-slate-700 pt-6">
      <h2 className="text-lg font-semibold">E-mail address</h2>
      {step?.changed ? <p role="status" className="mt-2 text-green-700 dark:text-green-400">Your account now uses {step.email}.</p> : null}
      {step?.codeSent ? (
        <Form method="post" className="mt-3 space-y-3">
          <p>We sent a code to <strong>{step.email}</strong>.</p>
          <input type="hidden" name="intent" value="confirm-email-change" />
          <input type="hidden" name="email" value={step.email} />
          <label className="block">
            <span className="font-medium">Code from the new address</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required className={input} />
          </label>
          {step.error ? <p role="alert" className="text-red-700 dark:text-red-400">{step.error}</p> : null}
          <button type="submit" className={button}>Use this address</button>
        </Form>
      ) : (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="change-email" />
          <label className="block">
            <span className="font-medium">New e-mail address</span>
            <input name="email" type="email" autoComplete="email" required maxLength={254} className={input} />
          </label>
          {step?.error ? <p role="alert" className="text-red-700 dark:text-red-400">{step.error}</p> : null}
          <button type="submit" className={button}>Send a code to the new address</button>
        </Form>
      )}
    </div>
  );
}

export default function Account() {
  const { member, mine, sanctions, reviews, next, linkExpired, deleted } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      {member && mine ? (
        <>
          <header>
            <h1 className="text-2xl font-bold">Your account</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as <strong data-testid="account-email">{member.email}</strong></p>
          </header>
          <MemberSanctions sanctions={sanctions} />
          <MemberListings {...mine} />
          <MemberReviews reviews={reviews} />
          <Profile member={member} />
        </>
      ) : (
        <SignIn linkExpired={linkExpired} deleted={deleted} next={next} />
      )}
    </div>
  );
}
