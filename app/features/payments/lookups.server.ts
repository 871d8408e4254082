// Payments left open, settled by asking the provider (decision 0015 "Looking a payment up"). A
// notification can be lost and a charge's answer can be lost; rather than wait forever or send a charge again
// blind, the provider is asked (PaymentGateway.lookup) and its answer applied exactly as a verified
// notification (payments/notify.server.ts: idempotent by event id, amount and currency checked, ledger row
// and receipt in one batch). Used by the cron's re-send of a charge (charges.server.ts), the checkout return
// page's "Check again" (here), the administrators' "Payments left open" (open-payments.server.ts), and the
// cron's sweep of abandoned checkouts (abandoned-checkouts.server.ts).
import { and, eq, lte, or, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isPaymentId, LOOKUP_MIN_INTERVAL_MS } from "./lookups";
import type { LookupStatus } from "./lookups";
import { transition } from "~/features/billing/subscriptions";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import { ProviderUnavailableError } from "./gateway.server";
import type { LookupResult, PaymentGateway } from "./gateway.server";
import { applyNotification } from "./notify.server";
import type { NotifyEnv } from "./notify.server";
import { readSubscription, subscriptionStatements } from "~/features/billing/subscriptions.server";
import type { BillingEnv } from "~/features/billing/subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";

const p = schema.payments;

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
  env: DbEnv,
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
export async function lookUpAndApply(
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

/** The payment as the closing steps need it (administrators' give up, the cron's sweep of checkouts). */
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentRow>>>;

export async function paymentRow(env: DbEnv, paymentId: string) {
  return rowById(
    env,
    p,
    { id: p.id, status: p.status, kind: p.kind, listingId: p.listingId, failure: p.failure },
    paymentId,
  );
}

/**
 * Closing an open payment as failed, with no charge recorded: `close` (it changes nothing once the payment is
 * no longer open at that point of the batch), and `takeBack`, which returns a checkout's subscription from
 * pending as a declined checkout does. The caller places them in its own batch.
 */
export async function failOpenPayment(
  env: BillingEnv,
  row: PaymentRow,
  failure: string,
  now: number,
): Promise<{ close: BatchItem<"sqlite">; takeBack: BatchItem<"sqlite">[] }> {
  const db = getDb(env);
  const sub = row.kind === "checkout" && row.listingId ? await readSubscription(env, row.listingId) : null;
  const back = sub && sub.status === "pending" ? transition(sub, { type: "checkoutFailed" }, now) : null;
  return {
    close: db
      .update(p)
      .set({ status: "failed", failure, updatedAt: now })
      .where(and(eq(p.id, row.id), eq(p.status, "open"))),
    takeBack: sub && back?.ok ? subscriptionStatements(db, sub, back.next, {}, now) : [],
  };
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
