// Charging a stored card (docs/billing.md): the weekly renewal on the cron and the prorated upgrade on /managesub go
// through here, so both open, send, settle and finish a charge the same way.
// - Opening is one batch: the payment row and a compare-and-swap of the subscription (migration 0038). A
//   payment already open for the listing (a checkout, a renewal, an upgrade) refuses a second one, so a
//   double click or the cron racing an upgrade cannot charge twice.
// - A provider that never notifies about a charge (Windcave) answers with the outcome, which settles the
//   payment exactly as a verified notification would (payments/notify.server.ts).
// - When the provider could not be asked, the outcome is unknown (the card may have been charged): the payment
//   stays open, never failed, and the cron finishes it later (finishOpenCharge), looking it up at the provider
//   before anything is sent again (app/features/payments/lookups.server.ts).
import { and, eq } from "drizzle-orm";
import { paymentDescription } from "./emails";
import { newId } from "~/platform/data/ids";
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { renewalPlan } from "./subscriptions";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { ProviderUnavailableError } from "~/features/payments/gateway.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { applyNotification } from "~/features/payments/notify.server";
import type { NotifyEnv } from "~/features/payments/notify.server";
import { lookupAction } from "~/features/payments/lookups";
import { applyLookup, askProvider } from "~/features/payments/lookups.server";
import { batchOrChanged, isUniqueViolation, SubscriptionChangedError } from "./subscriptions.server";
import type { SubscriptionSnapshot } from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const p = schema.payments;
const s = schema.subscriptions;

/**
 * An open charge with no answer for this long may be asked about (or sent) again by the cron. Longer than any
 * request takes, so a charge still in flight is never sent twice; shorter than the cron's 30 minutes.
 */
export const CHARGE_RETRY_AFTER_MS = 10 * 60 * 1000;

export type Charge = { reference: string; kind: "renewal" | "upgrade"; plan: PlanTier; amountCents: number };

export type ChargeOutcome =
  /** Paid and recorded (or the provider's own notification recorded it). */
  | { outcome: "succeeded" }
  /** The provider has it but has not decided: the payment stays open until a lookup tells. */
  | { outcome: "pending" }
  /** The provider could not be asked: the payment stays open, and the cron asks or sends again. */
  | { outcome: "unknown" }
  /** Refused at once: the caller closes the payment (closeFailedCharge) with whatever follows from it. */
  | { outcome: "failed"; reason: string }
  /** A lookup found it declined; the notification path already closed it and moved the subscription. */
  | { outcome: "declined" }
  /**
   * The provider did not take the request (throttled, or another refusal that is not a decline): nothing was
   * charged. The caller closes the payment without moving the subscription; the charge is made again later.
   */
  | { outcome: "notCharged"; reason: string };

/**
 * Opens the renewal of `sub`'s plan (the plan it changes to at renewal, if any), at that plan's price: the
 * cron's charge and the owner's 'Pay now' (past-due.server.ts) alike.
 */
export function openRenewalCharge(env: DbEnv, gateway: PaymentGateway, sub: SubscriptionSnapshot, now: number) {
  const plan = renewalPlan(sub);
  return openCharge(env, gateway, sub, { kind: "renewal", plan, amountCents: PLANS[plan].priceCents }, now);
}

/**
 * Opens a charge against `sub` (read with readSubscription, so its open payment and version are one snapshot).
 * "busy": a payment is already open for the listing; "changed": the subscription moved since it was read.
 */
export async function openCharge(
  env: DbEnv,
  gateway: PaymentGateway,
  sub: SubscriptionSnapshot,
  charge: Omit<Charge, "reference">,
  now: number,
): Promise<{ ok: true; charge: Charge } | { ok: false; reason: "busy" | "changed" }> {
  // A checkout waiting for its payer is no charge: a renewal goes ahead beside it (renewals.server.ts).
  if (sub.openPayment && sub.openPayment.kind !== "checkout") return { ok: false, reason: "busy" };
  const reference = `pay_${newId()}`;
  const db = getDb(env);
  try {
    await batchOrChanged(db, [
      // No state change, but a new version: a cancel or change of plan that read the subscription before this
      // charge opened now fails its own compare-and-swap instead of landing beside a charge.
      db
        .update(s)
        .set({ version: sub.version + 1, updatedAt: now })
        .where(eq(s.listingId, sub.listingId)),
      db.insert(p).values({
        id: reference,
        listingId: sub.listingId,
        userId: sub.userId,
        kind: charge.kind,
        plan: charge.plan,
        amountCents: charge.amountCents,
        currency: "NZD",
        status: "open",
        provider: gateway.name,
        createdAt: now,
        updatedAt: now,
      }),
    ]);
  } catch (error) {
    if (error instanceof SubscriptionChangedError) return { ok: false, reason: "changed" };
    // The last line (payments_one_open_charge): another charge opened between our read and our write.
    if (isUniqueViolation(error)) return { ok: false, reason: "busy" };
    throw error;
  }
  return { ok: true, charge: { ...charge, reference } };
}

/** Asks the provider to charge the stored card, and settles what it answered. */
export async function sendCharge(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  charge: Charge,
  methodRef: string,
  origin: string,
  now: number,
): Promise<ChargeOutcome> {
  let result;
  try {
    result = await gateway.charge({
      reference: charge.reference,
      methodRef,
      amountCents: charge.amountCents,
      currency: "NZD",
      description: paymentDescription(charge.kind, charge.plan),
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error("charges: the provider could not be asked; the charge stays open", charge.reference, error.message);
    return { outcome: "unknown" };
  }
  if (result.status === "failed") return { outcome: "failed", reason: result.reason };
  if (result.status === "not_charged") return { outcome: "notCharged", reason: result.reason };
  const db = getDb(env);
  // The provider's id, for a later lookup. A notification that already settled the payment keeps its own.
  await db
    .update(p)
    .set({ providerRef: result.providerRef, updatedAt: now })
    .where(and(eq(p.id, charge.reference), eq(p.status, "open")));
  if (result.status === "pending") return { outcome: "pending" };
  if (result.settled) return settle(env, ctx, gateway, result.settled, origin, now);
  return { outcome: "succeeded" };
}

async function settle(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  settled: Parameters<typeof applyNotification>[3],
  origin: string,
  now: number,
): Promise<ChargeOutcome> {
  const applied = await applyNotification(env, ctx, gateway.name, settled, origin, now);
  if (applied.status !== 200) {
    // The provider's answer does not match what we asked for (amount, currency): nothing was recorded, and
    // the payment stays open for support to look at. Never a silent success.
    console.error("charges: the provider's answer was refused", settled.reference, applied.status, applied.body.error);
    return { outcome: "pending" };
  }
  if (settled.kind === "payment_succeeded") return { outcome: "succeeded" };
  if (settled.kind === "payment_failed") return { outcome: "declined" };
  return { outcome: "pending" };
}

/** The statement that closes a charge refused at once, for the caller's batch. */
export function closeFailedCharge(db: Db, reference: string, reason: string, now: number) {
  return db
    .update(p)
    .set({ status: "failed", failure: reason, updatedAt: now })
    .where(and(eq(p.id, reference), eq(p.status, "open")));
}

/**
 * The cron's turn at a charge still open after CHARGE_RETRY_AFTER_MS (and the upgrade's, when the owner tries
 * again). The provider is asked first (gateway.lookup), with or without an id of its own: settled or declined
 * is applied as a verified notification; none, for a charge whose answer never came back, means the provider
 * never saw it, and only then is it sent again under the same reference; pending or unknown leaves it open (no
 * second charge). Null when there is nothing of ours to finish (no open charge, a checkout, or one too recent).
 */
export async function finishOpenCharge(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  sub: SubscriptionSnapshot,
  origin: string,
  now: number,
): Promise<{ charge: Charge; result: ChargeOutcome } | null> {
  const open = sub.openPayment;
  if (!open || open.kind === "checkout" || now - open.updatedAt < CHARGE_RETRY_AFTER_MS) return null;
  const db = getDb(env);
  // Claimed by moving updated_at: of two cron runs (or a run and a slow request), one goes on.
  const claimed = await db
    .update(p)
    .set({ updatedAt: now, providerCheckedAt: now })
    .where(and(eq(p.id, open.id), eq(p.status, "open"), eq(p.updatedAt, open.updatedAt)))
    .returning({ kind: p.kind, plan: p.plan, amountCents: p.amountCents, provider: p.provider });
  const row = claimed[0];
  if (!row || row.kind === "checkout" || row.provider !== gateway.name) return null;
  const charge: Charge = { reference: open.id, kind: row.kind, plan: row.plan, amountCents: row.amountCents };

  const looked = await askProvider(gateway, {
    id: open.id,
    kind: row.kind,
    providerRef: open.providerRef,
    provider: row.provider,
  });
  switch (lookupAction(looked.status, { kind: row.kind, hasProviderRef: !!open.providerRef }, "finish_charge")) {
    case "record": {
      const applied = await applyLookup(env, ctx, gateway, looked, origin, now);
      const result: ChargeOutcome =
        applied === "settled"
          ? { outcome: "succeeded" }
          : applied === "declined"
            ? { outcome: "declined" }
            : { outcome: "pending" };
      return { charge, result };
    }
    case "resend":
      if (!sub.methodRef) return { charge, result: { outcome: "failed", reason: "No stored card" } };
      return { charge, result: await sendCharge(env, ctx, gateway, charge, sub.methodRef, origin, now) };
    default:
      if (looked.status === "none") {
        console.error("charges: the provider does not know an open charge it gave an id for", open.id);
      }
      return { charge, result: { outcome: looked.status === "unknown" ? "unknown" : "pending" } };
  }
}
