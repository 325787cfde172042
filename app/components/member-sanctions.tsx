import { Form, useActionData } from "@remix-run/react";
import { APPEAL_TEXT_MAX } from "~/lib/members/sanctions";
import type { AccountSanction } from "~/models/member-sanction.server";

/** What the account page's action answers an appeal. */
export interface AppealAnswer {
  step: "appeal";
  sanctionId: number;
  error?: string;
  sent?: boolean;
}

const LEVEL_TITLES = { warning: "A warning on your account", suspension: "Your account is suspended", termination: "Your account was closed" } as const;

/** The member's sanctions that stand (issue 51), each with its reason and, once within 20 days, a small appeal form. */
export function MemberSanctions({ sanctions }: { sanctions: AccountSanction[] }) {
  const answered = useActionData() as { step?: string } | undefined;
  const answer = answered?.step === "appeal" ? (answered as AppealAnswer) : null;
  if (sanctions.length === 0) return null;
  return (
    <section aria-labelledby="sanctions-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950" data-testid="account-sanctions">
      <h2 id="sanctions-heading" className="text-xl font-semibold">Account standing</h2>
      <ul className="mt-3 space-y-4">
        {sanctions.map((sanction) => {
          const mine = answer?.sanctionId === sanction.id ? answer : null;
          return (
            <li key={sanction.id} data-testid="account-sanction" data-id={sanction.id}>
              <h3 className="font-semibold">{LEVEL_TITLES[sanction.level]}{sanction.endsAt ? ` until ${sanction.endsAt.slice(0, 10)}` : ""}</h3>
              {sanction.level === "suspension" ? <p className="text-sm">Until then you cannot post, edit, claim a listing, reply or report.</p> : null}
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">Reason: {sanction.reason}</p>
              {mine?.sent || sanction.appealedAt ? (
                <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300">Your appeal was received: a moderator will decide it and e-mail you.</p>
              ) : sanction.appealable ? (
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="intent" value="appeal" />
                  <input type="hidden" name="sanctionId" value={sanction.id} />
                  <label className="block text-sm">
                    <span className="font-medium">Appeal</span>
                    <span className="block text-slate-600 dark:text-slate-300">Once, until {sanction.appealClosesAt.slice(0, 10)}: tell the moderators why it should be lifted.</span>
                    <textarea name="text" rows={3} required maxLength={APPEAL_TEXT_MAX} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900" />
                  </label>
                  {mine?.error ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{mine.error}</p> : null}
                  <button type="submit" className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">Appeal</button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
