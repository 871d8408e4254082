import { describe, expect, it } from "vitest";
import { passkeyAddedEmail, passkeyRemovedEmail } from "~/features/accounts/second-factor/passkey-emails";
import { authenticationResponseSchema, registerBodySchema } from "~/features/accounts/second-factor/passkey-schemas";
import { PASSKEY_MSG, passkeyErrorText, passkeyName, transportList } from "~/features/accounts/second-factor/passkeys";
import { securityEventLabel } from "~/features/accounts/security-log";

describe("passkey names", () => {
  it("keeps the owner's name, trimmed, and falls back to the device summary", () => {
    expect(passkeyName("  Work phone ", "Chrome on macOS")).toEqual({ ok: true, name: "Work phone" });
    expect(passkeyName("", "Chrome on macOS")).toEqual({ ok: true, name: "Chrome on macOS" });
    expect(passkeyName(undefined, "")).toEqual({ ok: true, name: "Passkey" });
  });

  it("refuses non-text, control characters and overlong names", () => {
    expect(passkeyName(5, "x")).toEqual({ ok: false });
    expect(passkeyName("a\nb", "x")).toEqual({ ok: false });
    expect(passkeyName("a\u0085b", "x")).toEqual({ ok: false });
    expect(passkeyName("x".repeat(61), "x")).toEqual({ ok: false });
    expect(passkeyName("🔑".repeat(60), "x")).toEqual({ ok: true, name: "🔑".repeat(60) });
  });
});

describe("transports", () => {
  it("keeps only the names WebAuthn defines, once each", () => {
    expect(transportList("internal,hybrid,internal,<script>")).toEqual(["internal", "hybrid"]);
    expect(transportList(["usb", "nfc", "x"])).toEqual(["usb", "nfc"]);
    expect(transportList("")).toEqual([]);
  });
});

describe("browser errors", () => {
  it("say what happened in words", () => {
    expect(passkeyErrorText("NotAllowedError", "sign-in")).toBe(PASSKEY_MSG.cancelled);
    expect(passkeyErrorText("SecurityError", "sign-in")).toBe(PASSKEY_MSG.wrongAddress);
    expect(passkeyErrorText("InvalidStateError", "register")).toBe(PASSKEY_MSG.alreadyOnDevice);
    expect(passkeyErrorText(undefined, "register")).toBe(PASSKEY_MSG.failed);
  });
});

describe("body shapes", () => {
  const assertion = {
    id: "abc_-1",
    rawId: "abc_-1",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
    clientExtensionResults: {},
  };

  it("take a well-formed assertion and refuse wrong types, non-base64url and oversized fields", () => {
    expect(authenticationResponseSchema.safeParse(assertion).success).toBe(true);
    for (const bad of [
      { ...assertion, id: 5 },
      { ...assertion, id: "a b" },
      { ...assertion, id: "A".repeat(1367) },
      { ...assertion, type: "password" },
      { ...assertion, response: { ...assertion.response, signature: "A".repeat(2000) } },
      { ...assertion, clientExtensionResults: "x" },
    ]) {
      expect(authenticationResponseSchema.safeParse(bad).success).toBe(false);
    }
    expect(registerBodySchema.safeParse({ response: assertion }).success).toBe(false);
  });
});

describe("passkey e-mails and log labels", () => {
  it("never carry the passkey's name, and name the device and place", () => {
    const mail = passkeyAddedEmail({
      origin: "https://kiwicompanions.co.nz",
      firstName: "Aroha",
      siteName: "Kiwi Companions",
      device: "Safari on iOS",
      place: "Wellington, NZ",
    });
    expect(mail.subject).toBe("A passkey was added to your Kiwi Companions account");
    expect(mail.text).toContain("(on Safari on iOS, near Wellington, NZ)");
    expect(mail.text).toContain("https://kiwicompanions.co.nz/managesub");
    const removed = passkeyRemovedEmail({ origin: "o", firstName: "", siteName: "S", device: "", place: "" });
    expect(removed.text).toContain("A passkey was just removed from your account. It can no longer sign in.");
  });

  it("labels the three events", () => {
    expect(securityEventLabel("passkey_login")).toBe("Signed in with a passkey");
    expect(securityEventLabel("passkey_added")).toBe("Passkey added");
    expect(securityEventLabel("passkey_removed")).toBe("Passkey removed");
  });
});
