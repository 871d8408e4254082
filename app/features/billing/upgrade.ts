// Moving a listing paid for on Standard up to Featured mid-period (docs/billing.md): what the rest of the week
// costs, and where the plans page sends such a listing. Pure, as subscriptions.ts is.
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { clockOf, WEEK_MS } from "./subscriptions";
import type { Subscription } from "./subscriptions";

/**
 * Standard → Featured mid-period: the price difference for the part of the period still to run, rounded to
 * the nearest cent (halves up). Integer arithmetic: cents × milliseconds stays far below 2^53.
 */
export function prorationCents(
  sub: Pick<Subscription, "periodStart" | "periodEnd"> & { startsWhenPublic?: boolean },
  now: number,
): number {
  if (sub.periodStart === null || sub.periodEnd === null) return 0;
  const length = sub.periodEnd - sub.periodStart;
  // A period still waiting for the listing to be public has all of its time left.
  const at = clockOf({ periodStart: sub.periodStart, startsWhenPublic: sub.startsWhenPublic ?? false }, now);
  const left = Math.min(Math.max(sub.periodEnd - at, 0), length);
  if (length <= 0 || left === 0) return 0;
  const difference = PLANS.featured.priceCents - PLANS.standard.priceCents;
  // The difference is a weekly price: a period longer than a week (free weeks added to it, or a payment made
  // during them) owes it for every week left, not one week's worth spread over the whole period.
  const unit = Math.min(length, WEEK_MS);
  return Math.floor((difference * left * 2 + unit) / (2 * unit));
}

/** /managesub's query naming the listing whose upgrade to quote (docs/billing.md). */
export const UPGRADE_PARAM = "upgrade";

/** /managesub quoting the upgrade of one listing (paid for on Standard) to Featured. */
export function upgradePath(listingId: string): string {
  return `/managesub?${UPGRADE_PARAM}=${encodeURIComponent(listingId)}`;
}

/**
 * Where Featured chosen on the plans page takes a listing already paid for on Standard: to its upgrade (the
 * rest of the week prorated, quoted before anything is charged, on /managesub), not a second subscription,
 * which the checkout refuses. Null for everything else: the plans page's own checkout answers it.
 */
export function upgradeInstead(
  listing: { listingId: string; plan: PlanTier | null; status: string | null; gift: boolean | null },
  tier: PlanTier,
): string | null {
  if (tier !== "featured" || listing.plan !== "standard" || listing.gift) return null;
  if (listing.status !== "active" && listing.status !== "cancelling") return null;
  return upgradePath(listing.listingId);
}
