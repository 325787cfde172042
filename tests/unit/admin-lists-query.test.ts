import { describe, expect, it } from "vitest";
import { bulkStepDetail, parseAuditQuery } from "~/lib/admin/audit-actions";
import { notificationCount } from "~/lib/admin/admin-notifications";
import { parseInboxQuery } from "~/lib/admin/inbox-query";

describe("inbox query", () => {
  it("reads search, filter and page, and falls back on anything else instead of failing the page", () => {
    expect(parseInboxQuery(new URLSearchParams("q=%20hotel%20&filter=handled&page=3"))).toEqual({ q: "hotel", filter: "handled", page: 3 });
    expect(parseInboxQuery(new URLSearchParams("filter=spam&page=abc"))).toEqual({ q: "", filter: "all", page: 1 });
    expect(parseInboxQuery(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseInboxQuery(new URLSearchParams(`q=${"x".repeat(201)}`)).q).toBe("");
  });
});

describe("audit log query", () => {
  it("keeps a known action and a calendar day, and drops an unknown action or a malformed day", () => {
    expect(parseAuditQuery(new URLSearchParams("action=import.failed&day=2026-03-11&tz=Europe/Istanbul&page=2"))).toEqual({
      action: "import.failed",
      day: "2026-03-11",
      tz: "Europe/Istanbul",
      page: 2,
    });
    expect(parseAuditQuery(new URLSearchParams("action=DROP TABLE&day=11.03.2026"))).toEqual({ action: undefined, day: undefined, tz: undefined, page: 1 });
  });

  it("says what one step of a bulk delete did, and whether more remain", () => {
    expect(bulkStepDetail({ deletedCount: 500, done: false })).toBe("500 silindi, devamı var");
    expect(bulkStepDetail({ deletedCount: 12, done: true })).toBe("12 silindi");
  });
});

describe("notification count", () => {
  it("counts every event the bell lists", () => {
    expect(notificationCount({ unreadMessages: 2, failedImports: 1, failedSignIns: 4, failedMails: 3, seenAt: 0 })).toBe(10);
  });
});
