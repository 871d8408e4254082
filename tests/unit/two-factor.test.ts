// The pure rules of two-factor sign-in (app/features/accounts/second-factor/totp.ts): RFC 6238 codes, one step of drift either
// way, no replay, and the recovery codes' shape.
import { TOTP, Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  adminSetUpUrl,
  checkTotp,
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  normaliseTotpCode,
  totpCodeAt,
  totpStep,
  totpUri,
} from "~/features/accounts/second-factor/totp";

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890"), whose codes at these instants are published.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const STEP = 30_000;
/** The middle of a step, well away from its edges. */
const T = 1_700_000_015_000;

describe("TOTP codes", () => {
  it("match RFC 6238's test vectors (6 digits of the 8-digit values)", () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });

  it("accept the current step and one either side, refuse two", () => {
    const secret = newTotpSecret();
    for (const drift of [-1, 0, 1]) {
      expect(checkTotp(secret, totpCodeAt(secret, T + drift * STEP), T, 0)).toEqual({
        ok: true,
        step: totpStep(T) + drift,
      });
    }
    for (const drift of [-2, 2, 10]) {
      expect(checkTotp(secret, totpCodeAt(secret, T + drift * STEP), T, 0)).toEqual({ ok: false, reason: "wrong" });
    }
  });

  it("refuse a code for the last accepted step or an earlier one (replay)", () => {
    const secret = newTotpSecret();
    const code = totpCodeAt(secret, T);
    const first = checkTotp(secret, code, T, 0);
    expect(first.ok).toBe(true);
    const last = first.ok ? first.step : 0;
    expect(checkTotp(secret, code, T + 1000, last)).toEqual({ ok: false, reason: "replayed" });
    expect(checkTotp(secret, totpCodeAt(secret, T - STEP), T, last)).toEqual({ ok: false, reason: "replayed" });
    expect(checkTotp(secret, totpCodeAt(secret, T + STEP), T, last).ok).toBe(true);
  });

  it("take spaces and dashes, refuse anything but 6 digits", () => {
    expect(normaliseTotpCode(" 123 456 ")).toBe("123456");
    expect(normaliseTotpCode("123-456")).toBe("123456");
    for (const bad of ["12345", "1234567", "12345a", "１２３４５６", 123456, null, "1".repeat(100)])
      expect(normaliseTotpCode(bad)).toBeNull();
    expect(checkTotp(newTotpSecret(), "abc", T, 0)).toEqual({ ok: false, reason: "format" });
  });

  it("make 160-bit secrets and an otpauth address any app reads (SHA1, 6 digits, 30 s)", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    const uri = totpUri(secret, "owner@test.nz", "Kiwi Companions");
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe("otpauth:");
    expect(parsed.searchParams.get("secret")).toBe(secret);
    expect(parsed.searchParams.get("issuer")).toBe("Kiwi Companions");
    expect(parsed.searchParams.get("algorithm")).toBe("SHA1");
    expect(parsed.searchParams.get("digits")).toBe("6");
    expect(parsed.searchParams.get("period")).toBe("30");
    // What an app computes from it is what the server accepts.
    const app = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(checkTotp(secret, app.generate({ timestamp: T }), T, 0).ok).toBe(true);
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes of 10 unambiguous characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });

  it("normalise what people type, and refuse what cannot be one", () => {
    expect(normaliseRecoveryCode("ABCDE FGHJK")).toBe("abcdefghjk");
    expect(normaliseRecoveryCode("abcde-fghjk")).toBe("abcdefghjk");
    for (const bad of ["abcde-fghj", "abcde-fghjl", "0bcde-fghjk", "x".repeat(1000), 42, undefined])
      expect(normaliseRecoveryCode(bad)).toBeNull();
  });
});

describe("the administrator's set-up address", () => {
  it("carries required=admin and redirectTo, encoded", () => {
    expect(adminSetUpUrl("/admin/reports?status=open")).toBe(
      "/account/two-factor?required=admin&redirectTo=%2Fadmin%2Freports%3Fstatus%3Dopen",
    );
  });
});
