// /managesub's Subscription section: the listings' plans (or the account's 'Unpaid'), payments waiting for
// their outcome, a plan chosen before the listing existed, and the way to the plans page.
import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/Button";
import { PlanSummary } from "../ListingPlans";
import type { ListingPlanView } from "../ListingPlans";
import { PaymentsWaiting } from "../PaymentsWaiting";
import { PLANS } from "~/core/plans";

export function SubscriptionSection({
  plan,
  listings,
  pendingTier,
}: {
  /** The account's plan label: shown while no listing has a paid plan. */
  plan: string;
  listings: ListingPlanView[];
  pendingTier: keyof typeof PLANS | null;
}) {
  return (
    <section aria-labelledby="plan-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
      <h2 id="plan-title" className="text-xl font-semibold">
        Subscription
      </h2>
      {listings.some((l) => l.plan) ? (
        <PlanSummary listings={listings} />
      ) : (
        <p className="text-lg">
          Current plan:{" "}
          <strong className="text-accent" data-testid="current-plan">
            {plan}
          </strong>
        </p>
      )}
      <PaymentsWaiting open={listings.some((l) => l.paymentOpen)} />
      {pendingTier ? (
        <p className="text-sm text-zinc-300">
          You chose the {PLANS[pendingTier].name} plan: create your listing, then pay for it on the plans page.
        </p>
      ) : null}
      {listings.some((l) => !l.plan) ? (
        <>
          <p className="text-zinc-300">To access all features, please upgrade your plan.</p>
          <Link to="/subscriptions" className={buttonClass({ size: "roomy" })}>
            Upgrade Plan
          </Link>
        </>
      ) : null}
    </section>
  );
}
