import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { csvDownload } from "~/lib/admin/csv-download.server";
import { distinctFields, SIMPLE_EXPORT_FIELDS, simpleExportFileName, type SimpleExportField } from "~/lib/admin/export-options";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { timeZoneOrUtc } from "~/lib/business/time-zone";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { exportBusinessesCsv } from "~/models/export.server";

const SIMPLE_FIELDS = Object.keys(SIMPLE_EXPORT_FIELDS) as [SimpleExportField, ...SimpleExportField[]];

/** The earlier export dialog: a JSON body, the simple field names as header. */
const ExportBody = z.object({
  selectedFields: z.array(z.enum(SIMPLE_FIELDS)).min(1, "Select at least one field").transform(distinctFields),
  countryCode: z
    .string()
    .trim()
    .optional()
    .transform((code) => (!code || code.toLowerCase() === "all" ? undefined : code.toUpperCase()))
    .pipe(z.string().regex(/^[A-Z]{2}$/, "countryCode must be 'all' or a two-letter code").optional()),
  // The admin's zone, for the date in the file name; an unknown one is read as UTC.
  timeZone: z.unknown().optional().transform(timeZoneOrUtc),
});

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, ExportBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const { selectedFields, countryCode, timeZone } = body.data;
  await recordAuditEvent(env.DB, "export.csv", { request, name: user.name }, { detail: `${selectedFields.length} alan, ${countryCode ?? "tüm ülkeler"}` });
  const stream = exportBusinessesCsv(env.DB, {
    columns: selectedFields.map((field) => SIMPLE_EXPORT_FIELDS[field]),
    labels: selectedFields,
    filter: { countryCode, categorySlugs: [], created: {} },
  });
  return csvDownload(stream, simpleExportFileName(new Date(), timeZone));
}
