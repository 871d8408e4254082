// What stands between a provider's listing and the public, said as steps with a link each: the dashboard
// card's checklist (verify ID, photos, choose a plan) and the owner's view of a hidden profile ('Only you can
// see this: hidden until …'). One reading of the visibility rule (./visibility.ts) for both, so they never
// disagree with the badge.
import { plansPathFor } from "~/core/plans";
import { formatNzDate } from "~/platform/time/date-text";
import { MIN_PHOTOS } from "~/features/photos/rules";
import { hideReasons } from "./visibility";
import type { HideReason } from "./visibility";

export type StepState = "done" | "waiting" | "todo";

export type SetupStep = {
  key: "id" | "photos" | "plan" | "consent" | "agency" | "number";
  label: string;
  state: StepState;
  /** What is true now, or what to do. */
  detail: string;
  /** Where the step is done, and the link's words; null when there is nothing to do but wait. */
  href: string | null;
  action: string | null;
};

export type OwnListingState = {
  listingId: string;
  verified: boolean;
  /** An ID request waits for review. */
  idPending: boolean;
  photoCount: number;
  /** The paid plan's name, or null while unpaid. */
  plan: string | null;
  /** Its plan lapsed: renewing brings it back. */
  subscriptionExpired: boolean;
  /** An agency listing waiting for its worker, or for the agency's check (docs/decisions/0058). */
  awaitingConsent?: boolean;
  agencyHeld?: boolean;
  numberHeld?: boolean;
};

/** What waits while a new listing's number is under review (docs/decisions/0067-new-listings-number-held.md). */
export const NUMBER_HELD_TEXT =
  "An administrator's check of its contact number, which is on another account's listing: it is under review. If the number is not yours to use, change it in the editor.";

/** ID reviews take up to this long (spec: 'typically 24-48 hours'). */
const REVIEW_HOURS = 48;

/** The new provider's three steps to a public listing, each with its state and link. */
export function setupSteps(l: OwnListingState): SetupStep[] {
  const id: SetupStep = l.verified
    ? { key: "id", label: "Verify your ID", state: "done", detail: "Approved.", href: null, action: null }
    : l.idPending
      ? {
          key: "id",
          label: "Verify your ID",
          state: "waiting",
          detail: `Sent. We review it within ${REVIEW_HOURS} hours.`,
          href: null,
          action: null,
        }
      : {
          key: "id",
          label: "Verify your ID",
          state: "todo",
          detail: "Send a photo of your ID (a licence, passport or Kiwi Access card).",
          href: "/verification",
          action: "Get verified",
        };
  const photos: SetupStep =
    l.photoCount >= MIN_PHOTOS
      ? {
          key: "photos",
          label: "Add photos",
          state: "done",
          detail: `${l.photoCount} photos.`,
          href: null,
          action: null,
        }
      : {
          key: "photos",
          label: "Add photos",
          state: "todo",
          detail: `At least ${MIN_PHOTOS} are needed.`,
          href: `/profile/edit/${l.listingId}`,
          action: "Add photos",
        };
  const plan: SetupStep = l.plan
    ? { key: "plan", label: "Choose a plan", state: "done", detail: `${l.plan}.`, href: null, action: null }
    : {
        key: "plan",
        label: "Choose a plan",
        state: "todo",
        detail: l.subscriptionExpired
          ? "Your plan ended. Renew it to show the listing again."
          : "A paid weekly plan is needed to go live.",
        // The plans for this listing: an agency is not asked again which one.
        href: l.subscriptionExpired ? "/managesub" : plansPathFor(l.listingId),
        action: l.subscriptionExpired ? "Renew the plan" : "Choose a plan",
      };
  // An agency's two more steps, shown only while they wait: an independent's listing has neither.
  const agency: SetupStep[] = [];
  if (l.awaitingConsent)
    agency.push({
      key: "consent",
      label: "Her consent",
      state: "waiting",
      detail: "Its worker's own consent, through the link e-mailed to her.",
      href: null,
      action: null,
    });
  if (l.agencyHeld)
    agency.push({
      key: "agency",
      label: "Your agency's check",
      state: "waiting",
      detail: "An administrator's check of your agency's operator certificate: it is under review.",
      href: null,
      action: null,
    });
  if (l.numberHeld)
    agency.push({
      key: "number",
      label: "Its contact number",
      state: "waiting",
      detail: NUMBER_HELD_TEXT,
      href: null,
      action: null,
    });
  return [id, photos, plan, ...agency];
}

/** Whether the checklist is still worth showing: some step is not done. */
export function setupPending(steps: readonly SetupStep[]): boolean {
  return steps.some((s) => s.state !== "done");
}

export type HiddenListingState = {
  verified: boolean;
  idPending: boolean;
  paid: boolean;
  subscriptionExpired: boolean;
  pausedAt: number | null;
  pausedUntil: number | null;
  hiddenAsStale: boolean;
  switchedOff: boolean;
  /** An agency listing (docs/decisions/0058-worker-consent-and-agency-checks.md). */
  awaitingConsent: boolean;
  agencyHeld: boolean;
  numberHeld: boolean;
};

export type HiddenStep = {
  reason: HideReason;
  /** Ends 'hidden until …'. */
  until: string;
  /** What to do next, or what happens by itself. */
  next: string;
  link: { href: string; label: string } | null;
};

const DASHBOARD = "/dashboard";

function hiddenStep(reason: HideReason, s: HiddenListingState): HiddenStep {
  switch (reason) {
    case "unverified":
      return s.idPending
        ? {
            reason,
            until: "your ID is approved",
            next: `Your ID is with us: we review it within ${REVIEW_HOURS} hours. Nothing else to do for this step.`,
            link: null,
          }
        : {
            reason,
            until: "your ID is verified",
            next: "Send your ID for review.",
            link: { href: "/verification", label: "Get verified" },
          };
    case "unpaid":
      return s.subscriptionExpired
        ? {
            reason,
            until: "its plan is renewed",
            next: "Its weekly plan ended.",
            link: { href: "/managesub", label: "Renew the plan" },
          }
        : {
            reason,
            until: "it has a paid plan",
            next: "A paid weekly plan is needed to go live.",
            link: { href: "/subscriptions", label: "Choose a plan" },
          };
    case "stale":
      return {
        reason,
        until: "you confirm it is still available",
        next: "We hid it after asking whether it is still current.",
        link: { href: DASHBOARD, label: "Confirm on your dashboard" },
      };
    case "paused":
      return {
        reason,
        until: s.pausedUntil ? `your break ends on ${formatNzDate(s.pausedUntil)}` : "you end your break",
        next: "You are taking a break.",
        link: { href: DASHBOARD, label: "End the break on your dashboard" },
      };
    case "switchedOff":
      return {
        reason,
        until: "Live is switched back on",
        next: "Its Live switch is off.",
        link: { href: DASHBOARD, label: "Switch it on in your dashboard" },
      };
    case "awaitingConsent":
      return {
        reason,
        until: "its worker consents",
        next: "Its worker's own consent, through the link e-mailed to her.",
        link: { href: DASHBOARD, label: "See where her consent stands" },
      };
    case "agencyHeld":
      return {
        reason,
        until: "your agency's check is done",
        next: "An administrator's check of your agency's operator certificate: it is under review.",
        link: { href: DASHBOARD, label: "Your agency's details" },
      };
    case "numberHeld":
      return {
        reason,
        until: "its contact number is released",
        next: NUMBER_HELD_TEXT,
        link: { href: DASHBOARD, label: "Change it in the editor from your dashboard" },
      };
  }
}

/** Every step still between a hidden listing and the public, most fixable first; empty when it is public. */
export function hiddenSteps(s: HiddenListingState): HiddenStep[] {
  const reasons = hideReasons({
    verified: s.verified,
    paid: s.paid,
    paused: s.pausedAt != null,
    stale: s.hiddenAsStale,
    switchedOff: s.switchedOff,
    awaitingConsent: s.awaitingConsent,
    agencyHeld: s.agencyHeld,
    numberHeld: s.numberHeld,
  });
  return reasons.map((reason) => hiddenStep(reason, s));
}
