// The pure rules of the owner's session list and sensitive-change forms (app/features/accounts/settings/account-settings.ts).
import { describe, expect, it } from "vitest";
import {
  changeEmailSchema,
  changePasswordSchema,
  isAccountIntent,
  isPublicSessionId,
  orderSessions,
} from "~/features/accounts/settings/account-settings";
import { MSG, parseWith } from "~/features/accounts/auth-schemas";

describe("account settings rules", () => {
  it("stores a new e-mail address trimmed and lower-cased, and refuses malformed or over-long ones", () => {
    expect(parseWith(changeEmailSchema, { newEmail: "  Aroha@Example.NZ " })).toEqual({
      ok: true,
      data: { newEmail: "aroha@example.nz", currentPassword: "" },
    });
    expect(parseWith(changeEmailSchema, { newEmail: "nope" })).toEqual({ ok: false, error: MSG.emailInvalid });
    expect(parseWith(changeEmailSchema, {})).toEqual({ ok: false, error: MSG.emailInvalid });
    expect(parseWith(changeEmailSchema, { newEmail: `${"a".repeat(250)}@x.nz` })).toEqual({
      ok: false,
      error: MSG.emailTooLong,
    });
    expect(parseWith(changeEmailSchema, { newEmail: ["a@x.nz"] })).toEqual({ ok: false, error: MSG.emailNotText });
  });

  it("checks a new password's length before the confirmation, and leaves the current one to the server", () => {
    const ok = parseWith(changePasswordSchema, { newPassword: "long enough 1", confirmPassword: "long enough 1" });
    expect(ok).toEqual({
      ok: true,
      data: { currentPassword: "", newPassword: "long enough 1", confirmPassword: "long enough 1" },
    });
    expect(parseWith(changePasswordSchema, { newPassword: "short", confirmPassword: "other" })).toEqual({
      ok: false,
      error: MSG.passwordMin,
    });
    expect(parseWith(changePasswordSchema, { newPassword: "long enough 1", confirmPassword: "long enough 2" })).toEqual(
      { ok: false, error: MSG.passwordMismatch },
    );
    expect(parseWith(changePasswordSchema, { newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) })).toEqual(
      { ok: false, error: MSG.passwordMax },
    );
  });

  it("knows its intents and the shape of a public session id", () => {
    expect(isAccountIntent("revokeSession")).toBe(true);
    expect(isAccountIntent("deleteAccount")).toBe(false);
    expect(isAccountIntent("toString")).toBe(false);
    expect(isPublicSessionId("A".repeat(22))).toBe(true);
    for (const bad of ["A".repeat(21), "A".repeat(64), "a/b".padEnd(22, "x"), 22, null]) {
      expect(isPublicSessionId(bad)).toBe(false);
    }
  });

  it("puts this device first, then the most recently used", () => {
    const s = (publicId: string, lastSeenAt: number, current = false) => ({
      publicId,
      lastSeenAt,
      createdAt: 0,
      current,
    });
    expect(orderSessions([s("a", 1), s("b", 3), s("c", 2, true)]).map((x) => x.publicId)).toEqual(["c", "b", "a"]);
  });
});
