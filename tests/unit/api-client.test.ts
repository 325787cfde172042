import { describe, expect, it } from "vitest";
import { ApiError, plainErrorMessage } from "~/lib/admin/api-client";

describe("plainErrorMessage", () => {
  it("says the server's message of a failed call, not the status and JSON body", () => {
    const gone = new ApiError(404, '404: {"success":false,"message":"Business not found"}', "Business not found");
    expect(plainErrorMessage(gone)).toBe("Business not found");
  });

  it("falls back to the whole message when the body carried none, and to the text of anything else", () => {
    expect(plainErrorMessage(new ApiError(502, "502: Bad Gateway", null))).toBe("502: Bad Gateway");
    expect(plainErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(plainErrorMessage("offline")).toBe("offline");
  });
});
