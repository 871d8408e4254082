// The one interface every payment provider is reached through (issue 'Weekly plans that work'): the local
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
};

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
 * What a charge answered at once. Money state still changes only on the verified notification that
 * follows (a provider may answer `pending` and decide later).
 */
export type ChargeResult =
  | { status: "succeeded"; providerRef: string }
  | { status: "pending"; providerRef: string }
  | { status: "failed"; reason: string };

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
  { ok: true; notification: PaymentNotification } | { ok: false; status: 400 | 401; error: string };

export interface PaymentGateway {
  /** Stored with each payment, so a ledger row says who moved the money. */
  readonly name: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** Reads and checks a webhook request. Never throws for bad input: a forgery is `{ ok: false }`. */
  verifyNotification(request: Request): Promise<VerifyResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Stops the provider keeping or charging the method (the subscription itself ends at its period's end). */
  cancel(methodRef: string): Promise<void>;
}
