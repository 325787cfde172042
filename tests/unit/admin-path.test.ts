import { describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPath } from "~/lib/admin/admin-path";

describe("admin paths", () => {
  it("knows the admin however its address is spelled, as the router matches it", () => {
    for (const path of ["/admin", "/admin/businesses", "/ADMIN/businesses", "/Admin/settings", "/%61dmin/businesses", "/%41DMIN", "/ADMIN-LEGACY"]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    for (const path of ["/", "/contact", "/business/admin-hotel", "/api/admin/stats", "/%E0admin"]) expect(isAdminPath(path), path).toBe(false);
  });

  it("knows the admin calls however their address is spelled", () => {
    for (const path of ["/api/admin", "/api/admin/stats", "/API/Admin/site-settings", "/api/%61dmin/stats"]) expect(isAdminApiPath(path), path).toBe(true);
    for (const path of ["/api/administrators", "/api/businesses", "/admin"]) expect(isAdminApiPath(path), path).toBe(false);
  });
});
