// /subscriptions: an account with several listings says which one the chosen plan is for; each listing has
// its own plan and is billed separately.
import { Form, Link } from "@remix-run/react";
import { SettingsSection } from "~/ui/SettingsSection";
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { PublicStatusNote } from "../PublicStatusNote";
import type { PublicStatus } from "../public-status";
import { PLAN_NEED, weekText } from "./YourListingState";

export type PickableListing = {
  listingId: string;
  firstName: string;
  paid: boolean;
  status: string;
  plan: string | null;
  /** Whether it is public yet and what it still needs, said beside the button that pays for it. */
  publicStatus: PublicStatus;
};

export function PickListing({ tier, listings }: { tier: PlanTier; listings: PickableListing[] }) {
  return (
    <SettingsSection
      id="pick-listing"
      title={`Which listing is the ${PLANS[tier].name} plan for?`}
      frame="accent"
      testId="pick-listing"
    >
      <p className="text-zinc-200">Each listing has its own plan and is billed separately.</p>
      <ul className="space-y-3">
        {listings.map((listing) => (
          <li key={listing.listingId} className="space-y-2" data-testid="pick-listing-item">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                <strong>{listing.firstName}</strong>{" "}
                <span className="text-sm text-zinc-300">
                  {listing.plan ? `${listing.plan}: ` : ""}
                  {listing.status}
                </span>
              </span>
              {listing.paid ? (
                <Link to="/managesub" className="text-accent underline underline-offset-2">
                  Manage
                </Link>
              ) : (
                <Form method="post">
                  <input type="hidden" name="tier" value={tier} />
                  <input type="hidden" name="listingId" value={listing.listingId} />
                  <button type="submit" className="rounded-lg bg-accent px-4 py-2 font-semibold text-ink">
                    Pay for {listing.firstName}
                  </button>
                </Form>
              )}
            </div>
            <PublicStatusNote
              name={listing.firstName}
              status={listing.publicStatus}
              omit={PLAN_NEED}
              week={weekText({ ...listing, status: listing.publicStatus })}
              // Beside the button that pays: said where there is something to say.
              quietWhenPublic
            />
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
