// When a listing is public: the one rule. A listing is shown to visitors exactly when nothing hides it, and
// each thing that can hide it is its own stored input, written by the part of the app that owns it:
//   - verified     the administrator approved the provider's ID (docs/moderation.md);
//   - paid         its plan lets it be public: active, past due inside its grace, or cancelling before the
//                  period's end (docs/decisions/0015-subscriptions-and-billing.md);
//   - paused       the owner is on a break (docs/decisions/0018-pause-and-billing.md);
//   - stale        the stale-listing check switched it off until the owner confirms it (docs/dashboard.md);
//   - switchedOff  someone chose to hide it: the owner's Live switch, or an administrator ('Make Unlive',
//                  or hiding it after a report);
//   - awaitingConsent  an agency listing whose worker has not (or no longer) consented to it
//                  (docs/decisions/0058-worker-consent-and-agency-checks.md);
//   - agencyHeld   its agency may not publish yet: no administrator has checked its operator certificate, or
//                  the agency is suspended (the same decision);
//   - numberHeld   a new listing whose contact number is on another account's listing, until an
//                  administrator releases it (docs/decisions/0067-new-listings-number-held.md).
// So an approved, paid listing goes live by itself, and comes back by itself when a break ends or a lapsed
// plan is paid. `live` in D1 is only this rule's stored answer (every query, count and cache reads it); the
// SQL of ./visibility.server.ts writes it from the same inputs, and the database refuses a `live` that
// disagrees (docs/decisions/0029-one-visibility-rule.md).

export type VisibilityInputs = {
  verified: boolean;
  paid: boolean;
  paused: boolean;
  stale: boolean;
  switchedOff: boolean;
  awaitingConsent: boolean;
  agencyHeld: boolean;
  numberHeld: boolean;
};

/** Why a listing is hidden, most fixable first for its owner (the dashboard badge names the first). */
export type HideReason =
  "unverified" | "unpaid" | "stale" | "paused" | "switchedOff" | "awaitingConsent" | "agencyHeld" | "numberHeld";

export const HIDE_REASONS: readonly HideReason[] = [
  "unverified",
  "unpaid",
  "stale",
  "paused",
  "switchedOff",
  "awaitingConsent",
  "agencyHeld",
  "numberHeld",
];

const HIDES: Record<HideReason, (i: VisibilityInputs) => boolean> = {
  unverified: (i) => !i.verified,
  unpaid: (i) => !i.paid,
  stale: (i) => i.stale,
  paused: (i) => i.paused,
  switchedOff: (i) => i.switchedOff,
  awaitingConsent: (i) => i.awaitingConsent,
  agencyHeld: (i) => i.agencyHeld,
  numberHeld: (i) => i.numberHeld,
};

export function hideReasons(inputs: VisibilityInputs): HideReason[] {
  return HIDE_REASONS.filter((reason) => HIDES[reason](inputs));
}

export function isPublic(inputs: VisibilityInputs): boolean {
  return hideReasons(inputs).length === 0;
}

/** The inputs as a listing row holds them (paused: a break has begun and not ended). */
export function visibilityInputs(row: {
  verified: boolean;
  paid: boolean;
  pausedAt: number | null;
  hiddenAsStale: boolean;
  switchedOff: boolean;
  awaitingConsent: boolean;
  agencyHeld: boolean;
  numberHeld: boolean;
}): VisibilityInputs {
  return {
    verified: row.verified,
    paid: row.paid,
    paused: row.pausedAt != null,
    stale: row.hiddenAsStale,
    switchedOff: row.switchedOff,
    awaitingConsent: row.awaitingConsent,
    agencyHeld: row.agencyHeld,
    numberHeld: row.numberHeld,
  };
}
