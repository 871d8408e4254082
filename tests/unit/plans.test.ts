import { describe, expect, it } from "vitest";
import {
  gstIncludedCents,
  isPlanTier,
  loginPathForPlan,
  parsePlanTier,
  PLAN_LIST,
  PLANS,
  subscriptionPath,
  TIER_ERROR,
} from "~/core/plans";
import { subscribeFormSchema } from "~/features/billing/subscribe-form";
import { formatDollarsAndCents } from "~/platform/money";

describe("plans", () => {
  it("holds the two weekly plans of the spec in integer cents", () => {
    expect(PLANS.standard).toMatchObject({
      name: "Standard",
      priceCents: 3500,
      interval: "week",
      maxPhotos: 10,
      recommended: false,
    });
    expect(PLANS.featured).toMatchObject({
      name: "Featured",
      priceCents: 7500,
      interval: "week",
      maxPhotos: 20,
      recommended: true,
    });
    for (const plan of PLAN_LIST) expect(Number.isInteger(plan.priceCents)).toBe(true);
  });

  it("lists the features of each plan", () => {
    expect(PLANS.standard.features).toEqual(["Basic listing", "Up to 10 photos", "Analytics", "Standard support"]);
    expect(PLANS.featured.features).toEqual([
      "Priority in search and on the homepage",
      "Up to 20 photos",
      "Analytics",
      "Premium support",
      "Featured tag on your listing",
    ]);
  });

  it("shows Standard first and recommends only Featured", () => {
    expect(PLAN_LIST.map((p) => p.tier)).toEqual(["standard", "featured"]);
    expect(PLAN_LIST.filter((p) => p.recommended).map((p) => p.tier)).toEqual(["featured"]);
  });

  it("formats prices with cents, as the spec writes them", () => {
    expect(formatDollarsAndCents(PLANS.standard.priceCents)).toBe("$35.00");
    expect(formatDollarsAndCents(PLANS.featured.priceCents)).toBe("$75.00");
    expect(formatDollarsAndCents(5)).toBe("$0.05");
    expect(formatDollarsAndCents(123456)).toBe("$1,234.56");
  });

  it("works out the GST held in a GST-inclusive price (3/23, rounded to the cent)", () => {
    expect(gstIncludedCents(3500)).toBe(457);
    expect(gstIncludedCents(7500)).toBe(978);
    expect(gstIncludedCents(11500)).toBe(1500);
  });

  it("accepts only the exact tier names", () => {
    expect(parsePlanTier("standard")).toBe("standard");
    expect(parsePlanTier("featured")).toBe("featured");
    for (const bad of ["Featured", "premium", "", " featured", null, undefined, 1, ["featured"]]) {
      expect(parsePlanTier(bad)).toBeNull();
      expect(isPlanTier(bad)).toBe(false);
    }
  });

  it("validates the subscribe form with one clear message", () => {
    expect(subscribeFormSchema.safeParse({ tier: "featured" })).toMatchObject({
      success: true,
      data: { tier: "featured" },
    });
    for (const tier of ["gold", "", undefined, 7]) {
      const result = subscribeFormSchema.safeParse({ tier });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TIER_ERROR);
    }
  });

  it("builds the login detour that returns to the chosen plan", () => {
    expect(subscriptionPath(null)).toBe("/subscriptions");
    expect(subscriptionPath("standard")).toBe("/subscriptions?tier=standard");
    expect(loginPathForPlan("featured")).toBe(
      `/login?redirectTo=${encodeURIComponent("/subscriptions?tier=featured")}`,
    );
    expect(loginPathForPlan("featured")).toBe("/login?redirectTo=%2Fsubscriptions%3Ftier%3Dfeatured");
  });
});
