import { and, asc, desc, eq, gt, isNull, max } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminSessions, adminUsers, staffInvites } from "~/db/schema";
import { SITE_NAME, absoluteUrl } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { INVITE_VALID_SECONDS, STAFF_ROLE_LABELS, staffPasswordProblem, type StaffRole } from "~/lib/admin/staff";
import { fromBase64, randomToken, sha256, toBase64, toBase64Url } from "~/lib/web/session-token";
import { recordAuditEvent } from "./audit-log.server";
import { createAdminUser, type StaffMember } from "./auth.server";
import { mailOutboxInsert, queueMailDelivery } from "./mail-outbox.server";

const now = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number | null) => (seconds == null ? null : new Date(seconds * 1000).toISOString());

export const invitePath = (token: string) => `/admin/invite/${token}`;

function inviteMail(siteUrl: string, to: string, role: StaffRole, invitedBy: string, token: string): MailMessage {
  const link = absoluteUrl(siteUrl, invitePath(token));
  const roleWord = STAFF_ROLE_LABELS[role].toLowerCase();
  const by = oneLine(invitedBy);
  return {
    to,
    subject: `${SITE_NAME}: ekibe davet`,
    text: `${by} sizi ${SITE_NAME} yönetim ekibine ${roleWord} olarak davet etti.\n\nHesabınızı açmak için bu bağlantıyı 48 saat içinde açın (yalnızca bir kez kullanılabilir):\n${link}\n\nBu daveti beklemiyorsanız bu e-postayı silebilirsiniz.`,
    html: `<p>${escapeHtml(by)} sizi ${escapeHtml(SITE_NAME)} yönetim ekibine <strong>${escapeHtml(roleWord)}</strong> olarak davet etti.</p><p><a href="${escapeHtml(link)}">Hesabınızı açın</a> (48 saat geçerli, yalnızca bir kez kullanılabilir).</p><p>Bu daveti beklemiyorsanız bu e-postayı silebilirsiniz.</p>`,
  };
}

export type InviteOutcome = { kind: "invited"; invite: { id: number; email: string; role: StaffRole; expiresAt: string } } | { kind: "already-staff" };

/**
 * An administrator invites `email` as `role`: a one-time link, valid 48 hours, e-mailed with the
 * invitation stored in one batch. A new invitation to the same address replaces a pending one.
 */
export async function inviteStaff(env: Env, request: Request, by: StaffMember, input: { email: string; role: StaffRole }): Promise<InviteOutcome> {
  const db = database(env.DB);
  const existing = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, input.email)).get();
  if (existing) return { kind: "already-staff" };
  const token = randomToken();
  const expiresAt = now() + INVITE_VALID_SECONDS;
  const [, [invite], mail] = await db.batch([
    db.delete(staffInvites).where(and(eq(staffInvites.email, input.email), isNull(staffInvites.acceptedAt))),
    db.insert(staffInvites).values({ tokenHash: await sha256(token), email: input.email, role: input.role, invitedBy: by.name, expiresAt }).returning({ id: staffInvites.id }),
    mailOutboxInsert(db, inviteMail(env.SITE_URL, input.email, input.role, by.name, token)),
  ]);
  await queueMailDelivery(env, mail);
  await recordAuditEvent(env.DB, "staff.invited", { request, name: by.name }, { subject: input.email, detail: STAFF_ROLE_LABELS[input.role] });
  return { kind: "invited", invite: { id: invite!.id, email: input.email, role: input.role, expiresAt: iso(expiresAt)! } };
}

/** A pending invitation by its link's token, for the page that accepts it; null when unknown, used or expired. */
export async function pendingInvite(d1: D1Database, token: string): Promise<{ email: string; role: StaffRole } | null> {
  const row = await database(d1)
    .select({ email: staffInvites.email, role: staffInvites.role })
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, await sha256(token)), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now())))
    .get();
  return row ?? null;
}

export type AcceptOutcome = { kind: "joined"; email: string } | { kind: "invalid-link" } | { kind: "weak-password"; message: string } | { kind: "already-staff" };

/**
 * The invitee chooses a display name and a password: the staff member is created and the link
 * used up together, guarded so that the same link cannot create two accounts.
 */
export async function acceptStaffInvite(env: Env, request: Request, input: { token: string; displayName: string; password: string }): Promise<AcceptOutcome> {
  const db = database(env.DB);
  const invite = await pendingInvite(env.DB, input.token);
  if (!invite) return { kind: "invalid-link" };
  const problem = staffPasswordProblem(input.password, invite.email);
  if (problem) return { kind: "weak-password", message: problem };
  const used = await db
    .update(staffInvites)
    .set({ acceptedAt: now() })
    .where(and(eq(staffInvites.tokenHash, await sha256(input.token)), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now())))
    .returning({ id: staffInvites.id });
  if (used.length !== 1) return { kind: "invalid-link" };
  const created = await createAdminUser(env.DB, invite.email, input.password, { displayName: input.displayName, role: invite.role });
  if (!created) return { kind: "already-staff" };
  await recordAuditEvent(env.DB, "staff.joined", { request, name: input.displayName }, { subject: invite.email, detail: STAFF_ROLE_LABELS[invite.role] });
  return { kind: "joined", email: invite.email };
}

export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  totpEnabled: boolean;
  joinedAt: string | null;
  lastSeenAt: string | null;
}

export interface PendingInvite {
  id: number;
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
}

/** The team screen: every staff member (with their latest session) and the invitations still open. */
export async function listTeam(d1: D1Database): Promise<{ staff: TeamMember[]; invites: PendingInvite[] }> {
  const db = database(d1);
  const [staff, invites] = await db.batch([
    db
      .select({
        id: adminUsers.id,
        username: adminUsers.username,
        displayName: adminUsers.displayName,
        role: adminUsers.role,
        totpEnabledAt: adminUsers.totpEnabledAt,
        createdAt: adminUsers.createdAt,
        lastSeenAt: max(adminSessions.lastSeenAt),
      })
      .from(adminUsers)
      .leftJoin(adminSessions, eq(adminSessions.userId, adminUsers.id))
      .groupBy(adminUsers.id)
      .orderBy(asc(adminUsers.id)),
    db
      .select({ id: staffInvites.id, email: staffInvites.email, role: staffInvites.role, invitedBy: staffInvites.invitedBy, expiresAt: staffInvites.expiresAt })
      .from(staffInvites)
      .where(and(isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now())))
      .orderBy(desc(staffInvites.id)),
  ]);
  return {
    staff: staff.map((row) => ({
      id: row.id,
      name: row.displayName ?? row.username,
      email: row.username,
      role: row.role,
      totpEnabled: row.totpEnabledAt != null,
      joinedAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
    })),
    invites: invites.map((row) => ({ ...row, expiresAt: iso(row.expiresAt)! })),
  };
}

export type RemoveOutcome = { kind: "removed"; name: string } | { kind: "not-found" } | { kind: "self" };

/**
 * Removes a staff member: their sessions end with them (the very next request is refused), in
 * one batch. Nobody removes themselves, so an administrator always remains.
 */
export async function removeStaff(env: Env, request: Request, by: StaffMember, id: number): Promise<RemoveOutcome> {
  const db = database(env.DB);
  if (id === by.id) return { kind: "self" };
  const target = await db.select({ username: adminUsers.username, displayName: adminUsers.displayName, role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.id, id)).get();
  if (!target) return { kind: "not-found" };
  await db.batch([db.delete(adminSessions).where(eq(adminSessions.userId, id)), db.delete(adminUsers).where(eq(adminUsers.id, id))]);
  const name = target.displayName ?? target.username;
  await recordAuditEvent(env.DB, "staff.removed", { request, name: by.name }, { subject: name, detail: STAFF_ROLE_LABELS[target.role] });
  return { kind: "removed", name };
}

/** A session as its owner sees it; `id` is the stored id in URL-safe form (not the cookie's token). */
export interface OwnSession {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
  userAgent: string | null;
}

const publicSessionId = (storedId: string) => toBase64Url(fromBase64(storedId));
const storedSessionId = (publicId: string) => {
  try {
    return toBase64(Uint8Array.from(atob(publicId.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

export async function listOwnSessions(d1: D1Database, staff: StaffMember, currentSessionId: string | null): Promise<OwnSession[]> {
  const rows = await database(d1).select().from(adminSessions).where(eq(adminSessions.userId, staff.id)).orderBy(desc(adminSessions.lastSeenAt));
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    current: row.id === currentSessionId,
    createdAt: iso(row.createdAt)!,
    lastSeenAt: iso(row.lastSeenAt)!,
    address: row.address,
    userAgent: row.userAgent,
  }));
}

/** Ends one of the staff member's own sessions; false when it is not theirs or already gone. */
export async function endOwnSession(env: Env, request: Request, staff: StaffMember, publicId: string): Promise<boolean> {
  const stored = storedSessionId(publicId);
  if (!stored) return false;
  const ended = await database(env.DB)
    .delete(adminSessions)
    .where(and(eq(adminSessions.id, stored), eq(adminSessions.userId, staff.id)))
    .returning({ id: adminSessions.id });
  if (ended.length === 0) return false;
  await recordAuditEvent(env.DB, "staff.session-ended", { request, name: staff.name });
  return true;
}

