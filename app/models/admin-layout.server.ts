import { getDirectoryTotals } from "~/models/directory.server";
import { countRecentContactMessages } from "~/models/admin-stats.server";
import { getAdCodes } from "~/models/site-settings.server";

export interface AdminLayoutFigures {
  /** Every business (sidebar badge). */
  businessCount: number;
  /** Advertisement slots holding a code (sidebar badge). */
  filledAdSlots: number;
  /** Contact messages of the last 7 days (notification count). */
  recentMessages: number;
}

export async function getAdminLayoutFigures(db: D1Database): Promise<AdminLayoutFigures> {
  const [totals, ads, recentMessages] = await Promise.all([getDirectoryTotals(db), getAdCodes(db), countRecentContactMessages(db)]);
  return {
    businessCount: totals.allBusinessCount,
    filledAdSlots: Object.values(ads).filter((code) => code.trim() !== "").length,
    recentMessages,
  };
}
