import type { SanctionLevel } from "~/lib/members/sanctions";
import { emailAddressSchema } from "~/lib/members/sign-in";
import { z } from "~/lib/web/zod";
import { COMMON_LONG_PASSWORDS } from "./common-passwords";

/**
 * Staff roles (decision 119). An administrator may do everything; a moderator works the
 * moderation queue, the members pages and sanctions up to suspension, and reads the audit log.
 */
export const STAFF_ROLES = ["admin", "moderator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: "Yönetici", moderator: "Moderatör" };

/** A moderator warns and suspends; only an administrator terminates an account or lifts a termination. */
export function maySanction(role: StaffRole, level: SanctionLevel): boolean {
  return role === "admin" || level !== "termination";
}

export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
export const DISPLAY_NAME_MAX = 60;
export const INVITE_VALID_SECONDS = 48 * 60 * 60;

/** Why a chosen password is refused, in the words the invite page shows; null when it is fine. */
export function staffPasswordProblem(password: string, email: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return `Şifre en az ${STAFF_PASSWORD_MIN_LENGTH} karakter olmalı.`;
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) return `Şifre en fazla ${STAFF_PASSWORD_MAX_LENGTH} karakter olabilir.`;
  const lower = password.toLowerCase();
  if (COMMON_LONG_PASSWORDS.has(lower) || new Set(lower).size <= 2 || lower.includes(email.toLowerCase().split("@")[0] || "\u0000")) {
    return "Bu şifre çok yaygın ya da tahmin edilebilir: başka bir şifre seçin.";
  }
  return null;
}

/** A name shown to other staff and in the audit log: plain text on one line. */
const DisplayName = z
  .string()
  .transform((name) => name.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "Görünen ad gerekli").max(DISPLAY_NAME_MAX, `Görünen ad en fazla ${DISPLAY_NAME_MAX} karakter olabilir`));

export const StaffInviteBody = z.object({
  email: emailAddressSchema,
  role: z.enum(STAFF_ROLES, { message: 'role "admin" ya da "moderator" olmalı' }),
});

export const StaffInviteAcceptBody = z.object({
  token: z.string().min(20).max(100),
  displayName: DisplayName,
  password: z.string().min(1, "Şifre gerekli").max(STAFF_PASSWORD_MAX_LENGTH + 1),
});

/** A six-digit authenticator code or a recovery code, as typed. */
export const SecondFactorCode = z.string().trim().min(6).max(20);

/** The answers to a refused removal, for the API and the team page alike. */
export const TEAM_REFUSALS: Record<"not-found" | "self", { status: 404 | 409; message: string }> = {
  "not-found": { status: 404, message: "Bu ekip üyesi bulunamadı." },
  self: { status: 409, message: "Kendinizi ekipten çıkaramazsınız." },
};

/** The answers to a refused invitation link (a weak password says its own reason). */
export const ACCEPT_REFUSALS: Record<"invalid-link" | "already-staff", { status: 409 | 410; message: string }> = {
  "invalid-link": { status: 410, message: "Bu davet bağlantısı geçersiz, kullanılmış ya da süresi dolmuş. Yöneticinizden yeni bir davet isteyin." },
  "already-staff": { status: 409, message: "Bu adres zaten ekipte: giriş yapın." },
};
