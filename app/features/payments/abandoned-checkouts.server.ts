// The cron: checkouts nobody completed (decision 0015 "Looking a payment up"). The lookup itself is
// lookups.server.ts.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { ABANDONED_CHECKOUT_MS, lookupAction } from "./lookups";
import { getDb, schema } from "~/platform/data/db.server";
import type { PaymentGateway } from "./gateway.server";
import type { NotifyEnv } from "./notify.server";
import { applyLookup, askProvider, claimLookup, failOpenPayment, paymentRow } from "./lookups.server";
import { batchOrChanged, SubscriptionChangedError } from "~/features/billing/subscriptions.server";
import type { BillingEnv } from "~/features/billing/subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const p = schema.payments;
/** Per cron run; the rest wait for the next run. */
const SWEEP_BATCH = 20;

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
    const { close, takeBack } = await failOpenPayment(env, row, "Abandoned: nobody completed the checkout", now);
    try {
      await batchOrChanged(db, [close, ...takeBack]);
      return true;
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
    }
  }
  return false;
}
