import { z } from "~/lib/web/zod";

/**
 * A business id in a path: decimal digits only. z.coerce.number() took "1e3", "0x3E8", "+1000"
 * or " 1000 " for 1000, so DELETE /api/businesses/1e3 deleted business 1000.
 */
export const BusinessIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number);

/** Query parameters of the admin business list (page and API alike); the page size is fixed at 20. */
export const AdminBusinessQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  filter: z.string().trim().max(200).optional().catch(undefined),
  category: z.string().trim().max(200).optional().catch(undefined),
  sortBy: z.enum(["name", "rating", "reviewCount", "createdAt"]).catch("name"),
  sortOrder: z.enum(["asc", "desc"]).catch("asc"),
});
export type AdminBusinessSearch = z.infer<typeof AdminBusinessQuerySchema>;

export function parseAdminBusinessQuery(params: URLSearchParams): AdminBusinessSearch {
  const raw = Object.fromEntries(params);
  const parsed = AdminBusinessQuerySchema.parse(raw);
  return { ...parsed, filter: parsed.filter || undefined, category: parsed.category && parsed.category !== "all" ? parsed.category : undefined };
}

/** The spec's sort toggle: the active field flips its order; another field starts ascending. */
export function nextSort(current: Pick<AdminBusinessSearch, "sortBy" | "sortOrder">, field: AdminBusinessSearch["sortBy"]) {
  if (current.sortBy === field) return { sortBy: field, sortOrder: current.sortOrder === "asc" ? ("desc" as const) : ("asc" as const) };
  return { sortBy: field, sortOrder: "asc" as const };
}
