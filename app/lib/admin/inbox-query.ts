import { z } from "~/lib/web/zod";

/** Messages per page of the inbox ("Mesajlar"), screen and call alike. */
export const INBOX_PAGE_SIZE = 20;

export const INBOX_FILTERS = ["all", "unread", "open", "handled"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** The inbox filter's labels (docs/conventions.md). */
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  all: "Tümü",
  unread: "Okunmamış",
  open: "İşlenmemiş",
  handled: "İşlendi",
};

/** Query of the inbox list: a search over sender, subject and text, a filter, a page. */
export const InboxQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  filter: z.enum(INBOX_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return InboxQuerySchema.parse({ q: "", ...Object.fromEntries(params) });
}

/** A message id in a path: decimal digits only. */
export const MessageIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number);
