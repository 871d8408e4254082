// Standard → Featured at once (docs/billing.md): the prorated difference quoted, confirmed, then charged to
// the card on file; the plan changes when the charge settles (charges.server.ts, the webhook).
import type { WaitUntil } from "~/platform/request-context";
import { isPaidStatus, SUBSCRIPTION_MSG } from "./subscriptions";
import { closeFailedCharge, finishOpenCharge, openCharge, sendCharge } from "./charges.server";
import { getDb } from "~/platform/data/db.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import type { NotifyEnv } from "~/features/payments/notify.server";
import { PAYMENT_UNAVAILABLE_MSG } from "~/features/payments/select.server";
import type { BillingEnv, SubscriptionSnapshot } from "./subscriptions.server";
import { BILLING_MSG, ownSubscription } from "./billing.server";
import type { BillingFailure } from "./billing.server";
import type { DbEnv } from "~/platform/data/db.server";
import { prorationCents } from "./upgrade";

function quoteOf(current: SubscriptionSnapshot, now: number) {
  if (!isPaidStatus(current.status) || current.periodEnd === null) {
    return { ok: false, status: 409, error: SUBSCRIPTION_MSG.notActive } as const;
  }
  // Free weeks have no paid plan to upgrade (and maybe no card): Featured is chosen by subscribing to it.
  if (current.gift) return { ok: false, status: 409, error: SUBSCRIPTION_MSG.giftEnds } as const;
  if (current.plan !== "standard") return { ok: false, status: 409, error: SUBSCRIPTION_MSG.notStandard } as const;
  return { ok: true, amountCents: prorationCents(current, now), periodEnd: current.periodEnd } as const;
}

/** The amount an upgrade would charge now, shown before confirming. */
export async function upgradeQuote(
  env: DbEnv,
  userId: string,
  listingId: string,
  now = Date.now(),
): Promise<{ ok: true; amountCents: number; periodEnd: number } | BillingFailure> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  return quoteOf(current, now);
}

/**
 * Standard → Featured at once: the prorated difference is charged to the stored card, and the plan changes
 * when the charge settles (the provider's answer or its notification). A zero amount (the period is over) is
 * refused, as the renewal is the place for a change then. A payment already open for the listing (a double
 * click, the renewal) refuses it: one charge at a time.
 */
export async function upgradeNow(
  env: BillingEnv & NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  userId: string,
  listingId: string,
  expectedCents: number | null,
  origin: string,
  now = Date.now(),
): Promise<{ ok: true; amountCents: number; status: "succeeded" | "pending" } | BillingFailure> {
  let current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (current.openPayment?.kind === "upgrade") {
    // An earlier upgrade's charge whose answer never came: asked about at the provider first (and sent again
    // only if the provider never saw it), never charged a second time beside it.
    const finished = await finishOpenCharge(env, ctx, gateway, current, origin, now);
    if (finished?.result.outcome === "failed" || finished?.result.outcome === "notCharged") {
      await closeFailedCharge(getDb(env), finished.charge.reference, finished.result.reason, now);
    }
    if (finished) {
      current = await ownSubscription(env, userId, listingId);
      if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
    }
  }
  const quote = quoteOf(current, now);
  if (!quote.ok) return quote;
  // The amount the owner confirmed must still be the amount: a tampered form, or one left open for an hour,
  // is asked again instead of charging a different sum.
  if (expectedCents !== null && expectedCents !== quote.amountCents) {
    return { ok: false, status: 409, error: "The amount changed meanwhile: check it and confirm again." };
  }
  if (quote.amountCents <= 0) return { ok: false, status: 409, error: BILLING_MSG.noUpgrade };
  if (!current.methodRef) return { ok: false, status: 409, error: BILLING_MSG.noMethod };
  const opened = await openCharge(
    env,
    gateway,
    current,
    { kind: "upgrade", plan: "featured", amountCents: quote.amountCents },
    now,
  );
  if (!opened.ok)
    return { ok: false, status: 409, error: opened.reason === "busy" ? BILLING_MSG.busy : BILLING_MSG.changed };
  const sent = await sendCharge(env, ctx, gateway, opened.charge, current.methodRef, origin, now);
  switch (sent.outcome) {
    case "failed":
      await closeFailedCharge(getDb(env), opened.charge.reference, sent.reason, now);
      return { ok: false, status: 409, error: BILLING_MSG.paymentFailed };
    case "notCharged":
      // Not the card's fault (the provider was busy): nothing was charged, and the owner may try again.
      await closeFailedCharge(getDb(env), opened.charge.reference, sent.reason, now);
      return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
    case "declined":
      return { ok: false, status: 409, error: BILLING_MSG.paymentFailed };
    case "unknown":
      return { ok: false, status: 502, error: BILLING_MSG.outcomeUnknown };
    case "succeeded":
    case "pending":
      return { ok: true, amountCents: quote.amountCents, status: sent.outcome };
  }
}
