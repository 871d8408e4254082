import { describe, expect, it } from "vitest";
import { deviceSummary, placeOf, SECURITY_EVENTS, securityEventLabel } from "~/features/accounts/security-log";
import { monthsBefore } from "~/features/site/retention";

describe("deviceSummary", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge on macOS",
    ],
    ["curl/8.5.0", "Other browser"],
    ["", ""],
  ])("%s → %s", (ua, expected) => {
    expect(deviceSummary(ua)).toBe(expected);
  });

  it("never returns more than the family and system, whatever the agent says", () => {
    const long = `Mozilla/5.0 (X11; Linux x86_64) Firefox/1.0 ${"secret-token ".repeat(50)}`;
    expect(deviceSummary(long)).toBe("Firefox on Linux");
  });
});

describe("placeOf", () => {
  it("keeps city and country only, cut short", () => {
    expect(placeOf({ city: "Wellington", country: "NZ" })).toBe("Wellington, NZ");
    expect(placeOf({ country: "NZ" })).toBe("NZ");
    expect(placeOf(undefined)).toBe("");
    expect(placeOf({ city: "x".repeat(500), country: 42 })).toHaveLength(60);
  });
});

describe("labels and months", () => {
  it("labels known events and passes unknown ones through", () => {
    expect(securityEventLabel("login_failed")).toBe("Failed sign-in (wrong password)");
    expect(securityEventLabel("two_factor_enabled")).toBe("Two-factor sign-in turned on");
    expect(securityEventLabel("other")).toBe("other");
  });

  it("says exactly what happened: how someone signed in, what was wrong, who removed a listing", () => {
    expect(securityEventLabel("login")).toBe("Signed in with your password");
    expect(securityEventLabel("login_two_factor")).toBe("Signed in with your password and a two-factor code");
    expect(securityEventLabel("recovery_code_used")).toBe("Signed in with your password and a recovery code");
    expect(securityEventLabel("login_email_confirmed")).toBe("Signed in by confirming your e-mail address");
    expect(securityEventLabel("recovery_code_failed")).toBe("Failed sign-in (wrong recovery code)");
    expect(securityEventLabel("listing_deleted")).toBe("You deleted a listing");
    expect(securityEventLabel("listing_removed_by_admin")).toBe("An administrator removed one of your listings");
    // No two events read the same.
    const labels = Object.values(SECURITY_EVENTS);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("counts calendar months back", () => {
    expect(monthsBefore(Date.UTC(2030, 5, 15), 12)).toBe(Date.UTC(2029, 5, 15));
  });
});
