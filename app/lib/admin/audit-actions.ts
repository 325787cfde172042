import { z } from "~/lib/web/zod";

/**
 * The admin actions the audit log records, with the label the back office shows for each
 * (Turkish, as the admin's labels are; docs/conventions.md). One list for the writer, the filter
 * and the screens.
 */
export const AUDIT_ACTION_LABELS = {
  "auth.sign-in": "Giriş yapıldı",
  "auth.sign-in-failed": "Başarısız giriş",
  "auth.sign-out": "Çıkış yapıldı",
  "business.approved": "İşletme onaylandı",
  "business.unapproved": "İşletme onayı kaldırıldı",
  "business.deleted": "İşletme silindi",
  "businesses.deleted-all": "Tüm işletmeler silindi",
  "businesses.deleted-test-data": "Test verileri silindi",
  "businesses.slugs-fixed": "URL'ler düzeltildi",
  "import.started": "İçe aktarma başladı",
  "import.finished": "İçe aktarma bitti",
  "import.failed": "İçe aktarma başarısız",
  "settings.saved": "Site ayarları kaydedildi",
  "ad-codes.saved": "Reklam kodları kaydedildi",
  "cache.cleared": "Cache temizlendi",
  "sitemaps.rebuild-requested": "Site haritası yenilemesi istendi",
  "export.csv": "CSV dışa aktarıldı",
  "message.handled": "Mesaj işlendi olarak işaretlendi",
  "message.reopened": "Mesaj yeniden açıldı",
  "message.deleted": "Mesaj silindi",
  "messages.deleted-handled": "İşlenen mesajlar silindi",
  "mail.failed": "E-posta gönderilemedi",
  "moderation.approved": "Moderasyon: onaylandı",
  "moderation.rejected": "Moderasyon: reddedildi",
  "member.warned": "Üye uyarıldı",
  "member.suspended": "Üye askıya alındı",
  "member.terminated": "Üyelik sonlandırıldı",
  "member.sanction-lifted": "Üye yaptırımı kaldırıldı",
  "staff.invited": "Ekibe davet gönderildi",
  "staff.joined": "Ekibe katıldı",
  "staff.removed": "Ekipten çıkarıldı",
  "staff.session-ended": "Oturum sonlandırıldı",
  "staff.totp-enabled": "İki adımlı doğrulama açıldı",
  "staff.totp-disabled": "İki adımlı doğrulama kapatıldı",
  "staff.totp-policy": "İki adımlı doğrulama kuralı değişti",
  "moderation.reasons-saved": "Gerekçe şablonları kaydedildi",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** Entries that warn (shown in red): what an administrator should look at. */
export const WARNING_ACTIONS: ReadonlySet<AuditAction> = new Set(["auth.sign-in-failed", "import.failed", "mail.failed"]);

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The detail of one time-boxed step of a bulk delete: what it deleted, and whether more remain. */
export function bulkStepDetail(step: { deletedCount: number; done: boolean }): string {
  return `${step.deletedCount} silindi${step.done ? "" : ", devamı var"}`;
}

/** Entries per page of the audit log screen and call. */
export const AUDIT_PAGE_SIZE = 50;
/** Entries on the dashboard and the admin home ("Son aktiviteler"). */
export const LATEST_AUDIT_ENTRIES = 10;
/** Failed sign-ins on the dashboard (issue 36); the audit log screen lists them all. */
export const RECENT_FAILED_SIGN_INS = 5;

/** A calendar day typed in a date field. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The longest actor the log stores (a failed sign-in's typed name is cut there), and so the longest worth asking for. */
export const AUDIT_TEXT_MAX = 300;

/** Query of the audit log (page and API alike): an action, a person, a day in the admin's zone, a page. */
export const AuditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  /** Who did it, exactly as the log says it (a staff member's name); "" ("Herkes") is everyone. */
  actor: z.string().min(1).max(AUDIT_TEXT_MAX).optional().catch(undefined),
  day: Day.optional().catch(undefined),
  /** The admin's time zone, for where the day begins (the page fills it in; UTC otherwise). */
  tz: z.string().max(64).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  return AuditQuerySchema.parse(Object.fromEntries(params));
}
