import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { appealAnswer, appealSchema, APPEAL_TEXT_MAX, SanctionIdText, SANCTION_LEVEL_WORDS } from "~/lib/members/sanctions";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { appealSanction, sanctionOfAppealLink } from "~/models/member-sanction.server";

export const meta: MetaFunction = () => [{ title: "Appeal | WorldHotels Directory" }, { name: "robots", content: "noindex" }];

/**
 * /account/appeal?sanction=&token= (the link of a termination e-mail): a closed account cannot
 * sign in, so its appeal is taken here, on the strength of the link's signed token. A link that
 * is not right is a 404 that says nothing of the account.
 */
async function linked(env: Env, sanction: string | null, token: string | null) {
  const id = SanctionIdText.safeParse(sanction ?? "");
  if (!id.success || !token) return null;
  const found = await sanctionOfAppealLink(env, id.data, token);
  return found ? { id: id.data, token, ...found } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const found = await linked(context.cloudflare.env, searchParams.get("sanction"), searchParams.get("token"));
  if (!found) throw new Response("This appeal link is not valid", { status: 404, headers: NO_STORE });
  const open = !found.appealed && !found.lifted && Math.floor(Date.now() / 1000) <= found.closesAt;
  return data(
    { id: found.id, token: found.token, what: SANCTION_LEVEL_WORDS[found.level], reason: found.reason, appealed: found.appealed, lifted: found.lifted, open, closesAt: new Date(found.closesAt * 1000).toISOString() },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  const field = (name: string) => (typeof form?.get(name) === "string" ? (form!.get(name) as string) : "");
  const found = await linked(env, field("sanctionId"), field("token"));
  if (!found) return data({ sent: false, error: "This appeal link is not valid" }, { status: 404, headers: NO_STORE });
  const parsed = appealSchema.safeParse({ sanctionId: found.id, text: field("text") });
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]!.message }, { status: 400, headers: NO_STORE });
  const { status, body } = appealAnswer(await appealSanction(env, found.memberId, found.id, parsed.data.text));
  return data(status === 201 ? { sent: true, error: null } : { sent: false, error: String(body.message) }, { status: status === 201 ? 200 : status, headers: NO_STORE });
}

export default function AppealPage() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">Appeal the {link.what} of your account</h1>
        <p className="mt-2 whitespace-pre-wrap break-words">The moderator's reason: {link.reason}</p>
        {answer?.sent || link.appealed ? (
          <p role="status" className="mt-4 text-green-700 dark:text-green-400">Your appeal was received: a moderator will decide it and e-mail you.</p>
        ) : link.lifted ? (
          <p className="mt-4">This sanction has been lifted: there is nothing to appeal.</p>
        ) : !link.open ? (
          <p className="mt-4">The time to appeal ended on {link.closesAt.slice(0, 10)}.</p>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="sanctionId" value={link.id} />
            <input type="hidden" name="token" value={link.token} />
            <label className="block">
              <span className="font-medium">Your appeal</span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">Once, until {link.closesAt.slice(0, 10)}: tell the moderators why it should be lifted.</span>
              <textarea name="text" rows={5} required maxLength={APPEAL_TEXT_MAX} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900" />
            </label>
            {answer?.error ? <p role="alert" className="text-red-700 dark:text-red-400">{answer.error}</p> : null}
            <button type="submit" className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">Send my appeal</button>
          </Form>
        )}
      </section>
    </div>
  );
}
