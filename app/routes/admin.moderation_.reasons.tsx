import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, Card, inputClass, PageHeader } from "~/components/admin/ui";
import { REASON_MAX, REASON_TEMPLATES_MAX, reasonTemplatesSchema } from "~/lib/listings/moderation";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo } from "~/lib/web/request-body";
import { requireAdminPage } from "~/models/auth.server";
import { listReasonTemplates, saveReasonTemplates } from "~/models/reason-template.server";

/** Twenty templates of 1,000 characters, each letter up to nine bytes once form-encoded. */
const FORM_MAX_BYTES = 256 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const templates = await listReasonTemplates(env.DB);
  return data({ texts: templates.map((template) => template.text) }, { headers: NO_STORE });
}

interface ReasonsAnswer {
  ok: boolean;
  message: string;
  /** The list as the form holds it now (saved or not), so a refused or rearranged list is not lost; null: as loaded. */
  texts: string[] | null;
  /** Changes on every answer, so the boxes take the answered texts rather than keep their own. */
  version: number;
  saved: boolean;
}

/** What is wrong with the list, naming the template by its place ("2. şablon boş olamaz."). */
function refusal(issue: { path: PropertyKey[]; message: string }): string {
  const place = typeof issue.path[1] === "number" ? `${issue.path[1] + 1}. şablon` : null;
  if (place && issue.message.includes("empty")) return `${place} boş olamaz: yazın ya da kaldırın.`;
  if (place && issue.message.includes("at most")) return `${place} en fazla ${REASON_MAX.toLocaleString("tr-TR")} karakter olabilir.`;
  if (issue.message.includes(`${REASON_TEMPLATES_MAX}`)) return `En fazla ${REASON_TEMPLATES_MAX} şablon olabilir.`;
  return "Geçersiz istek.";
}

/**
 * The form (it works without the script): the texts in order (`templates`, repeated) and an
 * intent: save, add, remove-N, up-N or down-N. Only save writes; the others answer the list
 * rearranged for the form to show, so every step works as a plain form post.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminPage(request, env);
  const version = Date.now();
  const form = await readFormUpTo(request, FORM_MAX_BYTES);
  if (!form) return data({ ok: false, message: "Form çok büyük.", texts: null, version, saved: false } satisfies ReasonsAnswer, { status: 413, headers: NO_STORE });
  const texts = form.getAll("templates").filter((value): value is string => typeof value === "string");
  const answer = (status: number, ok: boolean, message: string, list: string[], saved = false) =>
    data({ ok, message, texts: list, version, saved } satisfies ReasonsAnswer, { status, headers: NO_STORE });
  const intent = typeof form.get("intent") === "string" ? (form.get("intent") as string) : "";
  const step = /^(remove|up|down)-([0-9]{1,2})$/.exec(intent);
  if (intent === "add") {
    if (texts.length >= REASON_TEMPLATES_MAX) return answer(400, false, `En fazla ${REASON_TEMPLATES_MAX} şablon olabilir.`, texts);
    return answer(200, true, "Yeni şablon eklendi; kaydetmeyi unutmayın.", [...texts, ""]);
  }
  if (step) {
    const index = Number(step[2]);
    const list = [...texts];
    const other = step[1] === "up" ? index - 1 : index + 1;
    if (index >= list.length) return answer(400, false, "Geçersiz istek.", texts);
    if (step[1] === "remove") list.splice(index, 1);
    else if (other >= 0 && other < list.length) [list[index], list[other]] = [list[other]!, list[index]!];
    return answer(200, true, "Sıra değişti; kaydetmeyi unutmayın.", list);
  }
  if (intent !== "save") return answer(400, false, "Geçersiz istek.", texts);
  const parsed = reasonTemplatesSchema.safeParse({ templates: texts });
  if (!parsed.success) return answer(400, false, refusal(parsed.error.issues[0]!), texts);
  const saved = await saveReasonTemplates(env.DB, { request, name: user.name }, parsed.data.templates);
  return answer(200, true, `${saved.length} şablon kaydedildi.`, saved.map((template) => template.text), true);
}

/** "Gerekçe şablonları": the reasons moderators pick from to reject, edited by administrators. */
export default function ReasonTemplatesPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const texts = answer?.texts ?? loaded.texts;
  const version = answer?.version ?? 0;
  return (
    <>
      <PageHeader
        title="Gerekçe şablonları"
        subtitle="Moderatörlerin ret gerekçesi olarak seçtiği hazır metinler (üyeler okur: İngilizce yazın)"
        actions={<Link to="/admin/moderation" className={buttonClass.secondary}>Moderasyona dön</Link>}
      />
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} data-testid="reasons-outcome" className={`mb-4 rounded-lg p-3 text-sm ${answer.ok ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300"}`}>
          {answer.message}
        </p>
      ) : null}
      <Card>
        <Form method="post" className="space-y-4" data-testid="reasons-form">
          {texts.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">Henüz şablon yok.</p> : null}
          <ol className="space-y-4">
            {texts.map((text, index) => (
              <li key={`${version}-${index}`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="reason-template">
                <label htmlFor={`template-${index}`} className="mb-1 block text-sm font-medium">{index + 1}. şablon</label>
                <textarea id={`template-${index}`} name="templates" rows={3} maxLength={REASON_MAX} defaultValue={text} className={inputClass} />
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="submit" name="intent" value={`up-${index}`} disabled={index === 0 || busy} className={buttonClass.secondary} aria-label={`${index + 1}. şablonu yukarı taşı`}>↑ Yukarı</button>
                  <button type="submit" name="intent" value={`down-${index}`} disabled={index === texts.length - 1 || busy} className={buttonClass.secondary} aria-label={`${index + 1}. şablonu aşağı taşı`}>↓ Aşağı</button>
                  <button type="submit" name="intent" value={`remove-${index}`} disabled={busy} className={buttonClass.secondary} aria-label={`${index + 1}. şablonu kaldır`}>Kaldır</button>
                </div>
              </li>
            ))}
          </ol>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            En fazla {REASON_TEMPLATES_MAX} şablon, her biri en fazla {REASON_MAX.toLocaleString("tr-TR")} karakter. Ekleme, kaldırma ve taşıma kaydedilene kadar geçerli olmaz.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="add" disabled={texts.length >= REASON_TEMPLATES_MAX || busy} className={buttonClass.secondary}>Şablon ekle</button>
            <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass.primary}>Kaydet</button>
          </div>
        </Form>
      </Card>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
