// /subscriptions: a plan chosen before the account has a listing is kept, and nothing is charged yet.
import { Link } from "@remix-run/react";
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";

export function PlanRequestNotice({ tier }: { tier: PlanTier }) {
  return (
    <div role="status" className="rounded-xl border border-accent bg-panel p-5" data-testid="plan-request-notice">
      <p className="font-semibold text-white">No payment has been taken: create your listing first.</p>
      <p className="mt-1 text-zinc-200">
        We have kept your choice of the {PLANS[tier].name} plan. A plan is paid for one listing at a time:{" "}
        <Link to="/profile/new" className="text-accent underline underline-offset-2">
          create your listing
        </Link>
        , then choose the plan here again to pay for it.
      </p>
    </div>
  );
}
