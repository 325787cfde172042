import { describe, expect, it } from "vitest";
import { fromBase32, hotp, matchingTotpStep, newRecoveryCodes, normalRecoveryCode, otpauthUri, toBase32, totpStep } from "~/lib/admin/totp";
import { staffPasswordProblem } from "~/lib/admin/staff";

// RFC 6238 appendix B's SHA-1 key, "12345678901234567890", and its codes (the last six digits).
const RFC_SECRET = toBase32(new TextEncoder().encode("12345678901234567890"));

describe("TOTP", () => {
  it("gives RFC 6238's test codes", async () => {
    for (const [seconds, code] of [[59, "287082"], [1111111109, "081804"], [1111111111, "050471"], [1234567890, "005924"], [2000000000, "279037"]] as const) {
      expect(await hotp(RFC_SECRET, totpStep(seconds * 1000)), String(seconds)).toBe(code);
    }
  });

  it("takes a code of the step before or after, once: never one already used, an older one, or a further one", async () => {
    const now = 1234567890_000;
    const step = totpStep(now);
    expect(await matchingTotpStep(RFC_SECRET, "005924", now, 0)).toBe(step);
    expect(await matchingTotpStep(RFC_SECRET, " 005 924 ", now, 0)).toBe(step);
    expect(await matchingTotpStep(RFC_SECRET, "005924", now, step)).toBeNull();
    expect(await matchingTotpStep(RFC_SECRET, await hotp(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
    expect(await matchingTotpStep(RFC_SECRET, await hotp(RFC_SECRET, step - 1), now, 0)).toBe(step - 1);
    expect(await matchingTotpStep(RFC_SECRET, await hotp(RFC_SECRET, step + 2), now, 0)).toBeNull();
    expect(await matchingTotpStep(RFC_SECRET, "12345", now, 0)).toBeNull();
  });

  it("reads back its base32, names the account in the link, and makes ten distinct recovery codes", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    expect([...fromBase32(toBase32(bytes))]).toEqual([...bytes]);
    expect(otpauthUri(RFC_SECRET, "mod@example.org", "Site Name")).toBe(`otpauth://totp/Site%20Name:mod%40example.org?secret=${RFC_SECRET}&issuer=Site%20Name&algorithm=SHA1&digits=6&period=30`);
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(normalRecoveryCode(" abcde-fghjk ")).toBe("ABCDEFGHJK");
  });
});

describe("a staff password", () => {
  it("is at least 12 characters, not common, not the address's name, not one repeated letter", () => {
    expect(staffPasswordProblem("short", "a@example.org")).toMatch(/en az 12/);
    expect(staffPasswordProblem("1qaz2wsx3edc", "a@example.org")).toMatch(/yaygın/);
    expect(staffPasswordProblem("ZZZZZZZZZZZZZZ", "a@example.org")).toMatch(/yaygın/);
    expect(staffPasswordProblem("deniz.kaya2026!", "deniz.kaya@example.org")).toMatch(/yaygın/);
    expect(staffPasswordProblem("harbour-lantern-quince", "deniz@example.org")).toBeNull();
  });
});
