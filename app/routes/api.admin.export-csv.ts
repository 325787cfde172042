import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, firstIssue, onlyMethods } from "~/lib/web/http.server";
import { createdBetween, DATE_RANGES, distinctFields, EXPORT_COLUMNS, exportFileName, parseDay } from "~/lib/admin/export-options";
import { categorySlug } from "~/lib/business/slug";
import { timeZoneOrUtc } from "~/lib/business/time-zone";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { exportBusinessesCsv } from "~/models/export.server";
import { csvDownload } from "~/lib/admin/csv-download.server";

const commaList = (text: string | undefined) => (text ?? "").split(",").map((s) => s.trim()).filter(Boolean);
/** A custom range's day: absent (the range then covers every day) or a real YYYY-MM-DD day. */
const ExportDay = z.string().optional().refine((text) => text === undefined || parseDay(text) !== null, "must be a date written YYYY-MM-DD");

const ExportQuery = z.object({
  fields: z
    .string()
    .optional()
    .transform(commaList)
    .pipe(z.array(z.enum(EXPORT_COLUMNS, { error: (issue) => `Unknown export field "${String(issue.input)}"` })).min(1, "Select at least one field"))
    .transform(distinctFields),
  countryCode: z.string().trim().optional().transform((code) => (!code || code.toLowerCase() === "all" ? undefined : code.toUpperCase())).pipe(z.string().regex(/^[A-Z]{2}$/, "countryCode must be 'all' or a two-letter code").optional()),
  categories: z.string().optional().transform(commaList).pipe(z.array(z.string().max(200)).max(500, "At most 500 categories")),
  dateRange: z.enum(DATE_RANGES).optional().default("all"),
  startDate: ExportDay,
  endDate: ExportDay,
  // The admin's zone, for where their days begin; an unknown one is read as UTC rather than
  // refusing the export.
  timeZone: z.unknown().optional().transform(timeZoneOrUtc),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const query = ExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return adminJson({ success: false, message: firstIssue(query.error) }, { status: 400 });
  const { fields, countryCode, categories, dateRange, startDate, endDate, timeZone } = query.data;
  const now = new Date();
  // A HEAD only asks about the file: no export happened.
  if (request.method === "GET") await recordAuditEvent(env.DB, "export.csv", { request, name: user.name }, { detail: `${fields.length} alan, ${countryCode ?? "tüm ülkeler"}, ${dateRange}` });
  const stream = exportBusinessesCsv(env.DB, {
    columns: fields,
    filter: {
      countryCode,
      categorySlugs: categories.map(categorySlug),
      created: createdBetween(dateRange, Math.floor(now.getTime() / 1000), timeZone, startDate, endDate),
    },
  });
  return csvDownload(stream, exportFileName(countryCode?.toLowerCase() ?? "all", categories.length, dateRange, now, timeZone));
}

export const action = onlyMethods("GET", "HEAD");
