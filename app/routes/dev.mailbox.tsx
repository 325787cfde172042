import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/lib/web/cache-policy";
import { onlyMethods } from "~/lib/web/http.server";
import { isProduction } from "~/lib/web/environment";
import { readMailbox } from "~/models/mail.server";

export const meta: MetaFunction = () => [{ title: "Local mailbox" }, { name: "robots", content: "noindex" }];

/** /dev/mailbox: the e-mail the local server sent (sign-in codes among it). A 404 on the real site. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (isProduction(env)) throw new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  return data({ to, messages: await readMailbox(env.DB, to || null) }, { headers: NO_STORE });
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Local mailbox</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">E-mail the local server sent instead of delivering it. The real site has no such page.</p>
      <Form method="get" className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="mailbox-to">Address</label>
        <input id="mailbox-to" name="to" type="email" defaultValue={to} placeholder="Every address" className="flex-1 rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-2" />
        <button type="submit" className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white">Show</button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-6">No e-mail yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {messages.map((message, i) => (
            <li key={i} className="rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4" data-testid="mailbox-message">
              <p className="text-sm text-slate-600 dark:text-slate-300">To {message.to}{message.replyTo ? ` · Reply-To ${message.replyTo}` : ""} · {new Date(message.sentAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</p>
              <h2 className="mt-1 font-semibold">{message.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{message.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const action = onlyMethods("GET", "HEAD");
