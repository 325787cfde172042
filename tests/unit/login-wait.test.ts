import { describe, expect, it } from "vitest";
import { loginWaitMessage } from "~/lib/admin/login-wait";

describe("loginWaitMessage", () => {
  it("says when to try again in seconds under a minute and in whole minutes from then on, in English", () => {
    expect(loginWaitMessage(1, "en")).toBe("Too many failed login attempts. Try again in 1 second.");
    expect(loginWaitMessage(30, "en")).toBe("Too many failed login attempts. Try again in 30 seconds.");
    expect(loginWaitMessage(60, "en")).toBe("Too many failed login attempts. Try again in 1 minute.");
    expect(loginWaitMessage(61, "en")).toBe("Too many failed login attempts. Try again in 2 minutes.");
    expect(loginWaitMessage(900, "en")).toBe("Too many failed login attempts. Try again in 15 minutes.");
  });

  it("says the same in Turkish for the Turkish sign-in screen", () => {
    expect(loginWaitMessage(30, "tr")).toBe("Çok fazla başarısız giriş denemesi. 30 saniye sonra tekrar deneyin.");
    expect(loginWaitMessage(899, "tr")).toBe("Çok fazla başarısız giriş denemesi. 15 dakika sonra tekrar deneyin.");
  });
});
