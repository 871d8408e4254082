// The rules for payments left open (docs/decisions/0015-subscriptions-and-billing.md, "Looking a
// payment up"): what to do with each answer of a provider's lookup, how often one payment may be asked about,
// and when an open payment is shown to administrators or an unpaid checkout is closed. Pure, so that every
// branch is unit-tested (tests/unit/payment-lookups.test.ts); app/features/payments/lookups.server.ts does the I/O.

export type LookupStatus = "settled" | "declined" | "pending" | "none" | "unknown";
export type PaymentKind = "checkout" | "renewal" | "upgrade";

/** At most one question to the provider per payment in this time: the return page cannot hammer it. */
export const LOOKUP_MIN_INTERVAL_MS = 10_000;
/** The return page waits this long for the notification before asking the provider itself. */
export const RETURN_LOOKUP_AFTER_MS = 10_000;
/** An open payment older than this is listed for administrators ("Payments left open"). */
export const OPEN_PAYMENT_ALERT_MS = 2 * 60 * 60 * 1000;
/** A hosted checkout nobody completed in this time is asked about by the cron, and closed if nobody paid. */
export const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/**
 * What a lookup's answer means for an open payment:
 * - "record": settled or declined, applied as a verified notification would be;
 * - "resend": the provider never saw a stored-card charge whose answer we never had: sending it again under the
 *   same reference cannot charge twice. Only where we hold no provider id for it: a charge the provider gave an
 *   id for and now does not know is a contradiction, left for an administrator;
 * - "close": a checkout nobody paid (the cron's sweep of abandoned checkouts only);
 * - "leave": pending or unknown: nothing is sent or closed, as the card may have been charged.
 */
export type LookupAction = "record" | "resend" | "close" | "leave";

export function lookupAction(
  status: LookupStatus,
  payment: { kind: PaymentKind; hasProviderRef: boolean },
  purpose: "finish_charge" | "sweep_checkout" | "check",
): LookupAction {
  if (status === "settled" || status === "declined") return "record";
  if (status !== "none") return "leave";
  if (purpose === "finish_charge" && payment.kind !== "checkout" && !payment.hasProviderRef) return "resend";
  if (purpose === "sweep_checkout" && payment.kind === "checkout") return "close";
  return "leave";
}

/** True when a payment last asked about at `checkedAt` may be asked about again at `now`. */
export function mayAskProvider(checkedAt: number | null, now: number, minInterval = LOOKUP_MIN_INTERVAL_MS): boolean {
  return checkedAt === null || checkedAt <= now - minInterval;
}

/** Our payment ids: "pay_" and an id; anything else is refused before it reaches a query. */
export function isPaymentId(value: unknown): value is string {
  return typeof value === "string" && /^pay_[0-9A-Za-z_-]{1,60}$/.test(value);
}

/** A reason for the audit log: trimmed, one line, 1 to 200 characters; null when there is none. */
export function parseGiveUpReason(value: unknown): string | null {
  const reason = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  return reason.length >= 1 && reason.length <= 200 ? reason : null;
}

/** What an administrator is told after "Ask the provider now". */
export const LOOKUP_MSG: Record<LookupStatus | "closed" | "limited" | "refused", string> = {
  settled: "The provider reports it paid: the payment is recorded, with its receipt.",
  declined: "The provider reports it declined: the payment is closed as declined.",
  pending: "The provider has not decided yet. The payment stays open.",
  none: "The provider has no record of this payment. Nothing was charged under it.",
  unknown: "The provider could not tell us. The payment stays open.",
  closed: "This payment is no longer open.",
  limited: "The provider was asked about this payment a few seconds ago. Try again shortly.",
  refused: "The provider's answer does not match this payment (amount or currency). It stays open for support.",
};
