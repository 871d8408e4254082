// Putting a failed renewal right (docs/decisions/0027-putting-a-failed-renewal-right.md): while a listing is
// past due, its owner may pay the renewal now rather than wait for the cron's second attempt at the end of the
// grace, with the card on file ('Pay now') or with another card through the hosted checkout ('Use another
// card', which then becomes the card on file). Both go through the paths every payment takes:
// - the card on file is charged as the renewal it is (charges.server.ts: one open charge per listing, opened
//   with a compare-and-swap, so a double press or the cron racing it charges once), and settled through the
//   webhook's own applyNotification;
// - the checkout is the ordinary one (billing.server.ts startCheckout) for the renewal's plan.
// What a success does to the listing (paid again, and public again if an expiry had hidden it) is the one
// statement every paid subscription write carries: subscriptionStatements in subscriptions.server.ts.
import { and, eq } from "drizzle-orm";
import { renewalPlan } from "./subscriptions";
import { BILLING_MSG, ownSubscription } from "./billing.server";
import type { BillingUser } from "./billing.server";
import { cancelPages, startCheckout } from "./checkout.server";
import { closeFailedCharge, openRenewalCharge, sendCharge } from "./charges.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import type { NotifyEnv } from "~/features/payments/notify.server";
import { PAYMENT_UNAVAILABLE_MSG } from "~/features/payments/select.server";
import type { BillingEnv, SubscriptionSnapshot } from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const p = schema.payments;

export const PAST_DUE_MSG = {
  notPastDue: "This listing has no failed payment to put right.",
  declined: "Your card was declined. No payment was taken.",
} as const;

export type PastDueOutcome =
  /** The card on file paid (or the provider is still deciding: the page shows 'Payment processing…'). */
  | { ok: true; via: "card"; status: "succeeded" | "pending" }
  /** No card on file, or another card: the payer goes to the hosted checkout. */
  | { ok: true; via: "checkout"; redirectUrl: string }
  /** `declined`: the card on file was refused; the next step is another card. */
  | { ok: false; status: 404 | 409 | 502; error: string; declined?: true };

/**
 * Puts a past-due renewal right for its owner, once the listing is found to be theirs and past due:
 * - 'Pay now' (`cardOnFile`) charges the renewal to the card on file at once, or, with no card on file, opens
 *   the hosted checkout instead. A decline leaves the subscription as it was (past due, the same deadline):
 *   the owner's own attempt is not the cron's second one, so it never hides the listing sooner.
 * - 'Use another card' (`anotherCard`) opens the hosted checkout for the renewal's plan. Paid, it pays the week
 *   that failed and its card becomes the card on file (the notification stores the checkout's card,
 *   notify.server.ts).
 */
export async function payPastDue(
  env: BillingEnv & NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  user: BillingUser,
  listingId: string,
  how: "cardOnFile" | "anotherCard",
  origin: string,
  now = Date.now(),
): Promise<PastDueOutcome> {
  const { current, refused } = await ownPastDue(env, user.id, listingId);
  if (refused) return refused;
  if (how === "anotherCard" || !current.methodRef) {
    const started = await startCheckout(env, gateway, user, listingId, renewalPlan(current), origin, now);
    if (!started.ok) return { ok: false, status: started.status === 400 ? 409 : started.status, error: started.error };
    return { ok: true, via: "checkout", redirectUrl: started.redirectUrl };
  }
  return chargeCardOnFile(env, ctx, gateway, { ...current, methodRef: current.methodRef }, origin, now);
}

async function chargeCardOnFile(
  env: BillingEnv & NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  current: SubscriptionSnapshot & { methodRef: string },
  origin: string,
  now: number,
): Promise<PastDueOutcome> {
  const opened = await openRenewalCharge(env, gateway, current, now);
  if (!opened.ok) {
    return { ok: false, status: 409, error: opened.reason === "busy" ? BILLING_MSG.busy : BILLING_MSG.changed };
  }
  // A hosted page left open from an earlier 'Use another card' would pay the same week again: it is closed
  // (paid all the same, it buys nothing and is refunded: decision 0015, "Money that buys nothing").
  const replaced = await getDb(env)
    .update(p)
    .set({ status: "failed", failure: "Replaced by a payment with the card on file", updatedAt: now })
    .where(and(eq(p.listingId, current.listingId), eq(p.kind, "checkout"), eq(p.status, "open")))
    .returning({ providerRef: p.providerRef });
  await cancelPages(gateway, replaced);

  const sent = await sendCharge(env, ctx, gateway, opened.charge, current.methodRef, origin, now);
  switch (sent.outcome) {
    case "succeeded":
    case "pending":
      return { ok: true, via: "card", status: sent.outcome };
    case "failed":
      // Refused at once: the payment closes; the subscription stays past due until its deadline.
      await closeFailedCharge(getDb(env), opened.charge.reference, sent.reason, now);
      return { ok: false, status: 409, error: PAST_DUE_MSG.declined, declined: true };
    case "declined":
      return { ok: false, status: 409, error: PAST_DUE_MSG.declined, declined: true };
    case "notCharged":
      await closeFailedCharge(getDb(env), opened.charge.reference, sent.reason, now);
      return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
    case "unknown":
      return { ok: false, status: 502, error: BILLING_MSG.outcomeUnknown };
  }
}

async function ownPastDue(env: BillingEnv, userId: string, listingId: string) {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { current: null, refused: { ok: false, status: 404, error: BILLING_MSG.notFound } as const };
  if (current.status !== "past_due") {
    return { current: null, refused: { ok: false, status: 409, error: PAST_DUE_MSG.notPastDue } as const };
  }
  return { current, refused: null };
}
