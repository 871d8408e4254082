// The one interface every payment provider is reached through: the local
// test gateway in development and tests, and the real hosted-checkout provider in production. Subscription
// logic talks only to this, so changing provider is a new adapter, not a new billing system.
//
// Money is integer cents in NZD everywhere. A provider that speaks decimal strings converts at its edge.

export type Currency = "NZD";

/** Starts a hosted checkout: the visitor is sent to `redirectUrl` and comes back to `returnUrl`. */
export type CheckoutRequest = {
  /** Our own id for this payment, echoed back in the provider's notifications. */
  reference: string;
  /** What the payer sees, e.g. "Featured plan, 1 week". No listing names: statements must not out anyone. */
  description: string;
  amountCents: number;
  currency: Currency;
  returnUrl: string;
  cancelUrl: string;
  /** Where the provider sends its signed notifications (webhook). */
  notifyUrl: string;
  customerEmail: string;
  /** Keep the payment method, so later renewals and prorations can be charged without the payer. */
  storeMethod: boolean;
  /**
   * When the hosted page stops taking payment (ms since the epoch). A page left open in a tab must not be
   * payable days later, when it would buy nothing (CHECKOUT_SESSION_MS below).
   */
  expiresAt: number;
};

/**
 * How long a hosted page takes payment (sent to the provider as its expiry). Longer than the 30 minutes a
 * page is sent again for (billing.server.ts), so a page sent again still has half an hour; far shorter than
 * the day after which the cron closes a checkout nobody paid. A page paid after its payment closed buys
 * nothing and is refunded (unapplied.server.ts).
 */
export const CHECKOUT_SESSION_MS = 60 * 60 * 1000;

export type CheckoutStart = { redirectUrl: string; providerRef: string };

/** Charges a stored payment method: a weekly renewal, or the prorated difference of an upgrade. */
export type ChargeRequest = {
  reference: string;
  methodRef: string;
  amountCents: number;
  currency: Currency;
  description: string;
};

/**
 * What a charge answered at once. A provider that notifies about charges (the test gateway) leaves money state
 * to that notification. One that never notifies about a merchant-initiated charge (Windcave) gives its own
 * answer as `settled`: the provider's reply to our authenticated request is as good as a verified
 * notification, and the caller applies it as one. `pending`: no outcome yet, read it later with `lookup`.
 */
export type ChargeResult =
  | { status: "succeeded"; providerRef: string; settled?: PaymentNotification }
  | { status: "pending"; providerRef: string }
  /** The card was declined: only the provider's own decline answer is this. */
  | { status: "failed"; reason: string; providerRef?: string }
  /**
   * The provider refused the request itself (throttled, 429, or another 4xx that is not a decline): nothing
   * was charged and nothing is known about the card. Tried again later; never counted as a declined renewal.
   */
  | { status: "not_charged"; reason: string };

/** Gives back a payment's money: `providerRef` is the provider's transaction that took it. */
export type RefundRequest = {
  /** Our payment's reference. */
  reference: string;
  providerRef: string;
  amountCents: number;
  currency: Currency;
};

/**
 * succeeded: refunded (`providerRef` is the refund's own id). pending: the provider has it, undecided.
 * failed: refused for good (an administrator refunds it by hand). Unreachable throws ProviderUnavailableError.
 */
export type RefundResult =
  { status: "succeeded" | "pending"; providerRef: string } | { status: "failed"; reason: string };

/**
 * The provider could not be asked, or gave no usable answer (network, 5xx, our credentials refused). For a
 * charge the outcome is unknown (the card may have been charged), so it is never recorded as a failure: the
 * payment stays open and the cron asks again. Routes answer it 502, the webhook 503 (the provider retries).
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

export type NotificationKind = "payment_succeeded" | "payment_failed" | "refund_succeeded" | "method_cancelled";

/** A notification after its signature, freshness and shape were checked. */
export type PaymentNotification = {
  /** The provider's unique id for this event: the same event delivered twice has the same id. */
  eventId: string;
  kind: NotificationKind;
  /** Our reference from CheckoutRequest or ChargeRequest. */
  reference: string;
  providerRef: string;
  amountCents: number;
  /** As the provider sent it: the caller checks it against the plan's currency. */
  currency: string;
  /** A stored method, when the payment created or used one. */
  methodRef?: string;
  /** The provider's time of the event, ms since the epoch: events can arrive out of order. */
  occurredAt: number;
};

export type VerifyResult =
  { ok: true; notification: PaymentNotification } | { ok: false; status: 400 | 401 | 404; error: string };

/** Which of our payments to look up: our reference, and the provider's id when it ever gave us one. */
export type LookupRequest = {
  reference: string;
  /** The hosted page's session id (a checkout) or the transaction id (a charge that answered pending). */
  providerRef: string | null;
  kind: "checkout" | "renewal" | "upgrade";
};

/**
 * What the provider says now about one of our payments (docs/decisions/0015, "Looking a payment up").
 * - settled / declined: the provider's own answer to our authenticated question, applied exactly as a verified
 *   notification would be (same event id, so a late notification is a duplicate).
 * - pending: the provider has it and has not decided.
 * - none: the provider never saw it (nothing was or can be charged under it): a charge may be sent again, an
 *   abandoned checkout closed.
 * - unknown: no usable answer (unreachable, or the provider cannot be asked about it): leave it open.
 */
export type LookupResult =
  | { status: "settled" | "declined"; notification: PaymentNotification }
  | { status: "pending" }
  | { status: "none" }
  | { status: "unknown"; reason: string };

export interface PaymentGateway {
  /** Stored with each payment, so a ledger row says who moved the money. */
  readonly name: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * Reads and checks a webhook request. Never throws for bad input: a forgery is `{ ok: false }`. A provider
   * whose notifications are checked by asking it (Windcave) first asks `knows` whether the id named is one of
   * our payments that could have been paid, so a flood of made-up ids costs no calls to the provider.
   */
  verifyNotification(request: Request, knows?: (providerRef: string) => Promise<boolean>): Promise<VerifyResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of one of our payments as the provider reports it now. Never throws: unreachable is `unknown`. */
  lookup(request: LookupRequest): Promise<LookupResult>;
  /** Stops the provider keeping or charging the method (the subscription itself ends at its period's end). */
  cancel(methodRef: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Stops a hosted page taking payment, where the provider allows it (true when it did). One that cannot
   * (Windcave has no such call) answers false: its page runs out at its `expiresAt`.
   */
  cancelCheckout(providerRef: string): Promise<boolean>;
}
