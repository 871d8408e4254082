// The payment webhook (issue 15): the only way money state changes. A notification is verified by its
// gateway, checked against the payment we asked for (amount, currency, provider), and then acted on in ONE
// D1 batch: the event id, the payment's status, the ledger row, the receipt and the subscription with its
// listing. Uniqueness in the schema makes the batch all-or-nothing against duplicates: the same event id,
// a second charge row or a second receipt for one payment fails the batch, and the whole batch rolls back.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { paymentDescription, receiptEmail, gstOf } from "~/features/billing/emails";
import { newId } from "~/platform/data/ids";
import { transition, type Subscription, type SubscriptionEvent } from "~/features/billing/subscriptions";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, type EmailEnv } from "~/platform/email/email.server";
import {
  afterSubscriptionChange,
  batchOrChanged,
  changesListing,
  isUniqueViolation,
  listingPublicState,
  readSubscription,
  SubscriptionChangedError,
  subscriptionStatements,
  type BillingEnv,
} from "~/features/billing/subscriptions.server";
import { CHECKOUT_SESSION_MS, type PaymentGateway, type PaymentNotification } from "./gateway.server";
import { payableRef, refundUnapplied, UNAPPLIED_REASON, unappliedInsert } from "./unapplied.server";
import type { WaitUntil } from "~/platform/request-context";

export type NotifyEnv = BillingEnv & EmailEnv & Pick<Env, "BILLING_SUPPLIER_NAME" | "BILLING_GST_NUMBER">;

export type NotifyResult = {
  status: 200 | 400 | 401 | 404 | 409;
  body: { ok?: true; duplicate?: true; error?: string };
  /** Money that bought nothing was recorded: its refund is sent (unapplied.server.ts). */
  refundDue?: true;
};

const p = schema.payments;
/** An owner, the cron or an administrator writing the same subscription meanwhile: read again, decide again. */
const ATTEMPTS = 4;
/** A provider's clock and ours differ a little: a page is heard of this long after it should have run out. */
const PAGE_LIFETIME_MARGIN_MS = 15 * 60 * 1000;

/** Verifies a webhook request with `gateway` and applies it. Never throws for bad input. */
export async function handlePaymentNotification(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  request: Request,
  origin: string,
  now = Date.now(),
): Promise<Response> {
  const verified = await gateway.verifyNotification(request, (id) =>
    payableRef(env, id, CHECKOUT_SESSION_MS + PAGE_LIFETIME_MARGIN_MS, now),
  );
  if (!verified.ok) return Response.json({ error: verified.error }, { status: verified.status });
  const result = await applyNotification(env, ctx, gateway.name, verified.notification, origin, now);
  if (result.refundDue)
    ctx.waitUntil(refundUnapplied(env, gateway, now).catch((e) => console.error("payments: refunds", e)));
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Acts on a verified notification (or a provider's own answer to a charge, which is as good). The subscription
 * is written by compare-and-swap in the same batch as the money rows; when someone else wrote it between our
 * read and our batch, nothing of the batch stays and the whole decision is made again on the new state.
 */
export async function applyNotification(
  env: NotifyEnv,
  ctx: WaitUntil,
  provider: string,
  n: PaymentNotification,
  origin: string,
  now = Date.now(),
): Promise<NotifyResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyOnce(env, ctx, provider, n, origin, now);
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function applyOnce(
  env: NotifyEnv,
  ctx: WaitUntil,
  provider: string,
  n: PaymentNotification,
  origin: string,
  now: number,
): Promise<NotifyResult> {
  const db = getDb(env);
  const [payment] = await db.select().from(p).where(eq(p.id, n.reference)).limit(1);
  if (!payment) return { status: 404, body: { error: "Unknown payment reference" } };
  if (payment.provider !== provider) return { status: 400, body: { error: "Payment belongs to another provider" } };
  if (n.currency !== payment.currency) return { status: 400, body: { error: "Currency does not match the payment" } };
  if (n.kind !== "method_cancelled" && n.amountCents !== payment.amountCents) {
    return { status: 400, body: { error: "Amount does not match the payment" } };
  }
  const [seen] = await db
    .select({ id: schema.paymentEvents.eventId })
    .from(schema.paymentEvents)
    .where(sql`${schema.paymentEvents.provider} = ${provider} AND ${schema.paymentEvents.eventId} = ${n.eventId}`)
    .limit(1);
  if (seen) return { status: 200, body: { ok: true, duplicate: true } };

  const current = payment.listingId ? await readSubscription(env, payment.listingId) : null;
  if (!current && n.kind !== "payment_succeeded") return { status: 404, body: { error: "Unknown listing" } };
  // The provider's clock decides when a payment happened, never later than we hear of it: a notification
  // that arrives late still starts the week it paid for when it was paid.
  const at = Math.min(n.occurredAt, now);
  const eventRow = db.insert(schema.paymentEvents).values({
    eventId: n.eventId,
    provider,
    kind: n.kind,
    reference: n.reference,
    occurredAt: n.occurredAt,
    receivedAt: now,
  });
  if (!current) {
    // Paid for a listing deleted meanwhile: the money buys nothing and goes back.
    try {
      await db.batch([eventRow, unappliedInsert(db, payment, n, UNAPPLIED_REASON.deleted, now)]);
    } catch (error) {
      if (isUniqueViolation(error)) return { status: 200, body: { ok: true, duplicate: true } };
      throw error;
    }
    return { status: 200, body: { ok: true }, refundDue: true };
  }
  const statements: BatchItem<"sqlite">[] = [];
  // The money this notification moves, on the ledger under the payment it belongs to.
  const ledgerRow = (entry: "charge" | "refund") =>
    db.insert(schema.ledger).values({
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
  let next: Subscription | null = null;
  let receipt: { number: number; total: number; gst: number; description: string } | null = null;

  // A payment that is open buys what it was opened for; money for any other (a page paid after its checkout
  // was replaced or abandoned, a second transaction of a settled payment) or that the subscription cannot
  // take buys nothing: recorded and refunded (unapplied.server.ts), never applied as a purchase.
  let unapplied: string | null = null;
  // A checkout keeps its hosted page's id (what the provider's notifications name, payableRef); the
  // transaction that paid is on the ledger row.
  const keptRef = payment.kind === "checkout" && payment.providerRef ? payment.providerRef : n.providerRef;
  if (n.kind === "payment_succeeded" && payment.status === "open") {
    // A renewal pays for the plan it was charged for, whatever the subscription says now; a checkout too.
    const event: SubscriptionEvent =
      payment.kind === "checkout"
        ? { type: "paid", plan: payment.plan }
        : payment.kind === "renewal"
          ? { type: "renewalPaid", plan: payment.plan }
          : { type: "upgradePaid" };
    const moved = transition(current, event, at);
    if (moved.ok) {
      next = moved.next;
      statements.push(
        db
          .update(p)
          .set({ status: "succeeded", providerRef: keptRef, failure: null, updatedAt: now })
          .where(eq(p.id, payment.id)),
        ledgerRow("charge"),
      );
      const description = paymentDescription(payment.kind, payment.plan);
      const gst = gstOf(payment.amountCents);
      statements.push(
        db.insert(schema.receipts).values({
          id: newId(),
          number: sql`(SELECT COALESCE(MAX(number), 0) + 1 FROM receipts)`,
          paymentId: payment.id,
          userId: payment.userId,
          listingId: payment.listingId,
          issuedAt: at,
          supplierName: env.BILLING_SUPPLIER_NAME || "Kiwi Companions",
          supplierGstNumber: env.BILLING_GST_NUMBER || "",
          description,
          totalCents: payment.amountCents,
          gstCents: gst,
          currency: payment.currency,
        }),
      );
      receipt = { number: 0, total: payment.amountCents, gst, description };
    } else {
      unapplied = UNAPPLIED_REASON.refused(moved.error);
      statements.push(
        db
          .update(p)
          .set({ status: "failed", providerRef: keptRef, failure: "Paid, but refunded", updatedAt: now })
          .where(eq(p.id, payment.id)),
      );
    }
  } else if (n.kind === "payment_succeeded" && !(await sameCharge(db, payment, n))) {
    unapplied = payment.status === "failed" ? UNAPPLIED_REASON.closed(payment.failure) : UNAPPLIED_REASON.second;
  }
  if (unapplied) {
    console.error("payments: money that buys nothing, to be refunded", payment.id, unapplied);
    statements.push(unappliedInsert(db, payment, n, unapplied, now));
  } else if (n.kind === "payment_failed" && payment.status === "open") {
    // A failure only closes a payment still open: one that arrives after the success (out of order) is noted
    // and changes nothing.
    statements.push(
      db.update(p).set({ status: "failed", failure: "Declined", updatedAt: now }).where(eq(p.id, payment.id)),
    );
    if (payment.kind === "checkout" && current.status === "pending") {
      const moved = transition(current, { type: "checkoutFailed" }, at);
      if (moved.ok) next = moved.next;
    } else if (payment.kind === "renewal") {
      const moved = transition(current, { type: "renewalFailed" }, at);
      if (moved.ok) next = moved.next;
    }
  } else if (n.kind === "refund_succeeded" && payment.status === "succeeded") {
    statements.push(ledgerRow("refund"));
  } else if (n.kind === "method_cancelled" && current.methodRef && current.methodRef === n.methodRef) {
    next = { ...current };
  }

  const extras =
    n.kind === "method_cancelled"
      ? { methodRef: null }
      : n.kind === "payment_succeeded"
        ? { methodRef: n.methodRef ?? current.methodRef, failedRenewals: 0 }
        : n.kind === "payment_failed" && payment.kind === "renewal"
          ? { failedRenewals: current.failedRenewals + 1 }
          : {};
  if (next) statements.push(...subscriptionStatements(db, current, next, extras, now));
  const before = next && changesListing(current, next) ? await listingPublicState(env, current.listingId) : null;

  try {
    await batchOrChanged(db, [eventRow, ...statements]);
  } catch (error) {
    // The same event (or a second charge of one payment) raced this one in: it already did the work.
    if (isUniqueViolation(error)) return { status: 200, body: { ok: true, duplicate: true } };
    throw error;
  }
  if (next && before) await afterSubscriptionChange(env, ctx, current.listingId, before);
  if (receipt) ctx.waitUntil(mailReceipt(env, payment.id, origin));
  return { status: 200, body: { ok: true }, ...(unapplied ? { refundDue: true } : {}) };
}

/** The transaction that already paid this payment, notified again (or its answer read again). */
async function sameCharge(db: ReturnType<typeof getDb>, payment: typeof p.$inferSelect, n: PaymentNotification) {
  if (payment.status !== "succeeded") return false;
  const [charged] = await db
    .select({ providerRef: schema.ledger.providerRef })
    .from(schema.ledger)
    .where(sql`${schema.ledger.paymentId} = ${payment.id} AND ${schema.ledger.entry} = 'charge'`)
    .limit(1);
  return charged?.providerRef === n.providerRef;
}

async function mailReceipt(env: NotifyEnv, paymentId: string, origin: string) {
  const db = getDb(env);
  const [row] = await db
    .select({
      number: schema.receipts.number,
      issuedAt: schema.receipts.issuedAt,
      supplierName: schema.receipts.supplierName,
      supplierGstNumber: schema.receipts.supplierGstNumber,
      description: schema.receipts.description,
      totalCents: schema.receipts.totalCents,
      gstCents: schema.receipts.gstCents,
      email: schema.users.email,
      firstName: schema.users.firstName,
    })
    .from(schema.receipts)
    .innerJoin(schema.users, eq(schema.users.id, schema.receipts.userId))
    .where(eq(schema.receipts.paymentId, paymentId))
    .limit(1);
  if (!row) return;
  await sendEmail(env, { to: row.email, ...receiptEmail({ firstName: row.firstName, receipt: row, origin }) });
}
