// The hosted checkout (docs/billing.md): a listing's plan bought on the provider's page. One open checkout
// per listing and plan (a unique index), one request at a time asking the provider for its page, and a page
// sent again for a while so a second click pays the same page, never a second one.
import { and, eq, ne, sql } from "drizzle-orm";
import { paymentDescription } from "./emails";
import { newId } from "~/platform/data/ids";
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { transition } from "./subscriptions";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import { CHECKOUT_SESSION_MS, ProviderUnavailableError } from "~/features/payments/gateway.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { NOTIFY_PATH, PAYMENT_UNAVAILABLE_MSG } from "~/features/payments/select.server";
import {
  batchOrChanged,
  readSubscription,
  SubscriptionChangedError,
  subscriptionStatements,
} from "./subscriptions.server";
import type { BillingEnv } from "./subscriptions.server";
import { BILLING_MSG, ownSubscription } from "./billing.server";
import type { BillingFailure, BillingUser } from "./billing.server";
import type { DbEnv } from "~/platform/data/db.server";

const p = schema.payments;

type CheckoutStarted = { ok: true; redirectUrl: string; reference: string };

/** How long a second 'Choose' waits for the hosted page the first one is asking for. */
const CHECKOUT_WAIT_MS = 5000;
/** A claim on a checkout's page older than this was lost (the Worker died mid-request): ask again. */
const CHECKOUT_CLAIM_STALE_MS = 30_000;
/**
 * A hosted page is sent again for this long. A provider's session expires (Windcave's after hours or days):
 * a payer who comes back later gets a fresh page rather than one that may have run out.
 */
const CHECKOUT_REUSE_MS = 30 * 60 * 1000;

/**
 * Starts (or resumes) the hosted checkout of `tier` for one of the user's listings. A second click finds
 * the checkout the first one opened (one open checkout per listing and plan, a unique index) and sends the
 * payer to the same hosted page (`checkout_url`), so it can only ever be paid once.
 */
export async function startCheckout(
  env: BillingEnv,
  gateway: PaymentGateway,
  user: BillingUser,
  listingId: string,
  tier: PlanTier,
  origin: string,
  now = Date.now(),
): Promise<CheckoutStarted | BillingFailure> {
  const refused = await openCheckoutPayment(env, gateway, user, listingId, tier, now);
  if (refused) return refused;
  const open = await openCheckout(env, listingId, tier);
  if (!open) return { ok: false, status: 409, error: BILLING_MSG.changed };
  if (open.checkoutUrl && open.updatedAt >= now - CHECKOUT_REUSE_MS) {
    return { ok: true, redirectUrl: open.checkoutUrl, reference: open.id };
  }
  // One request asks the provider for the hosted page; a second click meanwhile waits for it.
  if (!(await claimPage(env, open.id, now))) return waitForCheckoutPage(env, open.id);
  return askForPage(env, gateway, user, listingId, tier, open.id, origin, now);
}

/**
 * The checkout's payment, opened with the subscription's move in one batch (or found open already). A
 * double click's two requests read the same version; the second loses the compare-and-swap, reads again,
 * and finds the first one's checkout. Null when it is open; the refusal otherwise.
 */
async function openCheckoutPayment(
  env: BillingEnv,
  gateway: PaymentGateway,
  user: BillingUser,
  listingId: string,
  tier: PlanTier,
  now: number,
): Promise<BillingFailure | null> {
  const db = getDb(env);
  for (let attempt = 1; ; attempt++) {
    const current = await ownSubscription(env, user.id, listingId);
    if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
    if (current.openPayment && current.openPayment.kind !== "checkout") {
      return { ok: false, status: 409, error: BILLING_MSG.busy };
    }
    const started = transition(current, { type: "checkoutStarted", plan: tier }, now);
    if (!started.ok) return { ok: false, status: 409, error: started.error };
    const otherPlans = and(eq(p.listingId, listingId), eq(p.kind, "checkout"), eq(p.status, "open"), ne(p.plan, tier));
    const replaced = await db.select({ providerRef: p.providerRef }).from(p).where(otherPlans);
    try {
      await batchOrChanged(db, [
        // Another plan's open checkout for this listing is dropped: only the latest choice is waiting. Its page
        // is cancelled below where the provider allows it; paid all the same, it buys nothing and is refunded.
        db
          .update(p)
          .set({ status: "failed", failure: "Replaced by another checkout", updatedAt: now })
          .where(otherPlans),
        db
          .insert(p)
          .values({
            id: `pay_${newId()}`,
            listingId,
            userId: user.id,
            kind: "checkout",
            plan: tier,
            amountCents: PLANS[tier].priceCents,
            currency: "NZD",
            status: "open",
            provider: gateway.name,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing(),
        ...subscriptionStatements(db, current, started.next, {}, now),
      ]);
      await cancelPages(gateway, replaced);
      return null;
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
      if (attempt >= 3) return { ok: false, status: 409, error: BILLING_MSG.changed };
    }
  }
}

/** This request asks the provider for the page: true when no other is asking (or the other's claim is stale). */
async function claimPage(env: DbEnv, reference: string, now: number) {
  const claimed = await getDb(env)
    .update(p)
    .set({ checkoutUrl: "", updatedAt: now })
    .where(
      and(
        eq(p.id, reference),
        eq(p.status, "open"),
        sql`(${p.checkoutUrl} IS NULL
          OR (${p.checkoutUrl} = '' AND ${p.updatedAt} < ${now - CHECKOUT_CLAIM_STALE_MS})
          OR (${p.checkoutUrl} <> '' AND ${p.updatedAt} < ${now - CHECKOUT_REUSE_MS}))`,
      ),
    )
    .returning({ id: p.id });
  return claimed.length > 0;
}

/** The provider's hosted page for the claimed payment, kept on it for the next click. */
async function askForPage(
  env: BillingEnv,
  gateway: PaymentGateway,
  user: BillingUser,
  listingId: string,
  tier: PlanTier,
  reference: string,
  origin: string,
  now: number,
): Promise<CheckoutStarted | BillingFailure> {
  let start;
  try {
    start = await gateway.startCheckout({
      reference,
      description: paymentDescription("checkout", tier),
      amountCents: PLANS[tier].priceCents,
      currency: "NZD",
      returnUrl: `${origin}/subscriptions/return/${reference}`,
      cancelUrl: `${origin}/subscriptions/return/${reference}?cancelled=1`,
      notifyUrl: `${origin}${NOTIFY_PATH}`,
      customerEmail: user.email,
      storeMethod: true,
      expiresAt: now + CHECKOUT_SESSION_MS,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error("billing: the provider could not start a checkout", reference, error.message);
    await abandonCheckout(env, listingId, reference, now);
    return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
  }
  await getDb(env)
    .update(p)
    .set({ providerRef: start.providerRef, checkoutUrl: start.redirectUrl, updatedAt: now })
    .where(eq(p.id, reference));
  return { ok: true, redirectUrl: start.redirectUrl, reference };
}

/** Best effort: a page the provider would not cancel runs out at its expiry, and paying it buys nothing. */
export async function cancelPages(gateway: PaymentGateway, pages: { providerRef: string | null }[]) {
  for (const { providerRef } of pages) {
    if (!providerRef) continue;
    try {
      await gateway.cancelCheckout(providerRef);
    } catch (error) {
      console.error("billing: a replaced checkout page could not be cancelled", String(error));
    }
  }
}

async function openCheckout(env: DbEnv, listingId: string, tier: PlanTier) {
  const [open] = await getDb(env)
    .select({ id: p.id, checkoutUrl: p.checkoutUrl, updatedAt: p.updatedAt })
    .from(p)
    .where(and(eq(p.listingId, listingId), eq(p.plan, tier), eq(p.kind, "checkout"), eq(p.status, "open")))
    .limit(1);
  return open ?? null;
}

async function waitForCheckoutPage(env: DbEnv, reference: string): Promise<CheckoutStarted | BillingFailure> {
  for (let waited = 0; waited < CHECKOUT_WAIT_MS; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const row = await rowById(env, p, { checkoutUrl: p.checkoutUrl, status: p.status }, reference);
    if (row?.status !== "open") break;
    if (row.checkoutUrl) return { ok: true, redirectUrl: row.checkoutUrl, reference };
  }
  return { ok: false, status: 409, error: BILLING_MSG.preparing };
}

/** The provider gave no page to pay on: the payment closes and the subscription goes back where it was. */
async function abandonCheckout(env: BillingEnv, listingId: string, reference: string, now: number) {
  const db = getDb(env);
  const close = db
    .update(p)
    .set({ status: "failed", failure: "The payment provider did not answer", updatedAt: now })
    .where(and(eq(p.id, reference), eq(p.status, "open")));
  const fresh = await readSubscription(env, listingId);
  const back = fresh ? transition(fresh, { type: "checkoutFailed" }, now) : null;
  try {
    await batchOrChanged(db, [
      close,
      ...(fresh && back?.ok ? subscriptionStatements(db, fresh, back.next, {}, now) : []),
    ]);
  } catch (error) {
    // Someone moved the subscription meanwhile: their state stands; only the payment closes.
    if (!(error instanceof SubscriptionChangedError)) throw error;
    await close;
  }
}
