import { Link } from "@remix-run/react";

const box = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900";
const link = "font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300";

interface Props {
  listings: { id: number; slug: string; name: string; isApproved: boolean; owned: boolean; review: "pending" | "approved" | "rejected" | null }[];
  claims: { id: number; status: "pending" | "approved" | "rejected"; reason: string | null; createdAt: number; slug: string; name: string }[];
  messages: { id: number; subject: string; text: string; fromEmail: string; createdAt: number; name: string; slug: string }[];
}

const CLAIM_STATUS = { pending: "Waiting for review", approved: "Approved: you own this listing", rejected: "Not approved" } as const;

/** /account's "My listings", "My claims" and the messages visitors sent the member's businesses. Member text is plain text. */
export function MemberListings({ listings, claims, messages }: Props) {
  return (
    <>
      <section className={box} aria-labelledby="my-listings-heading" data-testid="my-listings">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="my-listings-heading" className="text-xl font-semibold">My listings</h2>
          <Link to="/submit" className={link}>Submit Hotel</Link>
        </div>
        {listings.length ? (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {listings.map((listing) => (
              <li key={listing.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="min-w-0">
                  <Link to={`/business/${listing.slug}`} dir="auto" className={link}>{listing.name}</Link>
                  <span className="ml-2 text-sm text-slate-600 dark:text-slate-300">{listing.isApproved ? (listing.owned ? "Public · Claimed by you" : "Public") : listing.review === "pending" ? "Pending review" : "Not approved"}</span>
                </span>
                <Link to={`/submit?edit=${listing.id}`} className="text-sm font-medium text-brand-700 underline dark:text-sky-300">Edit</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">You have not listed a business yet. Own one already listed? Open its page and claim it.</p>
        )}
      </section>
      <section className={box} aria-labelledby="my-claims-heading" data-testid="my-claims">
        <h2 id="my-claims-heading" className="text-xl font-semibold">My claims</h2>
        {claims.length ? (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {claims.map((claim) => (
              <li key={claim.id} className="py-3 text-sm">
                <Link to={`/business/${claim.slug}`} dir="auto" className={link}>{claim.name}</Link> — {CLAIM_STATUS[claim.status]}
                {claim.status === "rejected" && claim.reason ? <p className="mt-1 text-slate-600 dark:text-slate-300">Reason: {claim.reason}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No claims yet.</p>
        )}
      </section>
      {messages.length ? (
        <section className={box} aria-labelledby="owner-messages-heading" data-testid="owner-messages">
          <h2 id="owner-messages-heading" className="text-xl font-semibold">Messages from visitors</h2>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {messages.map((message) => (
              <li key={message.id} className="py-3 text-sm">
                <p className="font-medium" dir="auto">{message.subject}</p>
                <p className="text-slate-600 dark:text-slate-300">About <Link to={`/business/${message.slug}`} className={link}>{message.name}</Link> · from <a href={`mailto:${message.fromEmail}`} className={link}>{message.fromEmail}</a> · {new Date(message.createdAt * 1000).toLocaleDateString("en-GB")}</p>
                <p className="mt-1 whitespace-pre-wrap" dir="auto">{message.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
