/** The moderation queue's words, shared by the model, the admin page and the API. Pure. */
import { z } from "~/lib/web/zod";
import { plainText } from "./listing-fields";

export const MODERATION_KINDS = ["listing", "claim", "change", "review", "reply", "report", "appeal"] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const MODERATION_PAGE_SIZE = 20;

/** What the moderator should look at before deciding. */
export type ModerationFlag =
  | { kind: "possible-duplicate"; reason: "similar-name-nearby" | "same-phone" | "same-website"; business: { id: number; slug: string; name: string } }
  | { kind: "dispute"; reason: "already-claimed"; business: { id: number; slug: string; name: string } }
  | {
      kind: "review";
      reason: "contact-link" | "contact-email" | "contact-phone" | "same-text-elsewhere" | "burst" | "reviewer-is-business";
      business: { id: number; slug: string; name: string };
    };

/** The admin's labels (Turkish, as the rest of the admin). */
export const MODERATION_KIND_LABELS: Record<ModerationKind, string> = {
  listing: "Yeni işletme", claim: "Sahiplik talebi", change: "Değişiklik", review: "Yorum", reply: "Sahip yanıtı", report: "Şikâyet", appeal: "İtiraz",
};
export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = { pending: "Bekliyor", approved: "Onaylandı", rejected: "Reddedildi" };
export const FLAG_LABELS: Record<ModerationFlag["reason"], string> = {
  "similar-name-nearby": "150 m içinde benzer isim",
  "same-phone": "Aynı telefon",
  "same-website": "Aynı web sitesi",
  "already-claimed": "Zaten sahiplenilmiş (itiraz)",
  "contact-link": "Metinde bağlantı",
  "contact-email": "Metinde e-posta adresi",
  "contact-phone": "Metinde telefon numarası",
  "same-text-elsewhere": "Aynı metin başka bir işletmede",
  "burst": "Bir saatte 5+ yorum",
  "reviewer-is-business": "Yorumcu işletmenin alan adından",
};

export const REASON_MAX = 1000;

/** A moderator's decision: a reason is required to reject (the member reads it). */
export const decisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], 'decision must be "approve" or "reject"'),
    reason: z.preprocess((value) => value ?? "", z.string("reason must be text").transform(plainText).pipe(z.string().max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`))).transform((text) => text || null),
  })
  .refine((body) => body.decision === "approve" || body.reason !== null, { message: "A reason is required to reject", path: ["reason"] });

/** How long opening an item holds it for the one who opened it: nobody else decides it meanwhile. */
export const HOLD_SECONDS = 5 * 60;

/** Items one bulk decision may take: a page of the queue at its largest. */
export const BULK_DECISION_MAX = 100;

/** A decision about several items at once, with one reason for all (required to reject). */
export const bulkDecisionSchema = z
  .object({
    ids: z
      .array(z.number("ids must be item numbers").int("ids must be item numbers").positive("ids must be item numbers"), "ids must be a list of item numbers")
      .min(1, "ids must name at least one item")
      .max(BULK_DECISION_MAX, `ids may name at most ${BULK_DECISION_MAX} items`)
      .refine((ids) => new Set(ids).size === ids.length, "ids must not repeat an item"),
    decision: z.enum(["approve", "reject"], 'decision must be "approve" or "reject"'),
    reason: z.preprocess((value) => value ?? "", z.string("reason must be text").transform(plainText).pipe(z.string().max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`))).transform((text) => text || null),
  })
  .refine((body) => body.decision === "approve" || body.reason !== null, { message: "A reason is required to reject", path: ["reason"] });

export const REASON_TEMPLATES_MAX = 20;

/** The reason templates as an administrator saves them: the whole list, in order. */
export const reasonTemplatesSchema = z.object({
  templates: z
    .array(z.string("each template must be text").transform(plainText).pipe(z.string().min(1, "a template must not be empty").max(REASON_MAX, `a template must be at most ${REASON_MAX} characters`)), "templates must be a list of texts")
    .max(REASON_TEMPLATES_MAX, `at most ${REASON_TEMPLATES_MAX} templates`),
});

/** Items a page of the queue shows: the first is the default; a moderator deciding in bulk picks the last. */
export const MODERATION_PAGE_SIZES = [MODERATION_PAGE_SIZE, 50, BULK_DECISION_MAX] as const;

const QuerySchema = z.object({
  kind: z.preprocess((value) => value || null, z.enum(MODERATION_KINDS, `kind must be one of: ${MODERATION_KINDS.join(", ")}`).nullable()),
  status: z.preprocess((value) => value || "pending", z.enum(MODERATION_STATUSES, "status must be pending, approved or rejected")),
  order: z.preprocess((value) => value || "oldest", z.enum(["oldest", "newest"], "order must be oldest or newest")),
  page: z.preprocess((value) => value || "1", z.string().regex(/^[1-9][0-9]{0,5}$/, "page must be a positive number").transform(Number)),
  size: z.preprocess(
    (value) => Number(value || MODERATION_PAGE_SIZE),
    z.literal([...MODERATION_PAGE_SIZES], `size must be one of: ${MODERATION_PAGE_SIZES.join(", ")}`),
  ),
});

/** The queue's query (?kind=&status=&order=&page=&size=), or what is wrong with it. */
export function parseModerationQuery(params: URLSearchParams): { ok: true; query: z.output<typeof QuerySchema> } | { ok: false; message: string } {
  const parsed = QuerySchema.safeParse(Object.fromEntries(["kind", "status", "order", "page", "size"].map((key) => [key, params.get(key)])));
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

/** A queue item's JSON text (its details or flags) read, or `fallback` when it is not JSON. */
export function itemJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
