// /managesub's billing (docs/billing.md): each listing's plan, status and period end with its actions, and the
// payment history with receipts. Forms post to /managesub; every action is refused there for a listing that
// is not the signed-in user's.
import { useShowInView } from "~/ui/show-in-view";
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";
import { formatDollarsAndCents } from "~/platform/money";
import { PLAN_LIST } from "~/core/plans";
import type { PublicStatus } from "./public-status";

export type ListingPlanView = {
  listingId: string;
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
  /** Past due: when the listing is hidden unless the renewal is paid (already worded). */
  deadline: string | null;
  /** A card is on file that 'Pay now' charges. */
  hasCard: boolean;
  /** A payment of this listing's is waiting for its outcome: the page checks again by itself. */
  paymentOpen: boolean;
  /** Whether it is public yet, what it still needs, and whether its paid week waits for it. */
  publicStatus: PublicStatus;
};

export type PaymentRowView = {
  reference: string;
  listing: string;
  description: string;
  amount: string;
  /** Paid, Processing, Not completed, Declined, Refunded or Failed (payment-outcome.ts). */
  status: string;
  date: string;
  receiptId: string | null;
  receipt: string | null;
};

export type UpgradeConfirm = { listingId: string; name: string; amountCents: number };

function PlanAction({
  listingId,
  intent,
  label,
  busy,
  variant = "secondary",
  testId,
}: {
  listingId: string;
  intent: string;
  label: string;
  busy: boolean;
  variant?: "primary" | "secondary";
  testId?: string;
}) {
  return (
    <Form method="post" action="/managesub">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="listingId" value={listingId} />
      <Button type="submit" variant={variant} disabled={busy} data-testid={testId}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * A failed renewal, put right before its deadline (docs/decisions/0027-putting-a-failed-renewal-right.md):
 * 'Pay now' charges the card on file (or, with none, opens the checkout); 'Use another card' always checks out
 * with a new card, which becomes the card on file.
 */
const PAST_DUE_ACTIONS: { intent: string; label: string; variant?: "primary"; testId?: string }[] = [
  { intent: "payNow", label: "Pay now", variant: "primary", testId: "pay-now" },
  { intent: "useAnotherCard", label: "Use another card", testId: "use-another-card" },
  { intent: "cancelPlan", label: "Cancel plan" },
];

function PastDueActions({ listing, busy }: { listing: ListingPlanView; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="past-due-actions">
      {PAST_DUE_ACTIONS.map((action) => (
        <PlanAction key={action.intent} listingId={listing.listingId} busy={busy} {...action} />
      ))}
    </div>
  );
}

/** After the card on file was declined: the one next step, in view, with its button. */
export function DeclinedNextStep({
  declined,
  deadline,
  busy,
}: {
  declined: { listingId: string; name: string };
  deadline: string | null;
  busy: boolean;
}) {
  return (
    <Alert tone="error" reveal={declined} data-testid="declined-next-step">
      <div className="space-y-3">
        <p className="font-semibold">Your card was declined. Use another card.</p>
        <p>
          No payment was taken{declined.name ? ` for ${declined.name}` : ""}.
          {deadline ? ` Pay by ${deadline} to keep this listing public.` : ""}
        </p>
        <PlanAction
          listingId={declined.listingId}
          intent="useAnotherCard"
          label="Use another card"
          busy={busy}
          variant="primary"
          testId="declined-use-another-card"
        />
      </div>
    </Alert>
  );
}

export function ListingPlanActions({ listing, busy }: { listing: ListingPlanView; busy: boolean }) {
  const { listingId, status, tier } = listing;
  // While a checkout waits for its outcome the page checks by itself: nothing to choose again meanwhile.
  if (status === "pending") return null;
  if (status === "unpaid" || status === "expired") {
    return (
      <Link to="/subscriptions" className={buttonClass({ variant: "secondary" })}>
        {status === "expired" ? "Renew" : "Choose a plan"}
      </Link>
    );
  }
  if (listing.gift) return <SubscribeDuringGift listing={listing} busy={busy} />;
  if (status === "past_due") return <PastDueActions listing={listing} busy={busy} />;
  return (
    <div className="flex flex-wrap gap-2">
      {status === "cancelling" ? (
        <PlanAction listingId={listingId} intent="resumePlan" label="Resume" busy={busy} />
      ) : (
        <PlanAction listingId={listingId} intent="cancelPlan" label="Cancel plan" busy={busy} />
      )}
      {tier === "standard" && listing.upgradeCents !== null ? (
        <PlanAction listingId={listingId} intent="upgradePlan" label="Upgrade to Featured" busy={busy} />
      ) : null}
      {tier === "featured" && !listing.pendingPlan && status !== "cancelling" ? (
        <PlanAction listingId={listingId} intent="downgradePlan" label="Change to Standard at renewal" busy={busy} />
      ) : null}
      {tier === "featured" && listing.pendingPlan ? (
        <PlanAction listingId={listingId} intent="keepPlan" label="Keep Featured" busy={busy} />
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
      <input type="hidden" name="listingId" value={listing.listingId} />
      <p className="text-sm text-zinc-300">
        To keep {listing.firstName} public after {listing.periodEnd}, subscribe: the plan starts now and your first paid
        week is added after the free weeks.
      </p>
      <div className="flex flex-wrap gap-2">
        {PLAN_LIST.map((plan) => (
          <Button key={plan.tier} type="submit" name="tier" value={plan.tier} variant="secondary" disabled={busy}>
            Subscribe: {plan.name} {formatDollarsAndCents(plan.priceCents)} a week
          </Button>
        ))}
      </div>
    </Form>
  );
}

/** When a listing's plan next needs something: its renewal, its end, or the deadline of a failed payment. */
export function nextDate(listing: ListingPlanView): string | null {
  if (listing.deadline) return `pay by ${listing.deadline}`;
  if (!listing.periodEnd || listing.gift) return null;
  return `${listing.status === "cancelling" ? "ends" : "renews"} ${listing.periodEnd}`;
}

/** 'Current plan', listing by listing: its plan, its status and its next renewal or deadline. */
export function PlanSummary({ listings }: { listings: ListingPlanView[] }) {
  return (
    <div className="space-y-2">
      <p className="text-lg">Current plan:</p>
      <ul className="space-y-2" data-testid="plan-summary">
        {listings.map((l) => {
          const next = nextDate(l);
          return (
            <li
              key={l.listingId}
              className={`rounded-lg border p-3 ${l.deadline ? "border-rose-400" : "border-line"}`}
              data-testid="plan-summary-item"
            >
              <span className="block font-medium">
                {l.firstName}: <strong className="text-accent">{l.plan ?? "Unpaid"}</strong>
              </span>
              <span className="block text-sm text-zinc-300">
                {l.statusLabel}
                {next ? `, ${next}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The upgrade's amount, shown before anything is charged. */
export function UpgradeConfirmation({ confirm, busy }: { confirm: UpgradeConfirm; busy: boolean }) {
  // Asked from a listing's row lower down: the question comes into view where it is answered.
  const ref = useShowInView<HTMLElement>(confirm);
  return (
    <SettingsSection
      id="upgrade-confirm-title"
      title={`Upgrade ${confirm.name} to Featured`}
      frame="accent"
      testId="upgrade-confirm"
      sectionRef={ref}
      className="scroll-mt-4 focus:outline-none"
    >
      <p>
        You pay <strong data-testid="upgrade-amount">{formatDollarsAndCents(confirm.amountCents)}</strong> now (GST
        included): the difference for the rest of this week. From the next renewal the plan is $75.00 a week.
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="upgradePlan" />
          <input type="hidden" name="listingId" value={confirm.listingId} />
          <input type="hidden" name="expectedCents" value={confirm.amountCents} />
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" disabled={busy}>
            Pay {formatDollarsAndCents(confirm.amountCents)} and upgrade
          </Button>
        </Form>
        <Link to="/managesub" className={buttonClass({ variant: "secondary" })}>
          Not now
        </Link>
      </div>
    </SettingsSection>
  );
}

export function PaymentHistory({ payments }: { payments: PaymentRowView[] }) {
  return (
    <SettingsSection id="payments-title" title="Payments and receipts" testId="payment-history">
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
                <span className="text-sm text-zinc-300" data-testid="payment-outcome">
                  {p.status}
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
    </SettingsSection>
  );
}
