// /managesub's billing (issue 15): each listing's plan, status and period end with its actions, and the
// payment history with receipts. Forms post to /managesub; every action is refused there for a listing that
// is not the signed-in user's.
import { useShowInView } from "~/components/ui/show-in-view";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/Button";
import { formatPlanPrice, PLAN_LIST } from "~/lib/plans";

export type ListingPlanView = {
  modelId: string;
  firstName: string;
  plan: string | null;
  tier: "standard" | "featured" | null;
  status: string;
  /** Free weeks with nothing to renew them: they end quietly, and the owner may subscribe. */
  gift: boolean;
  statusLabel: string;
  periodEnd: string | null;
  expiredBadge: string | null;
  pendingPlan: string | null;
  upgradeCents: number | null;
};

export type PaymentRowView = {
  reference: string;
  listing: string;
  description: string;
  amount: string;
  status: string;
  date: string;
  receiptId: string | null;
  receipt: string | null;
};

export type UpgradeConfirm = { modelId: string; name: string; amountCents: number };

function PlanAction({
  modelId,
  intent,
  label,
  busy,
}: {
  modelId: string;
  intent: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="modelId" value={modelId} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export function ListingPlanActions({ listing, busy }: { listing: ListingPlanView; busy: boolean }) {
  const { modelId, status, tier } = listing;
  if (status === "unpaid" || status === "expired" || status === "pending") {
    return (
      <Link to="/subscriptions" className={buttonClass({ variant: "secondary" })}>
        {status === "expired" ? "Renew" : "Choose a plan"}
      </Link>
    );
  }
  if (listing.gift) return <SubscribeDuringGift listing={listing} busy={busy} />;
  return (
    <div className="flex flex-wrap gap-2">
      {status === "cancelling" ? (
        <PlanAction modelId={modelId} intent="resumePlan" label="Resume" busy={busy} />
      ) : (
        <PlanAction modelId={modelId} intent="cancelPlan" label="Cancel plan" busy={busy} />
      )}
      {tier === "standard" && listing.upgradeCents !== null ? (
        <PlanAction modelId={modelId} intent="upgradePlan" label="Upgrade to Featured" busy={busy} />
      ) : null}
      {tier === "featured" && !listing.pendingPlan && status !== "cancelling" ? (
        <PlanAction modelId={modelId} intent="downgradePlan" label="Change to Standard at renewal" busy={busy} />
      ) : null}
      {tier === "featured" && listing.pendingPlan ? (
        <PlanAction modelId={modelId} intent="keepPlan" label="Keep Featured" busy={busy} />
      ) : null}
    </div>
  );
}

/**
 * Free weeks end on their own: the way on is the normal hosted checkout for this listing (the /subscriptions
 * action), which starts the plan at once and adds the paid week after the free days still to run.
 */
function SubscribeDuringGift({ listing, busy }: { listing: ListingPlanView; busy: boolean }) {
  return (
    <Form method="post" action="/subscriptions" className="space-y-2" data-testid="gift-subscribe">
      <input type="hidden" name="listingId" value={listing.modelId} />
      <p className="text-sm text-zinc-300">
        To keep {listing.firstName} public after {listing.periodEnd}, subscribe: the plan starts now and your first paid
        week is added after the free weeks.
      </p>
      <div className="flex flex-wrap gap-2">
        {PLAN_LIST.map((plan) => (
          <Button key={plan.tier} type="submit" name="tier" value={plan.tier} variant="secondary" disabled={busy}>
            Subscribe: {plan.name} {formatPlanPrice(plan.priceCents)} a week
          </Button>
        ))}
      </div>
    </Form>
  );
}

/** The upgrade's amount, shown before anything is charged. */
export function UpgradeConfirmation({ confirm, busy }: { confirm: UpgradeConfirm; busy: boolean }) {
  // Asked from a listing's row lower down: the question comes into view where it is answered.
  const ref = useShowInView<HTMLElement>(confirm);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="upgrade-confirm-title"
      className="scroll-mt-24 space-y-3 rounded-2xl border border-accent bg-panel p-6 focus:outline-none"
      data-testid="upgrade-confirm"
    >
      <h2 id="upgrade-confirm-title" className="text-xl font-semibold">
        Upgrade {confirm.name} to Featured
      </h2>
      <p>
        You pay <strong data-testid="upgrade-amount">{formatPlanPrice(confirm.amountCents)}</strong> now (GST included):
        the difference for the rest of this week. From the next renewal the plan is $75.00 a week.
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="upgradePlan" />
          <input type="hidden" name="modelId" value={confirm.modelId} />
          <input type="hidden" name="expectedCents" value={confirm.amountCents} />
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" disabled={busy}>
            Pay {formatPlanPrice(confirm.amountCents)} and upgrade
          </Button>
        </Form>
        <Link to="/managesub" className={buttonClass({ variant: "secondary" })}>
          Not now
        </Link>
      </div>
    </section>
  );
}

export function PaymentHistory({ payments }: { payments: PaymentRowView[] }) {
  return (
    <section
      aria-labelledby="payments-title"
      className="space-y-4 rounded-2xl border border-line bg-panel p-6"
      data-testid="payment-history"
    >
      <h2 id="payments-title" className="text-xl font-semibold">
        Payments and receipts
      </h2>
      {payments.length === 0 ? (
        <p className="text-muted">No payments yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {payments.map((p) => (
            <li
              key={p.reference}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="payment"
            >
              <span>
                {p.date}: {p.description}
                {p.listing ? ` (${p.listing})` : ""}, {p.amount}{" "}
                <span className="text-sm text-zinc-300">
                  {p.status === "succeeded" ? "Paid" : p.status === "failed" ? "Failed" : "Processing"}
                </span>
              </span>
              {p.receiptId && p.receipt ? (
                <Link to={`/managesub/receipts/${p.receiptId}`} className="text-accent underline underline-offset-2">
                  Receipt {p.receipt}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
