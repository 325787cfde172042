import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readReview, REVIEW_SORTS, type ReviewSort } from "~/lib/reviews/review-fields";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { suspendedAnswer } from "~/lib/members/suspension";
import { textError } from "~/lib/web/http";
import { methodNotAllowed, readJsonObject } from "~/lib/web/http.server";
import { z } from "~/lib/web/zod";
import { checkHuman } from "~/models/human-check.server";
import { requireMemberApi } from "~/models/member.server";
import { listBusinessReviews, submitReview } from "~/models/review.server";

const ListQuery = z.object({
  page: z.preprocess((value) => value ?? "1", z.string().regex(/^[1-9][0-9]{0,5}$/, "page must be a positive whole number").transform(Number)),
  sort: z.preprocess((value) => value ?? "newest", z.enum(REVIEW_SORTS, "sort must be newest, highest or lowest")),
});

/**
 * GET /api/businesses/{slug}/reviews?page=&sort=newest|highest|lowest → { reviews, summary,
 * page, totalPages }: approved reviews only, 10 a page; cached at the edge and refreshed when
 * one of them changes.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const query = ListQuery.safeParse({ page: search.get("page") ?? undefined, sort: search.get("sort") ?? undefined });
  if (!query.success) return Response.json({ error: query.error.issues[0]!.message }, { status: 400, headers: NO_STORE });
  const page = await listBusinessReviews(context.cloudflare.env.DB, params.slug ?? "", query.data.page, query.data.sort as ReviewSort);
  if (!page) return textError(404, "Business not found");
  return Response.json(page, { headers: publicCache(CACHE_SECONDS.detail) });
}

/**
 * POST /api/businesses/{slug}/reviews { rating, title?, text, visitedOn?, tripType? } (signed in;
 * the page's form adds the human check's fields, checked and taken off before the review is read)
 * → 201 { success, review: { id, status } }; 400 naming every bad field; 401 signed out; 403 for
 * the business's owner or a suspended member (with the suspension's end); 409 for a second review.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { review: read.message } }, { status: 400, headers: NO_STORE });
  const human = await checkHuman(env, request, read.body);
  if (!human.ok) return Response.json({ success: false, errors: { review: human.message } }, { status: 400, headers: NO_STORE });
  const review = readReview(read.body);
  if (!review.ok) return Response.json({ success: false, errors: review.errors }, { status: 400, headers: NO_STORE });
  const outcome = await submitReview(env, member, params.slug ?? "", review.review);
  switch (outcome.kind) {
    case "not-found":
      return Response.json({ success: false, message: "Business not found" }, { status: 404, headers: NO_STORE });
    case "owner":
      return Response.json({ success: false, message: "You own this business: reply to its reviews instead of reviewing it" }, { status: 403, headers: NO_STORE });
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "conflict":
      return Response.json({ success: false, message: "You have already reviewed this business: edit your review instead" }, { status: 409, headers: NO_STORE });
    case "saved":
      return Response.json({ success: true, review: outcome.review }, { status: 201, headers: NO_STORE });
  }
}
