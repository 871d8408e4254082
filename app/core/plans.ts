// The two weekly plans (spec §9). Money is integer cents; prices include GST and are in NZD.
// The terms of the original product call the higher plan "Premium": it is the Featured plan. No zod here:
// the info pages quote the plans, and zod would be 24 kB of their JavaScript (subscribe-form.ts has the form).

export const PLAN_TIERS = ["standard", "featured"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export type Plan = {
  tier: PlanTier;
  name: string;
  priceCents: number;
  interval: "week";
  description: string;
  features: readonly string[];
  maxPhotos: number;
  recommended: boolean;
};

export const PLANS: Record<PlanTier, Plan> = {
  standard: {
    tier: "standard",
    name: "Standard",
    priceCents: 3500,
    interval: "week",
    description: "Everything you need to be listed and found.",
    features: ["Basic listing", "Up to 10 photos", "Analytics", "Standard support"],
    maxPhotos: 10,
    recommended: false,
  },
  featured: {
    tier: "featured",
    name: "Featured",
    priceCents: 7500,
    interval: "week",
    description: "Be seen first, with more photos and priority help.",
    features: [
      "Priority in search and on the homepage",
      "Up to 20 photos",
      "Analytics",
      "Premium support",
      "Featured tag on your listing",
    ],
    maxPhotos: 20,
    recommended: true,
  },
};

/** In the order the page shows them: cheaper first. */
export const PLAN_LIST: readonly Plan[] = PLAN_TIERS.map((tier) => PLANS[tier]);

/** New Zealand GST is 15%, so a GST-inclusive price holds 3/23 of itself as tax. */
export function gstIncludedCents(priceCents: number): number {
  return Math.round((priceCents * 3) / 23);
}

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === "string" && (PLAN_TIERS as readonly string[]).includes(value);
}

/** A tier from a URL or form value; anything else (including other casing) is not a tier. */
export function parsePlanTier(value: unknown): PlanTier | null {
  return isPlanTier(value) ? value : null;
}

export const TIER_ERROR = "Choose the Standard or Featured plan.";

/** Where the login page sends a visitor back to after signing in, with the plan still chosen. */
export function subscriptionPath(tier: PlanTier | null): string {
  return tier ? `/subscriptions?tier=${tier}` : "/subscriptions";
}

/** The plans page's query naming the listing a plan is chosen for (the dashboard card's Upgrade). */
export const FOR_LISTING_PARAM = "listing";

/** The plans page for one listing: the plan chosen there is paid for that listing, with no listing to pick. */
export function plansPathFor(listingId: string): string {
  return `/subscriptions?${FOR_LISTING_PARAM}=${encodeURIComponent(listingId)}`;
}

export function loginPathForPlan(tier: PlanTier): string {
  return `/login?redirectTo=${encodeURIComponent(subscriptionPath(tier))}`;
}
