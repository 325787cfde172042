/** What the bell tells an administrator: real events, counted when the admin layout loads. */
export interface AdminNotifications {
  /** Contact messages nobody has opened. */
  unreadMessages: number;
  /** Imports that failed since this admin last opened the notifications. */
  failedImports: number;
  /** Failed sign-ins (any name tried) since then. */
  failedSignIns: number;
  /** E-mail that could not be sent (after its retries) since then. */
  failedMails: number;
  /** When this admin last opened the notifications (seconds; 0: never). */
  seenAt: number;
}

/** The bell's count: every event it lists. */
export function notificationCount(notifications: AdminNotifications): number {
  return notifications.unreadMessages + notifications.failedImports + notifications.failedSignIns + notifications.failedMails;
}
