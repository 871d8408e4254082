// The plan part of /managesub's action result (the intents are plan-intents.server.ts and
// past-due-intents.server.ts; PlanNextStep.tsx shows it).
import type { PhotoChoice } from "../PhotoChoiceForm";
import type { UpgradeConfirm } from "../ListingPlans";

export type PlanResult = {
  error?: string;
  upgrade?: UpgradeConfirm;
  /** The card on file was declined: the next step is another card. */
  declined?: { listingId: string; name: string };
  choosePhotos?: PhotoChoice;
};
