// The one rule for when a listing is public (app/features/listings/visibility.ts), over every combination
// of its inputs, and what the owner is told to do next.
import { describe, expect, it } from "vitest";
import { HIDE_REASONS, hideReasons, isPublic } from "~/features/listings/visibility";
import type { VisibilityInputs } from "~/features/listings/visibility";
import { badgeText } from "~/features/listings/state";
import { nextStepAfterApproval, verificationDecisionEmail } from "~/features/verification/emails";

const KEYS = [
  "verified",
  "paid",
  "paused",
  "stale",
  "switchedOff",
  "awaitingConsent",
  "agencyHeld",
  "numberHeld",
] as const;

/** All 256 combinations of the eight inputs. */
function everyCombination(): VisibilityInputs[] {
  return Array.from({ length: 1 << KEYS.length }, (_, bits) =>
    Object.fromEntries(KEYS.map((k, i) => [k, Boolean(bits & (1 << i))])),
  ) as VisibilityInputs[];
}

describe("isPublic", () => {
  it("is true for exactly one of the 256 combinations: verified, paid, not paused, not stale, not switched off, no hold", () => {
    const shown = everyCombination().filter(isPublic);
    expect(shown).toEqual([
      {
        verified: true,
        paid: true,
        paused: false,
        stale: false,
        switchedOff: false,
        awaitingConsent: false,
        agencyHeld: false,
        numberHeld: false,
      },
    ]);
  });

  it("names every reason that hides a listing, in the order the owner can fix them", () => {
    for (const inputs of everyCombination()) {
      const reasons = hideReasons(inputs);
      expect(reasons.includes("unverified")).toBe(!inputs.verified);
      expect(reasons.includes("unpaid")).toBe(!inputs.paid);
      expect(reasons.includes("paused")).toBe(inputs.paused);
      expect(reasons.includes("stale")).toBe(inputs.stale);
      expect(reasons.includes("switchedOff")).toBe(inputs.switchedOff);
      expect(reasons.includes("awaitingConsent")).toBe(inputs.awaitingConsent);
      expect(reasons.includes("agencyHeld")).toBe(inputs.agencyHeld);
      expect(reasons.includes("numberHeld")).toBe(inputs.numberHeld);
      expect(reasons).toEqual(HIDE_REASONS.filter((r) => reasons.includes(r)));
      expect(isPublic(inputs)).toBe(reasons.length === 0);
    }
  });
});

describe("after an approved ID review", () => {
  const base: VisibilityInputs = {
    verified: true,
    paid: true,
    paused: false,
    stale: false,
    switchedOff: false,
    awaitingConsent: false,
    agencyHeld: false,
    numberHeld: false,
  };

  it("says what happens next for each thing that can still hide the listing", () => {
    expect(nextStepAfterApproval(base)).toBe("It is live now: visitors can find it.");
    expect(nextStepAfterApproval({ ...base, paid: false })).toMatch(/Choose a plan .* goes live as soon as it is paid/);
    expect(nextStepAfterApproval({ ...base, paused: true })).toMatch(/on a break/);
    expect(nextStepAfterApproval({ ...base, stale: true })).toMatch(/Still available/);
    expect(nextStepAfterApproval({ ...base, switchedOff: true })).toMatch(/switch Live on/);
  });

  it("the e-mail names the listing and the next step; a refusal carries the reason and the way to ask again", () => {
    const common = {
      origin: "https://example.test",
      siteName: "Kiwi Companions",
      firstName: "Mia",
      listingName: "Ruby",
      kind: "id" as const,
      rereview: false,
      reason: "",
      listing: { ...base, paid: false },
    };
    const ok = verificationDecisionEmail({ ...common, status: "approved" });
    expect(ok.subject).toBe("Your ID verification request was approved");
    expect(ok.text).toContain("Ruby is verified.");
    expect(ok.text).toContain("Choose a plan");
    // The card's tick is the photos' check, not the ID's.
    expect(ok.text).toContain("The tick beside a name on its card means its photos are verified");
    expect(ok.text).toContain("https://example.test/dashboard");
    const no = verificationDecisionEmail({ ...common, status: "rejected", reason: "The photo is blurred <b>" });
    expect(no.subject).toBe("Your ID verification request was not approved");
    // Discreet on a lock screen: no working name in either subject.
    expect(`${ok.subject} ${no.subject}`).not.toContain("Ruby");
    expect(no.text).toContain("Reason: The photo is blurred <b>");
    expect(no.html).toContain("The photo is blurred &#60;b&#62;");
    expect(no.text).toContain("https://example.test/verification");
  });
});

describe("the dashboard badge", () => {
  it("says what an approved listing waits for", () => {
    expect(badgeText({ live: false, verified: true, paid: false })).toBe("Hidden - Choose a plan");
    expect(badgeText({ live: false, verified: true, paid: true })).toBe("Hidden");
    expect(badgeText({ live: false, verified: false, paid: false })).toBe("Hidden - Get Verified");
    expect(badgeText({ live: true, verified: true, paid: true })).toBe("LIVE");
  });
});
