import { describe, expect, it } from "vitest";
import {
  REMINDER_SNOOZE_MS,
  showsTwoFactorReminder,
  twoFactorOfferPath,
} from "~/features/accounts/second-factor/two-factor-offer";

describe("two-factor offered at the start", () => {
  const now = Date.UTC(2026, 10, 28);
  it("reminds while two-factor is off, rests 30 days after 'Not now', and stops once it is on", () => {
    expect(showsTwoFactorReminder({ twoFactorOn: false, dismissedAt: null, now })).toBe(true);
    expect(showsTwoFactorReminder({ twoFactorOn: false, dismissedAt: now - 1000, now })).toBe(false);
    expect(showsTwoFactorReminder({ twoFactorOn: false, dismissedAt: now - REMINDER_SNOOZE_MS + 1, now })).toBe(false);
    expect(showsTwoFactorReminder({ twoFactorOn: false, dismissedAt: now - REMINDER_SNOOZE_MS, now })).toBe(true);
    expect(showsTwoFactorReminder({ twoFactorOn: true, dismissedAt: null, now })).toBe(false);
  });
  it("leads through the offer on to where the sign-up was going", () => {
    expect(twoFactorOfferPath("/dashboard")).toBe("/account/secure?redirectTo=%2Fdashboard");
    expect(twoFactorOfferPath("/subscriptions?tier=featured")).toBe(
      "/account/secure?redirectTo=%2Fsubscriptions%3Ftier%3Dfeatured",
    );
  });
});
