// What a plan intent on /managesub answered with, when it needs the owner again: another card after a
// decline, the upgrade's amount to confirm, or which photos stay public after a downgrade.
import { DeclinedNextStep, UpgradeConfirmation } from "../ListingPlans";
import type { ListingPlanView } from "../ListingPlans";
import { PhotoChoiceForm } from "../PhotoChoiceForm";
import type { PlanResult } from "./plan-result";

export function PlanNextStep({
  result,
  listings,
  busy,
}: {
  result: PlanResult | undefined;
  listings: ListingPlanView[];
  busy: boolean;
}) {
  if (!result) return null;
  const declined = result.declined;
  return (
    <>
      {declined ? (
        <DeclinedNextStep
          declined={declined}
          deadline={listings.find((l) => l.listingId === declined.listingId)?.deadline ?? null}
          busy={busy}
        />
      ) : null}
      {result.upgrade ? <UpgradeConfirmation confirm={result.upgrade} busy={busy} /> : null}
      {result.choosePhotos ? <PhotoChoiceForm choice={result.choosePhotos} error={result.error} busy={busy} /> : null}
    </>
  );
}
