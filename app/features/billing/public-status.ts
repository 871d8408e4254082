// Whether a listing is public yet and what it still needs, as every page around a payment says it (the plans
// page and its listing picker, the checkout's return page, /managesub, the dashboard card). A week paid for
// while the listing is hidden starts only when it is public (docs/decisions/0050-paid-week-starts-when-public.md),
// so these pages also say when the paid week starts. The rule itself is app/features/listings/visibility.ts;
// this only puts its answer, and the way to each next step, into words.
import { hideReasons } from "~/features/listings/visibility";
import { NUMBER_HELD_TEXT } from "~/features/listings/owner-steps";
import type { HideReason, VisibilityInputs } from "~/features/listings/visibility";
import { formatNzDate } from "~/platform/time/date-text";

export type PublicStateInputs = VisibilityInputs & {
  /** An ID check for the listing waits for an administrator. */
  idPending: boolean;
  /** When its break ends; null for 'until I resume' (or no break). */
  pausedUntil: number | null;
  /** Its paid (or free) period has not started: it starts when the listing is first public. */
  startsWhenPublic: boolean;
};

export type PublicNeed = {
  reason: HideReason;
  /** What it still needs, completing 'It still needs:'. */
  text: string;
  /** Where the owner does it; null when there is nothing to do but wait. */
  link: { to: string; label: string } | null;
};

export type PublicStatus = {
  public: boolean;
  /** Every thing that still keeps it hidden, most fixable first (as the dashboard badge orders them). */
  needs: PublicNeed[];
  /** Its paid or free time waits for it to be public. */
  weekWaits: boolean;
};

const DASHBOARD = "/dashboard";

function need(reason: HideReason, i: PublicStateInputs): PublicNeed {
  switch (reason) {
    case "unverified":
      return i.idPending
        ? { reason, text: "Its ID check approved: it is under review (usually 24-48 hours).", link: null }
        : { reason, text: "Your ID verified.", link: { to: "/verification", label: "Get Verified" } };
    case "unpaid":
      return { reason, text: "A plan.", link: { to: "/subscriptions", label: "Choose a plan" } };
    case "stale":
      return {
        reason,
        text: "Your word that it is still available.",
        link: { to: DASHBOARD, label: "Press 'Still available' on your dashboard" },
      };
    case "paused":
      return {
        reason,
        text: i.pausedUntil
          ? `Its break to end, on ${formatNzDate(i.pausedUntil)}.`
          : "Its break to end: it lasts until you resume it.",
        link: { to: DASHBOARD, label: "Resume it from your dashboard" },
      };
    case "switchedOff":
      return {
        reason,
        text: "Live switched back on.",
        link: { to: DASHBOARD, label: "Switch Live on" },
      };
    // An agency listing (docs/decisions/0058-worker-consent-and-agency-checks.md).
    case "awaitingConsent":
      return {
        reason,
        text: "Its worker's own consent, through the link e-mailed to her.",
        link: { to: DASHBOARD, label: "See where her consent stands" },
      };
    case "agencyHeld":
      return {
        reason,
        text: "An administrator's check of your agency's operator certificate: it is under review.",
        link: { to: DASHBOARD, label: "Your agency's details" },
      };
    // One contact number, one account (docs/decisions/0067-new-listings-number-held.md).
    case "numberHeld":
      return { reason, text: NUMBER_HELD_TEXT, link: { to: DASHBOARD, label: "See it on your dashboard" } };
  }
}

export function publicStatus(i: PublicStateInputs): PublicStatus {
  const needs = hideReasons(i).map((reason) => need(reason, i));
  return { public: needs.length === 0, needs, weekWaits: i.startsWhenPublic && i.paid };
}

/** The one line: public now, or not yet. */
export function publicHeadline(name: string, status: PublicStatus): string {
  return status.public ? `${name} is public: visitors can find it.` : `${name} is not public yet.`;
}

/**
 * Before paying (the plans page, the picker): what a payment now buys, in time. Null while the listing needs
 * nothing but the plan: paying puts it live at once, and the week starts then.
 */
export function weekBeforePaying(name: string, status: PublicStatus): string | null {
  if (status.needs.every((n) => n.reason === "unpaid")) return null;
  return `If you pay now, the week starts only when ${name} goes public: none of it is used while it is hidden.`;
}

/** After paying (the return page, /managesub, the dashboard): when the paid week starts, if it waits. */
export function weekAfterPaying(name: string, status: PublicStatus): string | null {
  return status.weekWaits
    ? `Your paid week starts when ${name} goes public, and runs for 7 days from then: none of it is used while it is hidden.`
    : null;
}
