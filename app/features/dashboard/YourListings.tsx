// /managesub's 'Your listings': each listing with its plan line, its plan's actions and Delete Listing.
import { DeleteListingForm } from "~/features/dashboard/DeleteListingForm";
import { ListingPlanActions } from "~/features/billing/ListingPlans";
import type { ListingPlanView } from "~/features/billing/ListingPlans";
import { pastDueText } from "~/features/billing/emails";
import { PublicStatusNote } from "~/features/billing/PublicStatusNote";
import { weekAfterPaying } from "~/features/billing/public-status";
import { formatDollarsAndCents } from "~/platform/money";

const UNPAID_NEED = ["unpaid"] as const;

export function YourListings({
  listings,
  plans,
  busy,
}: {
  listings: { listingId: string; firstName: string }[];
  plans: ListingPlanView[];
  busy: boolean;
}) {
  const planOf = new Map(plans.map((l) => [l.listingId, l]));
  return (
    <section aria-labelledby="listings-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
      <h2 id="listings-title" className="text-xl font-semibold">
        Your listings
      </h2>
      {listings.length === 0 ? (
        <p className="text-muted">You have no listings.</p>
      ) : (
        <ul className="divide-y divide-line">
          {listings.map((l) => (
            <li key={l.listingId} className="space-y-3 py-3" data-testid="managed-listing">
              <span className="block space-y-1">
                <span className="block font-medium">{l.firstName}</span>
                <ListingPlanLine plan={planOf.get(l.listingId)} />
              </span>
              {planOf.get(l.listingId) ? (
                <PublicStatusNote
                  name={l.firstName}
                  status={planOf.get(l.listingId)!.publicStatus}
                  week={weekAfterPaying(l.firstName, planOf.get(l.listingId)!.publicStatus)}
                  // The row's own button is the way to a plan.
                  omit={UNPAID_NEED}
                />
              ) : null}
              {/* The plan's actions and Delete as one group under the name, in every row alike, whichever
                  actions a plan has (a lone 'Choose a plan' otherwise sat in the middle of its row). */}
              <div className="flex flex-wrap items-center gap-2">
                {planOf.get(l.listingId) ? <ListingPlanActions listing={planOf.get(l.listingId)!} busy={busy} /> : null}
                <DeleteListingForm listingId={l.listingId} firstName={l.firstName} busy={busy} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ListingPlanLine({ plan }: { plan: ListingPlanView | undefined }) {
  if (!plan) return null;
  return (
    <span className="block text-sm text-zinc-300" data-testid="listing-plan">
      {plan.plan ? `${plan.plan}: ` : ""}
      {plan.statusLabel}
      {plan.periodEnd && !plan.gift && !plan.deadline
        ? ` (${plan.status === "cancelling" ? "ends" : "renews"} ${plan.periodEnd})`
        : ""}
      {plan.deadline ? (
        <strong className="mt-1 block text-rose-200" data-testid="payment-deadline">
          {pastDueText(plan.deadline)}
        </strong>
      ) : null}
      {plan.upgradeCents !== null && plan.upgradeCents > 0
        ? `. Upgrade to Featured now for ${formatDollarsAndCents(plan.upgradeCents)}`
        : ""}
      {plan.expiredBadge ? (
        <span className="ml-2 rounded-full border border-red-400 px-2 py-0.5 text-xs text-red-300">
          {plan.expiredBadge}
        </span>
      ) : null}
    </span>
  );
}
