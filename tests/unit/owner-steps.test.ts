import { describe, expect, it } from "vitest";
import { hiddenSteps, setupPending, setupSteps } from "~/features/listings/owner-steps";
import type { HiddenListingState, OwnListingState } from "~/features/listings/owner-steps";

const NEW: OwnListingState = {
  listingId: "abc123",
  verified: false,
  idPending: false,
  photoCount: 3,
  plan: null,
  subscriptionExpired: false,
};

const byKey = (l: OwnListingState) => Object.fromEntries(setupSteps(l).map((s) => [s.key, s]));

describe("the dashboard card's checklist", () => {
  it("gives a new listing its three steps, each with its state and link", () => {
    const steps = byKey(NEW);
    expect(steps.id).toMatchObject({ state: "todo", href: "/verification", action: "Get verified" });
    expect(steps.photos).toMatchObject({ state: "done", detail: "3 photos.", href: null });
    expect(steps.plan).toMatchObject({
      state: "todo",
      detail: "A paid weekly plan is needed to go live.",
      href: "/subscriptions?listing=abc123",
      action: "Choose a plan",
    });
    expect(setupPending(setupSteps(NEW))).toBe(true);
  });

  it("waits on an ID request sent, asks for photos when too few, and sends a lapsed plan to renew", () => {
    const steps = byKey({ ...NEW, idPending: true, photoCount: 2, subscriptionExpired: true });
    expect(steps.id).toMatchObject({ state: "waiting", href: null, detail: "Sent. We review it within 48 hours." });
    expect(steps.photos).toMatchObject({
      state: "todo",
      href: "/profile/edit/abc123",
      detail: "At least 3 are needed.",
    });
    expect(steps.plan).toMatchObject({ state: "todo", href: "/managesub", action: "Renew the plan" });
  });

  it("keeps an agency listing's checklist while its worker's consent or the agency's check waits", () => {
    const done = { ...NEW, verified: true, plan: "Standard" };
    const steps = setupSteps({ ...done, awaitingConsent: true, agencyHeld: true });
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ["id", "done"],
      ["photos", "done"],
      ["plan", "done"],
      ["consent", "waiting"],
      ["agency", "waiting"],
    ]);
    expect(setupPending(steps)).toBe(true);
  });

  it("is done, and not shown, once verified, with photos and a plan", () => {
    const steps = setupSteps({ ...NEW, verified: true, plan: "Standard" });
    expect(steps.map((s) => s.state)).toEqual(["done", "done", "done"]);
    expect(setupPending(steps)).toBe(false);
  });
});

describe("the owner's view of a hidden listing", () => {
  const HIDDEN: HiddenListingState = {
    verified: false,
    idPending: false,
    paid: false,
    subscriptionExpired: false,
    pausedAt: null,
    pausedUntil: null,
    hiddenAsStale: false,
    switchedOff: false,
    awaitingConsent: false,
    agencyHeld: false,
    numberHeld: false,
  };

  it("names what it waits for, most fixable first, each with the next step", () => {
    const steps = hiddenSteps(HIDDEN);
    expect(steps.map((s) => s.until)).toEqual(["your ID is verified", "it has a paid plan"]);
    expect(steps[0].link).toEqual({ href: "/verification", label: "Get verified" });
    expect(steps[1].link).toEqual({ href: "/subscriptions", label: "Choose a plan" });
  });

  it("says an ID under review needs nothing more, and a break ends on its NZ date", () => {
    const pending = hiddenSteps({ ...HIDDEN, idPending: true, paid: true });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ until: "your ID is approved", link: null });
    // Noon UTC on 4 December is 1 am on the 5th in Auckland.
    const paused = hiddenSteps({
      ...HIDDEN,
      verified: true,
      paid: true,
      pausedAt: 1,
      pausedUntil: Date.UTC(2026, 11, 4, 12),
    });
    expect(paused.map((s) => s.until)).toEqual(["your break ends on 5 December 2026"]);
  });

  it("names an agency listing's wait for its worker's consent and for the agency's check", () => {
    const steps = hiddenSteps({ ...HIDDEN, verified: true, paid: true, awaitingConsent: true, agencyHeld: true });
    expect(steps.map((s) => s.until)).toEqual(["its worker consents", "your agency's check is done"]);
  });

  it("has nothing to say of a public listing", () => {
    expect(hiddenSteps({ ...HIDDEN, verified: true, paid: true })).toEqual([]);
  });
});
