import { eq, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import type { AdminNotifications } from "~/lib/admin/admin-notifications";
import { getDirectoryTotals } from "~/models/directory.server";
import { countAuditEventsSinceSeen } from "~/models/audit-log.server";
import { countUnreadContactMessages } from "~/models/contact.server";
import { countPendingModeration } from "~/models/moderation.server";
import { getAdCodes } from "~/models/site-settings.server";

export interface AdminLayoutFigures {
  /** Every business (sidebar badge). */
  businessCount: number;
  /** Advertisement slots holding a code (sidebar badge). */
  filledAdSlots: number;
  /** Moderation items waiting for a decision (sidebar badge "Moderasyon"). */
  pendingModeration: number;
  notifications: AdminNotifications;
}

export async function getAdminNotifications(db: D1Database, userId: number): Promise<AdminNotifications> {
  // Every admin page asks: the counts read the seen time themselves, so all five go at once.
  const [seen, unreadMessages, failedImports, failedSignIns, failedMails] = await Promise.all([
    database(db).select({ seenAt: adminUsers.notificationsSeenAt }).from(adminUsers).where(eq(adminUsers.id, userId)).get(),
    countUnreadContactMessages(db),
    countAuditEventsSinceSeen(db, "import.failed", userId),
    countAuditEventsSinceSeen(db, "auth.sign-in-failed", userId),
    countAuditEventsSinceSeen(db, "mail.failed", userId),
  ]);
  return { unreadMessages, failedImports, failedSignIns, failedMails, seenAt: seen?.seenAt ?? 0 };
}

/** The admin opened the notifications: failed imports, sign-ins and e-mail until now are no longer new. */
export async function markNotificationsSeen(db: D1Database, userId: number): Promise<AdminNotifications> {
  await database(db).update(adminUsers).set({ notificationsSeenAt: sql`unixepoch()` }).where(eq(adminUsers.id, userId));
  return getAdminNotifications(db, userId);
}

export async function getAdminLayoutFigures(db: D1Database, userId: number): Promise<AdminLayoutFigures> {
  const [totals, ads, pendingModeration, notifications] = await Promise.all([getDirectoryTotals(db), getAdCodes(db), countPendingModeration(db), getAdminNotifications(db, userId)]);
  return {
    businessCount: totals.allBusinessCount,
    filledAdSlots: Object.values(ads).filter((code) => code.trim() !== "").length,
    pendingModeration,
    notifications,
  };
}
