/** Every admin page (other than the login page itself), with the route that serves it. */
export const ADMIN_PAGES: [routeId: string, path: string][] = [
  ["routes/admin", "/admin/reports?via=layout"],
  ["routes/admin.dashboard", "/admin/dashboard"],
  ["routes/admin.businesses", "/admin/businesses?page=2&sortBy=rating"],
  ["routes/admin.settings", "/admin/settings"],
  ["routes/admin.advertisements", "/admin/advertisements"],
  ["routes/admin.reports", "/admin/reports"],
  ["routes/admin-legacy", "/admin-legacy?view=settings"],
  ["routes/admin.upload", "/admin/upload"],
  ["routes/admin.messages._index", "/admin/messages?q=x"],
  ["routes/admin.messages.$id", "/admin/messages/1"],
  ["routes/admin.activity", "/admin/activity?action=cache.cleared"],
  ["routes/admin.moderation", "/admin/moderation?kind=claim"],
  ["routes/admin.moderation_.reasons", "/admin/moderation/reasons"],
  ["routes/admin.members._index", "/admin/members?q=x"],
  ["routes/admin.members.$id", "/admin/members/1"],
  ["routes/admin.team", "/admin/team"],
  ["routes/admin.account", "/admin/account"],
];

/** Every admin or mutating call, with every method it answers. */
export const ADMIN_CALLS: [routeId: string, method: string, path: string, body?: unknown][] = [
  ["routes/api.admin.stats", "GET", "/api/admin/stats"],
  ["routes/api.admin.businesses", "GET", "/api/admin/businesses?page=1"],
  ["routes/api.admin.businesses", "DELETE", "/api/admin/businesses"],
  ["routes/api.admin.businesses.$id.toggle-approval", "POST", "/api/admin/businesses/1/toggle-approval"],
  ["routes/api.admin.categories", "GET", "/api/admin/categories"],
  ["routes/api.admin.country-codes", "GET", "/api/admin/country-codes"],
  ["routes/api.businesses.$slug", "DELETE", "/api/businesses/1"],
  ["routes/api.admin.test-data", "DELETE", "/api/admin/test-data"],
  ["routes/api.admin.fix-slugs", "POST", "/api/admin/fix-slugs"],
  ["routes/api.admin.export-csv", "GET", "/api/admin/export-csv?fields=name"],
  ["routes/api.export-csv", "POST", "/api/export-csv", { selectedFields: ["name"], countryCode: "all" }],
  ["routes/api.admin.site-settings", "POST", "/api/admin/site-settings", { head_tags: "<b>x</b>", footer_tags: "", analytics_code: "", facebook_pixel: "" }],
  ["routes/api.admin.clear-cache", "POST", "/api/admin/clear-cache"],
  ["routes/api.admin.advertisement-codes", "POST", "/api/admin/advertisement-codes", { ad1: "<b>ad</b>", ad2: "", ad3: "", ad4: "" }],
  ["routes/api.admin.sitemaps.rebuild", "POST", "/api/admin/sitemaps/rebuild"],
  ["routes/api.admin.upload-reports", "GET", "/api/admin/upload-reports"],
  ["routes/api.admin.upload-jobs", "GET", "/api/admin/upload-jobs"],
  ["routes/api.admin.upload-jobs.$jobId", "GET", "/api/admin/upload-jobs/job-1"],
  ["routes/api.admin.upload-jobs.$jobId.progress", "GET", "/api/admin/upload-jobs/job-1/progress"],
  ["routes/api.admin.uploads", "POST", "/api/admin/uploads", { fileName: "a.csv", fileSize: 10 }],
  ["routes/api.admin.uploads.$jobId.parts.$partNumber", "PUT", "/api/admin/uploads/job-1/parts/1", "part"],
  ["routes/api.admin.uploads.$jobId.complete", "POST", "/api/admin/uploads/job-1/complete", { parts: [] }],
  ["routes/api.upload-excel-batch", "POST", "/api/upload-excel-batch", "file"],
  ["routes/api.upload-excel", "POST", "/api/upload-excel", "file"],
  ["routes/api.admin.messages", "GET", "/api/admin/messages"],
  ["routes/api.admin.messages.$id", "GET", "/api/admin/messages/1"],
  ["routes/api.admin.messages.$id", "POST", "/api/admin/messages/1", { handled: true }],
  ["routes/api.admin.messages.$id", "DELETE", "/api/admin/messages/1"],
  ["routes/api.admin.messages.handled", "DELETE", "/api/admin/messages/handled"],
  ["routes/api.admin.notifications.seen", "POST", "/api/admin/notifications/seen"],
  ["routes/api.admin.audit-log", "GET", "/api/admin/audit-log"],
  ["routes/api.admin.moderation", "GET", "/api/admin/moderation"],
  ["routes/api.admin.moderation.$id", "POST", "/api/admin/moderation/1", { decision: "approve" }],
  ["routes/api.admin.moderation.$id.hold", "POST", "/api/admin/moderation/1/hold"],
  ["routes/api.admin.moderation.$id.hold", "DELETE", "/api/admin/moderation/1/hold"],
  ["routes/api.admin.moderation.bulk", "POST", "/api/admin/moderation/bulk", { ids: [1], decision: "approve" }],
  ["routes/api.admin.moderation.reasons", "GET", "/api/admin/moderation/reasons"],
  ["routes/api.admin.moderation.reasons", "PUT", "/api/admin/moderation/reasons", { templates: ["Walked."] }],
  ["routes/api.admin.members", "GET", "/api/admin/members?q=x"],
  ["routes/api.admin.members.$id", "GET", "/api/admin/members/1"],
  ["routes/api.admin.members.$id.sanctions", "POST", "/api/admin/members/1/sanctions", { level: "warning", reason: "x" }],
  ["routes/api.admin.members.$id.sanctions.$sanctionId.lift", "POST", "/api/admin/members/1/sanctions/1/lift"],
  ["routes/api.admin.review-settings", "GET", "/api/admin/review-settings"],
  ["routes/api.admin.review-settings", "POST", "/api/admin/review-settings", { publishUnflagged: true }],
  ["routes/api.admin.team", "GET", "/api/admin/team"],
  ["routes/api.admin.team", "POST", "/api/admin/team", { email: "walk@example.org", role: "admin" }],
  ["routes/api.admin.team.$id", "DELETE", "/api/admin/team/1"],
  ["routes/api.admin.account.sessions", "GET", "/api/admin/account/sessions"],
  ["routes/api.admin.account.sessions.$id", "DELETE", "/api/admin/account/sessions/x"],
];

/** Admin routes open by design: the way in and out, the signed-out /admin panel, public reads. */
export const OPEN_BY_DESIGN = [
  "routes/admin_.login", "routes/admin._index", "routes/api.admin.login", "routes/api.admin.logout",
  // A member's claim and message to an owner: guarded by the member session (tests/worker/listings.test.ts), not the admin's.
  "routes/api.businesses.$slug.claim", "routes/api.businesses.$slug.messages",
  // Guest reviews: read by anyone, written by a signed-in member (tests/worker/reviews.test.ts).
  "routes/api.businesses.$slug.reviews",
  // A member's report of a listing (tests/worker/review-replies-reports.test.ts).
  "routes/api.businesses.$slug.report",
  // Whether the signed-in member owns a business (the page's "Reply as the owner"): a member call, 401
  // signed out (tests/worker/review-replies-reports.test.ts).
  "routes/api.account.businesses.$slug",
  // An invitation's link and its acceptance: the one-time token is the proof (tests/worker/staff-roles.test.ts).
  "routes/admin_.invite.$token", "routes/api.admin.team.accept",
];

/**
 * The routes a moderator may use (decision 119): the queue, the members pages and sanctions, the
 * audit log and their own account; a route named with a method, only that method of it. Every
 * other route and method of the lists above answers them 403.
 */
// The layout ("routes/admin") is walked through /admin/reports above, which is an administrator's.
const FOR_MODERATORS = new Set([
  "routes/admin.moderation", "routes/admin.members._index", "routes/admin.members.$id", "routes/admin.activity", "routes/admin.account",
  "routes/api.admin.moderation", "routes/api.admin.moderation.$id", "routes/api.admin.moderation.$id.hold", "routes/api.admin.moderation.bulk",
  "GET routes/api.admin.moderation.reasons", "routes/api.admin.members", "routes/api.admin.members.$id",
  "routes/api.admin.members.$id.sanctions", "routes/api.admin.members.$id.sanctions.$sanctionId.lift", "routes/api.admin.audit-log",
  "routes/api.admin.account.sessions", "routes/api.admin.account.sessions.$id",
]);

/** Whether a moderator may use `method` of the route `routeId`. */
export function moderatorMay(routeId: string, method = "GET"): boolean {
  return FOR_MODERATORS.has(routeId) || FOR_MODERATORS.has(`${method} ${routeId}`);
}
