// /subscriptions, signed in: whether each of the owner's listings is public yet and what it still needs, before
// they pay, and what a payment buys in time: a week paid while the listing is hidden starts only once it is
// public (docs/decisions/0050-paid-week-starts-when-public.md).
import { SettingsSection } from "~/ui/SettingsSection";
import { PublicStatusNote } from "../PublicStatusNote";
import { weekAfterPaying, weekBeforePaying } from "../public-status";
import type { PublicStatus } from "../public-status";

export type ListingState = { listingId: string; firstName: string; paid: boolean; status: PublicStatus };

/** What the page says of a listing's week: before paying, or after (it is paid for already). */
export function weekText(listing: ListingState): string | null {
  return listing.paid
    ? weekAfterPaying(listing.firstName, listing.status)
    : weekBeforePaying(listing.firstName, listing.status);
}

/** The plans page's own step is choosing a plan: it is not listed as a need here. */
export const PLAN_NEED = ["unpaid"] as const;

export function YourListingState({ listings }: { listings: ListingState[] }) {
  return (
    <SettingsSection
      id="your-listing-state"
      title={listings.length === 1 ? "Your listing" : "Your listings"}
      testId="your-listing-state"
    >
      <ul className="space-y-3">
        {listings.map((listing) => (
          <li key={listing.listingId}>
            <PublicStatusNote
              name={listing.firstName}
              status={listing.status}
              omit={PLAN_NEED}
              week={weekText(listing)}
            />
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
