// The payment webhook: the only way money state changes. A notification is verified by its
// gateway, checked against the payment we asked for (amount, currency, provider), and then acted on in ONE
// D1 batch: the event id, the payment's status, the ledger row, the receipt and the subscription with its
// listing. Uniqueness in the schema makes the batch all-or-nothing against duplicates: the same event id,
// a second charge row or a second receipt for one payment fails the batch, the whole batch rolls back, and
// the notification is read and decided again (a second transaction that lost the race is then refunded).
import type { WaitUntil } from "~/platform/request-context";
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { receiptEmail } from "~/features/billing/emails";
import { isGstNumber } from "~/features/billing/supplier";
import { isDevelopment } from "~/platform/env";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import {
  afterSubscriptionChange,
  batchOrChanged,
  changesListing,
  isUniqueViolation,
  listingPublicState,
  readSubscription,
  SubscriptionChangedError,
  subscriptionStatements,
} from "~/features/billing/subscriptions.server";
import type { BillingEnv } from "~/features/billing/subscriptions.server";
import { CHECKOUT_SESSION_MS } from "./gateway.server";
import type { PaymentGateway, PaymentNotification } from "./gateway.server";
import {
  isRecordedUnapplied,
  payableRef,
  refundUnapplied,
  UNAPPLIED_REASON,
  unappliedInsert,
} from "./unapplied.server";
import { decide, subscriptionExtras, withUnapplied } from "./notify-decide.server";
import type { Heard, Payment } from "./notify-decide.server";
import { NO_STORE } from "~/platform/http/page-answer";

export type NotifyEnv = BillingEnv & EmailEnv & Pick<Env, "BILLING_SUPPLIER_NAME" | "BILLING_GST_NUMBER">;

export type NotifyResult = {
  status: 200 | 400 | 401 | 404 | 409;
  body: { ok?: true; duplicate?: true; error?: string };
  /** Money that bought nothing was recorded: its refund is sent (unapplied.server.ts). */
  refundDue?: true;
};

const p = schema.payments;
type Db = ReturnType<typeof getDb>;
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
  return Response.json(result.body, { status: result.status, headers: NO_STORE });
}

/**
 * Another notification wrote a row that can exist once between our read and our batch: the same event, or the
 * charge and receipt of this payment from another transaction. Nothing of our batch stayed.
 */
class RaceLostError extends Error {
  constructor() {
    super("Another notification wrote this payment meanwhile");
    this.name = "RaceLostError";
  }
}

/**
 * Acts on a verified notification (or a provider's own answer to a charge, which is as good). The subscription
 * is written by compare-and-swap in the same batch as the money rows; when someone else wrote it between our
 * read and our batch, or another notification wrote a row this batch would write again, nothing of the batch
 * stays and the whole decision is made again on the new state: the same event is then a duplicate, and a
 * second transaction for a payment the other one paid is money that buys nothing, refunded.
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
      const raced = error instanceof SubscriptionChangedError || error instanceof RaceLostError;
      if (!raced || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Why a notification cannot be about the payment it names, or null when it can. */
function mismatch(payment: Payment, provider: string, n: PaymentNotification): string | null {
  if (payment.provider !== provider) return "Payment belongs to another provider";
  if (n.currency !== payment.currency) return "Currency does not match the payment";
  if (n.kind !== "method_cancelled" && n.amountCents !== payment.amountCents) {
    return "Amount does not match the payment";
  }
  return null;
}

async function eventSeen(db: Db, provider: string, eventId: string) {
  const [seen] = await db
    .select({ id: schema.paymentEvents.eventId })
    .from(schema.paymentEvents)
    .where(sql`${schema.paymentEvents.provider} = ${provider} AND ${schema.paymentEvents.eventId} = ${eventId}`)
    .limit(1);
  return Boolean(seen);
}

function eventRow(db: Db, provider: string, n: PaymentNotification, now: number) {
  return db.insert(schema.paymentEvents).values({
    eventId: n.eventId,
    provider,
    kind: n.kind,
    reference: n.reference,
    occurredAt: n.occurredAt,
    receivedAt: now,
  });
}

/** Runs the one batch; a row another notification wrote meanwhile sends the decision round again. */
async function batchOnce(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  try {
    await batchOrChanged(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw new RaceLostError();
    throw error;
  }
}

const DUPLICATE: NotifyResult = { status: 200, body: { ok: true, duplicate: true } };

/** One attempt: check the notification against the payment, decide, write it all in one batch, then follow up. */
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
  const wrong = mismatch(payment, provider, n);
  if (wrong) return { status: 400, body: { error: wrong } };
  if (await eventSeen(db, provider, n.eventId)) return DUPLICATE;

  const current = payment.listingId ? await readSubscription(env, payment.listingId) : null;
  if (!current && n.kind !== "payment_succeeded") return { status: 404, body: { error: "Unknown listing" } };
  const event = eventRow(db, provider, n, now);
  if (!current) {
    // Paid for a listing deleted meanwhile: the money buys nothing and goes back (once per transaction).
    if (await isRecordedUnapplied(db, provider, n.providerRef)) {
      await batchOnce(db, [event]);
      return { status: 200, body: { ok: true } };
    }
    await batchOnce(db, [event, unappliedInsert(db, payment, n, UNAPPLIED_REASON.deleted, now)]);
    return { status: 200, body: { ok: true }, refundDue: true };
  }
  // The provider's clock decides when a payment happened, never later than we hear of it: a notification
  // that arrives late still starts the week it paid for when it was paid.
  const heard: Heard = { db, env, provider, n, payment, current, at: Math.min(n.occurredAt, now), now };
  const decision = await decide(heard);
  const { next } = decision;
  const statements = withUnapplied(heard, decision);
  if (next) statements.push(...subscriptionStatements(db, current, next, subscriptionExtras(heard), now));
  const before = next && changesListing(current, next) ? await listingPublicState(env, current.listingId) : null;

  await batchOnce(db, [event, ...statements]);
  if (next && before) await afterSubscriptionChange(env, ctx, current.listingId, before);
  if (decision.receipted) ctx.waitUntil(mailReceipt(env, payment.id, origin));
  return { status: 200, body: { ok: true }, ...(decision.unapplied ? { refundDue: true } : {}) };
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
  // A tax invoice with a made-up GST number is not sent (checkout is refused before this in production; this
  // holds for a receipt issued by a payment started before the number was broken). Development keeps the
  // placeholder.
  if (!isDevelopment(env) && !isGstNumber(row.supplierGstNumber)) {
    console.error("receipts: not mailed, the receipt has no valid GST number (BILLING_GST_NUMBER)", row.number);
    return;
  }
  await sendEmail(env, { to: row.email, ...receiptEmail({ firstName: row.firstName, receipt: row, origin }) });
}
