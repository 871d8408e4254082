// What one verified payment notification does, decided on the payment and the subscription as read: the
// statements for the webhook's one D1 batch (notify.server.ts runs it) and the subscription it leaves.
// A payment that is open buys what it was opened for; money for any other (a page paid after its checkout
// was replaced or abandoned, a second transaction of a settled payment) or that the subscription cannot
// take buys nothing: recorded and refunded (unapplied.server.ts), never applied as a purchase.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { gstOf, paymentDescription } from "~/features/billing/emails";
import { transition } from "~/features/billing/subscriptions";
import type { Subscription, SubscriptionEvent } from "~/features/billing/subscriptions";
import { newId } from "~/platform/data/ids";
import { schema } from "~/platform/data/db.server";
import type { getDb } from "~/platform/data/db.server";
import type { SubscriptionSnapshot } from "~/features/billing/subscriptions.server";
import type { PaymentNotification } from "./gateway.server";
import { isRecordedUnapplied, UNAPPLIED_REASON, unappliedInsert } from "./unapplied.server";

const p = schema.payments;

type Db = ReturnType<typeof getDb>;
export type Payment = typeof p.$inferSelect;
type Supplier = { BILLING_SUPPLIER_NAME?: string; BILLING_GST_NUMBER?: string };

/** One notification about one payment of one subscription, with when it happened and when we heard. */
export type Heard = {
  db: Db;
  env: Supplier;
  provider: string;
  n: PaymentNotification;
  payment: Payment;
  current: SubscriptionSnapshot;
  /** When the payment happened (the provider's clock, never later than `now`). */
  at: number;
  now: number;
};

export type Decision = {
  statements: BatchItem<"sqlite">[];
  /** The subscription after this notification; null when it stays as it is. */
  next: Subscription | null;
  /** Why the money buys nothing (to be refunded), or null. */
  unapplied: string | null;
  /** A receipt is issued: mailed once the batch went through. */
  receipted: boolean;
};

/** The money this notification moves, on the ledger under the payment it belongs to. */
function ledgerRow({ db, provider, n, payment, now }: Heard, entry: "charge" | "refund") {
  return db.insert(schema.ledger).values({
    id: newId(),
    paymentId: payment.id,
    listingId: payment.listingId,
    userId: payment.userId,
    entry,
    amountCents: payment.amountCents,
    currency: payment.currency,
    provider,
    providerRef: n.providerRef,
    eventId: n.eventId,
    createdAt: now,
  });
}

function receiptRow({ db, env, payment, at }: Heard) {
  return db.insert(schema.receipts).values({
    id: newId(),
    number: sql`(SELECT COALESCE(MAX(number), 0) + 1 FROM receipts)`,
    paymentId: payment.id,
    userId: payment.userId,
    listingId: payment.listingId,
    issuedAt: at,
    supplierName: env.BILLING_SUPPLIER_NAME || "Kiwi Companions",
    supplierGstNumber: env.BILLING_GST_NUMBER || "",
    description: paymentDescription(payment.kind, payment.plan),
    totalCents: payment.amountCents,
    gstCents: gstOf(payment.amountCents),
    currency: payment.currency,
  });
}

/** An open payment paid: it buys what it was opened for, or, when the subscription cannot take it, nothing. */
function openPaymentPaid(heard: Heard): Decision {
  const { db, payment, current, n, at, now } = heard;
  // A checkout keeps its hosted page's id (what the provider's notifications name, payableRef); the
  // transaction that paid is on the ledger row.
  const keptRef = payment.kind === "checkout" && payment.providerRef ? payment.providerRef : n.providerRef;
  // A renewal pays for the plan it was charged for, whatever the subscription says now; a checkout too.
  const event: SubscriptionEvent =
    payment.kind === "checkout"
      ? { type: "paid", plan: payment.plan }
      : payment.kind === "renewal"
        ? { type: "renewalPaid", plan: payment.plan }
        : { type: "upgradePaid" };
  const moved = transition(current, event, at);
  if (!moved.ok) {
    const closed = db
      .update(p)
      .set({ status: "failed", providerRef: keptRef, failure: "Paid, but refunded", updatedAt: now })
      .where(eq(p.id, payment.id));
    return { statements: [closed], next: null, unapplied: UNAPPLIED_REASON.refused(moved.error), receipted: false };
  }
  const paid = db
    .update(p)
    .set({ status: "succeeded", providerRef: keptRef, failure: null, updatedAt: now })
    .where(eq(p.id, payment.id));
  return {
    statements: [paid, ledgerRow(heard, "charge"), receiptRow(heard)],
    next: moved.next,
    unapplied: null,
    receipted: true,
  };
}

/** The transaction that already paid this payment, notified again (or its answer read again). */
async function sameCharge(db: Db, payment: Payment, n: PaymentNotification) {
  if (payment.status !== "succeeded") return false;
  const [charged] = await db
    .select({ providerRef: schema.ledger.providerRef })
    .from(schema.ledger)
    .where(sql`${schema.ledger.paymentId} = ${payment.id} AND ${schema.ledger.entry} = 'charge'`)
    .limit(1);
  return charged?.providerRef === n.providerRef;
}

/**
 * Money for a payment that is not open: the same charge heard again buys nothing new and costs nothing, and a
 * transaction already recorded as buying nothing is not recorded (or refunded) twice.
 */
async function unappliedReason({ db, provider, payment, n }: Heard): Promise<string | null> {
  if (await sameCharge(db, payment, n)) return null;
  if (await isRecordedUnapplied(db, provider, n.providerRef)) return null;
  return payment.status === "failed" ? UNAPPLIED_REASON.closed(payment.failure) : UNAPPLIED_REASON.second;
}

/** A failure only closes a payment still open: one that arrives after the success (out of order) is noted. */
function openPaymentFailed({ db, payment, current, at, now }: Heard): Decision {
  const statements = [
    db.update(p).set({ status: "failed", failure: "Declined", updatedAt: now }).where(eq(p.id, payment.id)),
  ];
  const event =
    payment.kind === "checkout" && current.status === "pending"
      ? ({ type: "checkoutFailed" } as const)
      : payment.kind === "renewal"
        ? ({ type: "renewalFailed" } as const)
        : null;
  const moved = event ? transition(current, event, at) : null;
  return { statements, next: moved?.ok ? moved.next : null, unapplied: null, receipted: false };
}

const nothing = (): Decision => ({ statements: [], next: null, unapplied: null, receipted: false });

/** What the notification does, before the subscription's own columns (card on file, failed renewals). */
export async function decide(heard: Heard): Promise<Decision> {
  const { n, payment, current } = heard;
  if (n.kind === "payment_succeeded") {
    if (payment.status === "open") return openPaymentPaid(heard);
    const unapplied = await unappliedReason(heard);
    return { ...nothing(), unapplied };
  }
  if (n.kind === "payment_failed" && payment.status === "open") return openPaymentFailed(heard);
  if (n.kind === "refund_succeeded" && payment.status === "succeeded") {
    return { ...nothing(), statements: [ledgerRow(heard, "refund")] };
  }
  if (n.kind === "method_cancelled" && current.methodRef && current.methodRef === n.methodRef) {
    return { ...nothing(), next: { ...current } };
  }
  return nothing();
}

/** The subscription's columns a notification sets besides its status: the card on file, the failed renewals. */
export function subscriptionExtras({ n, payment, current }: Heard) {
  return n.kind === "method_cancelled"
    ? { methodRef: null }
    : n.kind === "payment_succeeded"
      ? { methodRef: n.methodRef ?? current.methodRef, failedRenewals: 0 }
      : n.kind === "payment_failed" && payment.kind === "renewal"
        ? { failedRenewals: current.failedRenewals + 1 }
        : {};
}

/** The unapplied money's own row, appended to a decision that found some. */
export function withUnapplied(heard: Heard, decision: Decision): BatchItem<"sqlite">[] {
  if (!decision.unapplied) return decision.statements;
  console.error("payments: money that buys nothing, to be refunded", heard.payment.id, decision.unapplied);
  return [...decision.statements, unappliedInsert(heard.db, heard.payment, heard.n, decision.unapplied, heard.now)];
}
