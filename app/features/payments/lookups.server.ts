// Payments left open, settled by asking the provider (decision 0015 "Looking a payment up"). A
// notification can be lost and a charge's answer can be lost; rather than wait forever or send a charge again
// blind, the provider is asked (PaymentGateway.lookup) and its answer applied exactly as a verified
// notification (payments/notify.server.ts: idempotent by event id, amount and currency checked, ledger row
// and receipt in one batch). Used by the cron's re-send of a charge (charges.server.ts), the checkout return
// page's "Check again", the administrators' "Payments left open", and the cron's sweep of abandoned checkouts.
import { and, asc, eq, lte, or, isNull, sql, type SQL } from "drizzle-orm";
import {
  ABANDONED_CHECKOUT_MS,
  isPaymentId,
  LOOKUP_MIN_INTERVAL_MS,
  lookupAction,
  LOOKUP_MSG,
  OPEN_PAYMENT_ALERT_MS,
  parseGiveUpReason,
  type LookupStatus,
} from "./lookups";
import { renewalFailedEmail } from "~/features/billing/emails";
import { transition } from "~/features/billing/subscriptions";
import { auditInsert, CHANGED } from "~/features/moderation/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import { ProviderUnavailableError, type LookupResult, type PaymentGateway } from "./gateway.server";
import { applyNotification, type NotifyEnv } from "./notify.server";
import {
  batchOrChanged,
  readSubscription,
  SubscriptionChangedError,
  subscriptionStatements,
  type BillingEnv,
} from "~/features/billing/subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const p = schema.payments;
/** Per cron run; the rest wait for the next run. */
const SWEEP_BATCH = 20;

export type LookedUpPayment = {
  id: string;
  kind: "checkout" | "renewal" | "upgrade";
  providerRef: string | null;
  provider: string;
};

/** What came of asking: the lookup's status, or "refused" when its answer did not match the payment. */
export type LookupOutcome = LookupStatus | "refused";

/**
 * Claims the right to ask about an open payment now: provider_checked_at moves only when the payment is open
 * and was not asked about within `minInterval`, so two requests (or a page and the cron) ask once. Null when
 * someone asked just now, or the payment is not open (any more).
 */
export async function claimLookup(
  env: Pick<Env, "DB">,
  paymentId: string,
  now: number,
  minInterval = LOOKUP_MIN_INTERVAL_MS,
): Promise<LookedUpPayment | null> {
  const [row] = await getDb(env)
    .update(p)
    .set({ providerCheckedAt: now })
    .where(
      and(
        eq(p.id, paymentId),
        eq(p.status, "open"),
        or(isNull(p.providerCheckedAt), lte(p.providerCheckedAt, now - minInterval)),
      ),
    )
    .returning({ id: p.id, kind: p.kind, providerRef: p.providerRef, provider: p.provider });
  return row ?? null;
}

/** The provider's answer. A gateway that throws for an outage is read as unknown: nothing may follow from it. */
export async function askProvider(gateway: PaymentGateway, payment: LookedUpPayment): Promise<LookupResult> {
  if (payment.provider !== gateway.name)
    return { status: "unknown", reason: "The payment belongs to another provider" };
  try {
    return await gateway.lookup({ reference: payment.id, providerRef: payment.providerRef, kind: payment.kind });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    return { status: "unknown", reason: error.message };
  }
}

/**
 * Applies a settled or declined answer as the verified notification it is; the other answers change nothing
 * here (the caller decides whether none means send again or close). "refused": the answer's amount or currency
 * is not the payment's; nothing was recorded and the payment stays open for support.
 */
export async function applyLookup(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  result: LookupResult,
  origin: string,
  now: number,
): Promise<LookupOutcome> {
  if (result.status !== "settled" && result.status !== "declined") return result.status;
  const applied = await applyNotification(env, ctx, gateway.name, result.notification, origin, now);
  if (applied.status !== 200) {
    console.error("lookups: the provider's answer was refused", result.notification.reference, applied.status);
    return "refused";
  }
  return result.status;
}

/** Claims, asks, and applies a settled or declined answer. "limited" when it was asked about just now. */
async function lookUpAndApply(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  paymentId: string,
  origin: string,
  now: number,
): Promise<{ outcome: LookupOutcome | "limited"; payment: LookedUpPayment | null }> {
  const payment = await claimLookup(env, paymentId, now);
  if (!payment) return { outcome: "limited", payment: null };
  const result = await askProvider(gateway, payment);
  return { outcome: await applyLookup(env, ctx, gateway, result, origin, now), payment };
}

// ---------------------------------------------------------------------------------------------------------
// The checkout return page

export type CheckResult =
  { ok: true; outcome: LookupOutcome | "limited" | "closed" } | { ok: false; status: 404; error: string };

/**
 * The owner's "Check again" on the return page (and its script after 10 seconds): asks the provider about one
 * of the owner's own open payments, at most once per payment every 10 seconds, and applies a settled or
 * declined answer. It never sends or closes anything. Someone else's payment or a made-up id is 404.
 */
export async function checkOwnPayment(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  userId: string,
  paymentId: unknown,
  origin: string,
  now = Date.now(),
): Promise<CheckResult> {
  if (!isPaymentId(paymentId)) return { ok: false, status: 404, error: "Payment not found." };
  const [own] = await getDb(env)
    .select({ status: p.status })
    .from(p)
    .where(and(eq(p.id, paymentId), eq(p.userId, userId)))
    .limit(1);
  if (!own) return { ok: false, status: 404, error: "Payment not found." };
  if (own.status !== "open") return { ok: true, outcome: "closed" };
  const { outcome } = await lookUpAndApply(env, ctx, gateway, paymentId, origin, now);
  return { ok: true, outcome };
}

// ---------------------------------------------------------------------------------------------------------
// Administrators: "Payments left open" on /admin/subscriptions

/** A payment left open: open for more than two hours (the list below, and the admin home's count). */
export function leftOpen(now: number): SQL {
  return and(eq(p.status, "open"), lte(p.createdAt, now - OPEN_PAYMENT_ALERT_MS))!;
}

/** Open payments older than two hours, oldest first, with whose they are. */
export async function loadOpenPayments(env: Pick<Env, "DB">, now = Date.now()) {
  const l = schema.listings;
  const u = schema.users;
  return getDb(env)
    .select({
      reference: p.id,
      listingId: p.listingId,
      name: l.firstName,
      email: u.email,
      kind: p.kind,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
      checkedAt: p.providerCheckedAt,
    })
    .from(p)
    .leftJoin(l, eq(l.id, p.listingId))
    .leftJoin(u, eq(u.id, p.userId))
    .where(leftOpen(now))
    .orderBy(asc(p.createdAt), asc(p.id))
    .limit(100);
}

type Admin = { id: string; isAdmin: boolean };
export type AdminPaymentResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

async function paymentRow(env: Pick<Env, "DB">, paymentId: string) {
  const [row] = await getDb(env)
    .select({ id: p.id, status: p.status, kind: p.kind, listingId: p.listingId, failure: p.failure })
    .from(p)
    .where(eq(p.id, paymentId))
    .limit(1);
  return row ?? null;
}

/**
 * "Ask the provider now": the lookup, applied as the cron would apply it. A charge the provider never saw is
 * sent again by the cron's next run (charges.server.ts), and a checkout nobody paid is closed by its sweep, or
 * at once with "Give up": asking only reports those.
 */
export async function askProviderNow(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  admin: Admin,
  paymentId: unknown,
  origin: string,
  now = Date.now(),
): Promise<AdminPaymentResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only." };
  if (!isPaymentId(paymentId)) return { ok: false, status: 404, error: "Payment not found." };
  const row = await paymentRow(env, paymentId);
  if (!row) return { ok: false, status: 404, error: "Payment not found." };
  if (row.status !== "open") return { ok: true, message: LOOKUP_MSG.closed };
  const { outcome } = await lookUpAndApply(env, ctx, gateway, paymentId, origin, now);
  // A renewal found declined is a failed renewal, as if the cron had heard it at once: its owner is told.
  if (outcome === "declined" && row.kind === "renewal") ctx.waitUntil(mailRenewalFailed(env, paymentId, origin));
  return { ok: true, message: LOOKUP_MSG[outcome] };
}

async function mailRenewalFailed(env: NotifyEnv, paymentId: string, origin: string): Promise<void> {
  const u = schema.users;
  const [owner] = await getDb(env)
    .select({ email: u.email, firstName: u.firstName })
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .where(eq(p.id, paymentId))
    .limit(1);
  if (owner) await sendEmail(env, { to: owner.email, ...renewalFailedEmail({ firstName: owner.firstName, origin }) });
}

/**
 * "Give up": the payment closes as failed, with no charge recorded, so the listing's plan changes are no longer
 * blocked by it; the reason goes on the audit log in the same batch (written only if the payment was still
 * open at that point of the batch). A checkout also takes its subscription back from pending, as a declined
 * one does. Should the provider still report it paid, the notification records the money all the same
 * (notify.server.ts) for support to refund or keep.
 */
export async function giveUpPayment(
  env: BillingEnv,
  ctx: WaitUntil,
  admin: Admin,
  paymentId: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<AdminPaymentResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only." };
  if (!isPaymentId(paymentId)) return { ok: false, status: 404, error: "Payment not found." };
  const reason = parseGiveUpReason(reasonValue);
  if (!reason)
    return { ok: false, status: 400, error: "Give a reason (up to 200 characters): it goes on the audit log." };
  const db = getDb(env);
  for (let attempt = 1; ; attempt++) {
    const row = await paymentRow(env, paymentId);
    if (!row) return { ok: false, status: 404, error: "Payment not found." };
    // A second click, or the provider's answer first: nothing more to do, and nothing audited.
    if (row.status !== "open") return { ok: true, message: LOOKUP_MSG.closed };
    const sub = row.kind === "checkout" && row.listingId ? await readSubscription(env, row.listingId) : null;
    const back = sub && sub.status === "pending" ? transition(sub, { type: "checkoutFailed" }, now) : null;
    try {
      await batchOrChanged(db, [
        db
          .update(p)
          .set({ status: "failed", failure: `Given up by an administrator: ${reason}`, updatedAt: now })
          .where(and(eq(p.id, paymentId), eq(p.status, "open"))),
        auditInsert(
          db,
          { adminId: admin.id, action: "give_up_payment", listingId: row.listingId, detail: `${paymentId}: ${reason}` },
          now,
          CHANGED,
        ),
        ...(sub && back?.ok ? subscriptionStatements(db, sub, back.next, {}, now) : []),
      ]);
      // The provider's answer may have closed it between the read and the batch (then nothing was written).
      const after = await paymentRow(env, paymentId);
      if (after?.status !== "failed" || !after.failure?.startsWith("Given up")) {
        return { ok: true, message: LOOKUP_MSG.closed };
      }
      return { ok: true, message: "The payment is closed. No charge was recorded." };
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
      if (attempt >= 3)
        return { ok: false, status: 409, error: "The subscription changed meanwhile. Please try again." };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The cron: checkouts nobody completed

/**
 * Hosted checkouts still open after 24 hours are asked about: one the provider reports paid or declined is
 * recorded as such; one it never saw (or whose session expired unpaid) is closed, and its subscription taken
 * back from pending, so it stops blocking plan changes. Pending or unknown: asked again on a later run.
 * Returns how many were closed or settled.
 */
export async function sweepAbandonedCheckouts(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  origin: string,
  now = Date.now(),
): Promise<number> {
  const db = getDb(env);
  const stale = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.status, "open"),
        lte(p.createdAt, now - ABANDONED_CHECKOUT_MS),
        eq(p.kind, "checkout"),
        eq(p.provider, gateway.name),
        // Asked about within the last cron interval: leave it to the next run.
        sql`(${p.providerCheckedAt} IS NULL OR ${p.providerCheckedAt} <= ${now - 25 * 60 * 1000})`,
      ),
    )
    .orderBy(asc(p.createdAt))
    .limit(SWEEP_BATCH);
  let done = 0;
  for (const { id } of stale) {
    const payment = await claimLookup(env, id, now);
    if (!payment) continue;
    const result = await askProvider(gateway, payment);
    const action = lookupAction(
      result.status,
      { kind: payment.kind, hasProviderRef: !!payment.providerRef },
      "sweep_checkout",
    );
    if (action === "record") {
      const outcome = await applyLookup(env, ctx, gateway, result, origin, now);
      if (outcome !== "refused") done++;
    } else if (action === "close") {
      if (await closeAbandonedCheckout(env, id, now)) done++;
    }
  }
  return done;
}

/** Closes an unpaid checkout and takes its subscription back from pending, in one batch. */
async function closeAbandonedCheckout(env: BillingEnv, paymentId: string, now: number): Promise<boolean> {
  const db = getDb(env);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const row = await paymentRow(env, paymentId);
    if (!row || row.status !== "open") return false;
    const sub = row.listingId ? await readSubscription(env, row.listingId) : null;
    const back = sub && sub.status === "pending" ? transition(sub, { type: "checkoutFailed" }, now) : null;
    try {
      await batchOrChanged(db, [
        db
          .update(p)
          .set({ status: "failed", failure: "Abandoned: nobody completed the checkout", updatedAt: now })
          .where(and(eq(p.id, paymentId), eq(p.status, "open"))),
        ...(sub && back?.ok ? subscriptionStatements(db, sub, back.next, {}, now) : []),
      ]);
      return true;
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
    }
  }
  return false;
}
