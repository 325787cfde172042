import { and, eq, isNull, lt } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminUsers, appState } from "~/db/schema";
import { matchingTotpStep, newRecoveryCodes, newTotpSecret, normalRecoveryCode, otpauthUri } from "~/lib/admin/totp";
import { SITE_NAME } from "~/lib/directory/seo";
import { keyedHash } from "~/lib/web/session-token";
import { recordAuditEvent } from "./audit-log.server";
import { REQUIRE_TOTP_KEY, type StaffMember, type VerifiedStaff } from "./auth.server";

/** A recovery code's stored form: keyed by SESSION_SECRET, so a leaked table cannot be tried offline. */
const recoveryCodeHash = (env: Pick<Env, "SESSION_SECRET">, code: string) => keyedHash(env.SESSION_SECRET, `recovery:${normalRecoveryCode(code)}`);

type SecondFactorHolder = Pick<VerifiedStaff, "id" | "totpSecret" | "totpLastStep" | "recoveryCodes">;

/**
 * Accepts a second-factor code of `user`: an authenticator code newer than the last accepted
 * one, or an unused recovery code, which is then used up. Each update is guarded by the value it
 * read, so two sign-ins racing with the same code cannot both pass.
 */
export async function acceptSecondFactor(env: Env, user: SecondFactorHolder, code: string): Promise<boolean> {
  const db = database(env.DB);
  if (!user.totpSecret) return false;
  const step = await matchingTotpStep(user.totpSecret, code, Date.now(), user.totpLastStep);
  if (step !== null) {
    const updated = await db
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(and(eq(adminUsers.id, user.id), lt(adminUsers.totpLastStep, step)))
      .returning({ id: adminUsers.id });
    return updated.length === 1;
  }
  const hash = await recoveryCodeHash(env, code);
  const unused = JSON.parse(user.recoveryCodes) as string[];
  if (!unused.includes(hash)) return false;
  const updated = await db
    .update(adminUsers)
    .set({ recoveryCodes: JSON.stringify(unused.filter((h) => h !== hash)) })
    .where(and(eq(adminUsers.id, user.id), eq(adminUsers.recoveryCodes, user.recoveryCodes)))
    .returning({ id: adminUsers.id });
  return updated.length === 1;
}

const ISSUER = SITE_NAME;

/**
 * Begins setting up an authenticator: a new secret, stored but not in use until a code from it
 * is confirmed. Refused (null) while one is in use: it must be turned off first.
 */
export async function startTotpSetup(d1: D1Database, staff: StaffMember): Promise<{ secret: string; uri: string } | null> {
  const secret = newTotpSecret();
  const updated = await database(d1)
    .update(adminUsers)
    .set({ totpSecret: secret, totpLastStep: 0 })
    .where(and(eq(adminUsers.id, staff.id), isNull(adminUsers.totpEnabledAt)))
    .returning({ id: adminUsers.id });
  return updated.length === 1 ? { secret, uri: otpauthUri(secret, staff.username, ISSUER) } : null;
}

/** Turns the pending secret on when `code` comes from it; the ten recovery codes, shown once, or null. */
export async function confirmTotpSetup(env: Env, request: Request, staff: StaffMember, code: string): Promise<string[] | null> {
  const db = database(env.DB);
  const row = await db
    .select({ id: adminUsers.id, totpSecret: adminUsers.totpSecret, totpLastStep: adminUsers.totpLastStep, totpEnabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, staff.id))
    .get();
  if (!row?.totpSecret || row.totpEnabledAt != null) return null;
  const step = await matchingTotpStep(row.totpSecret, code, Date.now(), row.totpLastStep);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => recoveryCodeHash(env, c)));
  const updated = await db
    .update(adminUsers)
    .set({ totpEnabledAt: Math.floor(Date.now() / 1000), totpLastStep: step, recoveryCodes: JSON.stringify(hashes) })
    .where(and(eq(adminUsers.id, staff.id), eq(adminUsers.totpSecret, row.totpSecret), isNull(adminUsers.totpEnabledAt)))
    .returning({ id: adminUsers.id });
  if (updated.length !== 1) return null;
  await recordAuditEvent(env.DB, "staff.totp-enabled", { request, name: staff.name });
  return codes;
}

/** Turns the second factor off, proven by a current code (or a recovery code). */
export async function disableTotp(env: Env, request: Request, staff: StaffMember, code: string): Promise<boolean> {
  const db = database(env.DB);
  const row = await db
    .select({ id: adminUsers.id, totpSecret: adminUsers.totpSecret, totpLastStep: adminUsers.totpLastStep, recoveryCodes: adminUsers.recoveryCodes })
    .from(adminUsers)
    .where(eq(adminUsers.id, staff.id))
    .get();
  if (!row || !staff.totpEnabled || !(await acceptSecondFactor(env, row, code))) return false;
  await db.update(adminUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: 0, recoveryCodes: "[]" }).where(eq(adminUsers.id, staff.id));
  await recordAuditEvent(env.DB, "staff.totp-disabled", { request, name: staff.name });
  return true;
}

export async function totpRequiredOfAllStaff(d1: D1Database): Promise<boolean> {
  const row = await database(d1).select({ value: appState.value }).from(appState).where(eq(appState.key, REQUIRE_TOTP_KEY)).get();
  return row?.value === "1";
}

/**
 * An administrator's choice: from the next request on, staff without a second factor can only
 * set one up. Refused (false) to an administrator without one, who would shut themselves out.
 */
export async function setTotpRequirement(env: Env, request: Request, by: StaffMember, required: boolean): Promise<boolean> {
  if (required && !by.totpEnabled) return false;
  const db = database(env.DB);
  if (required) {
    await db.insert(appState).values({ key: REQUIRE_TOTP_KEY, value: "1" }).onConflictDoUpdate({ target: appState.key, set: { value: "1" } });
  } else {
    await db.delete(appState).where(eq(appState.key, REQUIRE_TOTP_KEY));
  }
  await recordAuditEvent(env.DB, "staff.totp-policy", { request, name: by.name }, { detail: required ? "zorunlu" : "isteğe bağlı" });
  return true;
}
