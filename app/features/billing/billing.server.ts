// What an owner does with a listing's subscription (issue 15): start a checkout, upgrade, change down at the
// period's end, cancel and resume, and read payments and receipts. Every function takes the signed-in user and
// finds the listing among that user's own: someone else's listing is "not found", never "forbidden", so ids
// cannot be probed.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatNzDate } from "~/platform/time/date-text";
import { paymentDeadline, paymentDescription, receiptLabel } from "./emails";
import { newId } from "~/platform/data/ids";
import { formatPlanPrice, PLANS, type PlanTier } from "./plans";
import {
  EXPIRED_BADGE,
  isPaidStatus,
  prorationCents,
  statusLabel,
  SUBSCRIPTION_MSG,
  transition,
  type SubscriptionEvent,
} from "./subscriptions";
import { checkPhotoChoice, needsPhotoChoice, preselectedPhotos } from "~/features/photos/plan-photos";
import { closeFailedCharge, finishOpenCharge, openCharge, sendCharge } from "./charges.server";
import { getDb, schema } from "~/platform/data/db.server";
import { choosablePhotos, keepChoiceStatement } from "~/features/photos/plan-photos.server";
import { CHECKOUT_SESSION_MS, ProviderUnavailableError, type PaymentGateway } from "~/features/payments/gateway.server";
import type { NotifyEnv } from "~/features/payments/notify.server";
import { NOTIFY_PATH, PAYMENT_UNAVAILABLE_MSG } from "~/features/payments/select.server";
import {
  batchOrChanged,
  readSubscription,
  saveSubscription,
  SubscriptionChangedError,
  subscriptionStatements,
  type BillingEnv,
  type SubscriptionSnapshot,
} from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;
const p = schema.payments;

export type BillingUser = { id: string; email: string };
export type BillingFailure = { ok: false; status: 400 | 404 | 409 | 502; error: string };

export const BILLING_MSG = {
  notFound: "Listing not found.",
  paymentFailed: "The payment could not be taken. Nothing was charged.",
  noMethod: "There is no stored card to charge: choose the plan again to pay by card.",
  noUpgrade: "There is nothing left to pay for this period: the change applies from the next one.",
  busy: "A payment for this listing is already under way. Try again once it has gone through.",
  changed: "This subscription changed meanwhile. Reload the page and try again.",
  preparing: "Your checkout is being prepared. Please try again in a moment.",
  outcomeUnknown:
    "The payment provider did not answer, so we cannot tell yet whether your card was charged. We will check and finish the upgrade; this page shows it when done.",
} as const;

/** How long a second 'Choose' waits for the hosted page the first one is asking for. */
const CHECKOUT_WAIT_MS = 5000;
/** A claim on a checkout's page older than this was lost (the Worker died mid-request): ask again. */
const CHECKOUT_CLAIM_STALE_MS = 30_000;
/**
 * A hosted page is sent again for this long. A provider's session expires (Windcave's after hours or days):
 * a payer who comes back later gets a fresh page rather than one that may have run out.
 */
const CHECKOUT_REUSE_MS = 30 * 60 * 1000;

export async function ownSubscription(
  env: Pick<Env, "DB">,
  userId: string,
  listingId: string,
): Promise<SubscriptionSnapshot | null> {
  const db = getDb(env);
  const [listing] = await db
    .select({ id: l.id })
    .from(l)
    .where(and(eq(l.id, listingId), eq(l.userId, userId)))
    .limit(1);
  if (!listing) return null;
  return readSubscription(env, listingId);
}

/** The listings a user owns, with their subscriptions: for /subscriptions (which listing?) and /managesub. */
export async function ownListingsWithPlans(env: Pick<Env, "DB">, userId: string) {
  const db = getDb(env);
  const s = schema.subscriptions;
  return db
    .select({
      modelId: l.id,
      firstName: l.firstName,
      verified: l.verified,
      live: l.live,
      hiddenByExpiry: l.hiddenByExpiry,
      plan: s.plan,
      status: s.status,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      graceUntil: s.graceUntil,
      pendingPlan: s.pendingPlan,
      gift: s.gift,
      hasMethod: sql<number>`${s.methodRef} IS NOT NULL`.mapWith(Boolean),
      paymentOpen:
        sql<number>`EXISTS (SELECT 1 FROM payments WHERE payments.listing_id = ${l.id} AND payments.status = 'open')`.mapWith(
          Boolean,
        ),
    })
    .from(l)
    .leftJoin(s, eq(s.listingId, l.id))
    .where(eq(l.userId, userId))
    .orderBy(l.createdAt, l.id);
}

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
): Promise<{ ok: true; redirectUrl: string; reference: string } | BillingFailure> {
  const db = getDb(env);
  const plan = PLANS[tier];
  // A double click's two requests read the same version; the second loses the compare-and-swap, reads again,
  // and finds the first one's checkout.
  for (let attempt = 1; ; attempt++) {
    const current = await ownSubscription(env, user.id, listingId);
    if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
    if (current.openPayment && current.openPayment.kind !== "checkout") {
      return { ok: false, status: 409, error: BILLING_MSG.busy };
    }
    const started = transition(current, { type: "checkoutStarted", plan: tier }, now);
    if (!started.ok) return { ok: false, status: 409, error: started.error };
    const replaced = await getDb(env)
      .select({ providerRef: p.providerRef })
      .from(p)
      .where(and(eq(p.listingId, listingId), eq(p.kind, "checkout"), eq(p.status, "open"), ne(p.plan, tier)));
    try {
      await batchOrChanged(db, [
        // Another plan's open checkout for this listing is dropped: only the latest choice is waiting. Its page
        // is cancelled below where the provider allows it; paid all the same, it buys nothing and is refunded.
        db
          .update(p)
          .set({ status: "failed", failure: "Replaced by another checkout", updatedAt: now })
          .where(and(eq(p.listingId, listingId), eq(p.kind, "checkout"), eq(p.status, "open"), ne(p.plan, tier))),
        db
          .insert(p)
          .values({
            id: `pay_${newId()}`,
            listingId,
            userId: user.id,
            kind: "checkout",
            plan: tier,
            amountCents: plan.priceCents,
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
      break;
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
      if (attempt >= 3) return { ok: false, status: 409, error: BILLING_MSG.changed };
    }
  }
  const open = await openCheckout(env, listingId, tier);
  if (!open) return { ok: false, status: 409, error: BILLING_MSG.changed };
  if (open.checkoutUrl && open.updatedAt >= now - CHECKOUT_REUSE_MS) {
    return { ok: true, redirectUrl: open.checkoutUrl, reference: open.id };
  }

  // One request asks the provider for the hosted page; a second click meanwhile waits for it.
  const claimed = await db
    .update(p)
    .set({ checkoutUrl: "", updatedAt: now })
    .where(
      and(
        eq(p.id, open.id),
        eq(p.status, "open"),
        sql`(${p.checkoutUrl} IS NULL
          OR (${p.checkoutUrl} = '' AND ${p.updatedAt} < ${now - CHECKOUT_CLAIM_STALE_MS})
          OR (${p.checkoutUrl} <> '' AND ${p.updatedAt} < ${now - CHECKOUT_REUSE_MS}))`,
      ),
    )
    .returning({ id: p.id });
  if (claimed.length === 0) return waitForCheckoutPage(env, open.id);

  let start;
  try {
    start = await gateway.startCheckout({
      reference: open.id,
      description: paymentDescription("checkout", tier),
      amountCents: plan.priceCents,
      currency: "NZD",
      returnUrl: `${origin}/subscriptions/return/${open.id}`,
      cancelUrl: `${origin}/subscriptions/return/${open.id}?cancelled=1`,
      notifyUrl: `${origin}${NOTIFY_PATH}`,
      customerEmail: user.email,
      storeMethod: true,
      expiresAt: now + CHECKOUT_SESSION_MS,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error("billing: the provider could not start a checkout", open.id, error.message);
    await abandonCheckout(env, listingId, open.id, now);
    return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
  }
  await db
    .update(p)
    .set({ providerRef: start.providerRef, checkoutUrl: start.redirectUrl, updatedAt: now })
    .where(eq(p.id, open.id));
  return { ok: true, redirectUrl: start.redirectUrl, reference: open.id };
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

async function openCheckout(env: Pick<Env, "DB">, listingId: string, tier: PlanTier) {
  const [open] = await getDb(env)
    .select({ id: p.id, checkoutUrl: p.checkoutUrl, updatedAt: p.updatedAt })
    .from(p)
    .where(and(eq(p.listingId, listingId), eq(p.plan, tier), eq(p.kind, "checkout"), eq(p.status, "open")))
    .limit(1);
  return open ?? null;
}

async function waitForCheckoutPage(
  env: Pick<Env, "DB">,
  reference: string,
): Promise<{ ok: true; redirectUrl: string; reference: string } | BillingFailure> {
  for (let waited = 0; waited < CHECKOUT_WAIT_MS; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await getDb(env)
      .select({ checkoutUrl: p.checkoutUrl, status: p.status })
      .from(p)
      .where(eq(p.id, reference))
      .limit(1);
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

export type PaymentView = {
  reference: string;
  /** Null once the listing is deleted: the payment itself is kept. */
  listingId: string | null;
  kind: "checkout" | "renewal" | "upgrade";
  plan: PlanTier;
  amountCents: number;
  status: "open" | "succeeded" | "failed";
  createdAt: number;
  updatedAt: number;
  receiptId: string | null;
  receiptNumber: number | null;
};

/** One of the user's own payments (the return page); null for anyone else's. */
export async function ownPayment(env: Pick<Env, "DB">, userId: string, reference: string): Promise<PaymentView | null> {
  const rows = await paymentsQuery(env, and(eq(p.id, reference), eq(p.userId, userId)), 1);
  return rows[0] ?? null;
}

export async function ownPayments(env: Pick<Env, "DB">, userId: string, limit = 50): Promise<PaymentView[]> {
  return paymentsQuery(env, eq(p.userId, userId), limit);
}

function paymentsQuery(env: Pick<Env, "DB">, where: ReturnType<typeof eq> | undefined, limit: number) {
  const r = schema.receipts;
  return getDb(env)
    .select({
      reference: p.id,
      listingId: p.listingId,
      kind: p.kind,
      plan: p.plan,
      amountCents: p.amountCents,
      status: p.status,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      receiptId: r.id,
      receiptNumber: r.number,
    })
    .from(p)
    .leftJoin(r, eq(r.paymentId, p.id))
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
}

/** A receipt the user may read: their own. Anyone else's (or a made-up id) is null, answered 404. */
export async function ownReceipt(env: Pick<Env, "DB">, userId: string, receiptId: string) {
  const r = schema.receipts;
  const [row] = await getDb(env)
    .select()
    .from(r)
    .where(and(eq(r.id, receiptId), eq(r.userId, userId)))
    .limit(1);
  return row ?? null;
}

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
  env: Pick<Env, "DB">,
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

/**
 * Cancel, resume, or taking back a change of plan that waits for the period's end. Refused
 * while a payment is open for the listing: a cancel that landed beside a renewal charge would leave a charge
 * for a cancelled plan, a change of plan one for the wrong plan. The compare-and-swap makes the refusal exact:
 * a charge that opens after our read moves the version, and this write then fails instead. Scheduling the
 * change to Standard (scheduleDowngrade) holds to the same rules.
 */
export async function changeSubscription(
  env: BillingEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  event: Extract<SubscriptionEvent, { type: "cancel" | "resume" | "keepPlan" }>,
  now = Date.now(),
): Promise<{ ok: true } | BillingFailure> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (current.openPayment) return { ok: false, status: 409, error: BILLING_MSG.busy };
  const moved = transition(current, event, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  try {
    await saveSubscription(env, ctx, current, moved.next, {}, now);
  } catch (error) {
    if (error instanceof SubscriptionChangedError) return { ok: false, status: 409, error: BILLING_MSG.changed };
    throw error;
  }
  return { ok: true };
}

export type PhotoChoiceView = {
  modelId: string;
  photos: { imageId: string; url: string; position: number; checked: boolean }[];
};

/**
 * Featured → Standard at the period's end (decision 0017). A listing with more photos than Standard shows
 * asks first which 10 stay public: with `keep` null (not answered yet) the answer is the question, with the
 * boxes ticked as before or the first 10; an answer must be exactly 10 of the listing's own photos (400
 * otherwise, asked again with the owner's ticks). The choice is stored with the change, in one batch, and
 * applied by the renewal that switches the plan.
 */
export async function scheduleDowngrade(
  env: BillingEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  keep: readonly unknown[] | null,
  now = Date.now(),
): Promise<{ ok: true } | { ok: "choose"; choice: PhotoChoiceView } | (BillingFailure & { choice?: PhotoChoiceView })> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (current.openPayment) return { ok: false, status: 409, error: BILLING_MSG.busy };
  const moved = transition(current, { type: "downgrade" }, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  const save = async (also: Parameters<typeof saveSubscription>[6] = []) => {
    try {
      await saveSubscription(env, ctx, current, moved.next, {}, now, also);
      return { ok: true } as const;
    } catch (error) {
      if (error instanceof SubscriptionChangedError)
        return { ok: false, status: 409, error: BILLING_MSG.changed } as const;
      throw error;
    }
  };
  const photos = await choosablePhotos(env, listingId);
  if (!needsPhotoChoice(photos.length)) return save();
  const view = (checked: Set<string>): PhotoChoiceView => ({
    modelId: listingId,
    photos: photos.map((p) => ({
      imageId: p.imageId,
      url: p.url,
      position: p.position,
      checked: checked.has(p.imageId),
    })),
  });
  if (keep === null) return { ok: "choose", choice: view(preselectedPhotos(photos)) };
  const checked = checkPhotoChoice(
    keep,
    photos.map((p) => p.imageId),
  );
  if (!checked.ok) {
    const ticked = new Set(keep.filter((v): v is string => typeof v === "string"));
    return { ok: false, status: 400, error: checked.error, choice: view(ticked) };
  }
  return save([keepChoiceStatement(getDb(env), listingId, checked.ids)]);
}

/** Payments still open for these listings: the return page and /managesub poll while one is. */
export async function openPaymentsOf(env: Pick<Env, "DB">, listingIds: string[]): Promise<number> {
  if (listingIds.length === 0) return 0;
  const rows = await getDb(env)
    .select({ id: p.id })
    .from(p)
    .where(and(inArray(p.listingId, listingIds.slice(0, 90)), eq(p.status, "open")))
    .limit(1);
  return rows.length;
}

/** What /managesub shows of billing: each listing's plan, and the payments with their receipts. */
export async function loadBillingSection(env: Pick<Env, "DB">, userId: string, now = Date.now()) {
  const [listings, payments] = await Promise.all([ownListingsWithPlans(env, userId), ownPayments(env, userId)]);
  const names = new Map(listings.map((l) => [l.modelId, l.firstName]));
  return {
    listings: listings.map((l) => {
      const status = l.status ?? "unpaid";
      const paid = isPaidStatus(status);
      const sub = {
        plan: l.plan ?? "standard",
        status,
        periodStart: l.periodStart,
        periodEnd: l.periodEnd,
        graceUntil: l.graceUntil,
        pendingPlan: l.pendingPlan,
      } as const;
      // Free weeks nobody pays for (decision 0015): said as they are, never 'Cancelled', and the owner is
      // offered a checkout (ListingPlanActions) rather than 'Resume' or an upgrade.
      const gift = paid && status === "cancelling" && l.gift === true && l.periodEnd !== null;
      return {
        modelId: l.modelId,
        firstName: l.firstName,
        plan: paid ? PLANS[sub.plan].name : null,
        tier: paid ? sub.plan : null,
        status,
        gift,
        statusLabel: gift ? `Free until ${formatNzDate(l.periodEnd!)}` : statusLabel(sub),
        periodEnd: paid && l.periodEnd ? formatNzDate(l.periodEnd) : null,
        expiredBadge: l.hiddenByExpiry ? EXPIRED_BADGE : null,
        pendingPlan: l.pendingPlan ? PLANS[l.pendingPlan].name : null,
        // Past due, the period being charged for has ended: there is nothing to prorate until it is paid.
        upgradeCents:
          paid && !gift && status !== "past_due" && sub.plan === "standard" && l.hasMethod
            ? prorationCents(sub, now)
            : null,
        // Past due: when the listing is hidden unless the renewal is paid (the grace's end, decision 0015).
        deadline: status === "past_due" && l.graceUntil !== null ? paymentDeadline(l.graceUntil) : null,
        hasCard: l.hasMethod,
        paymentOpen: l.paymentOpen,
      };
    }),
    payments: payments.map((p) => ({
      reference: p.reference,
      listing: (p.listingId && names.get(p.listingId)) || "",
      description: paymentDescription(p.kind, p.plan),
      amount: formatPlanPrice(p.amountCents),
      status: p.status,
      date: formatNzDate(p.createdAt),
      receiptId: p.receiptId,
      receipt: p.receiptNumber ? receiptLabel(p.receiptNumber) : null,
    })),
  };
}

/** The owner's past-due listings and their deadlines (the grace's end, worded): for the dashboard's cards. */
export async function pastDueDeadlines(env: Pick<Env, "DB">, userId: string): Promise<Record<string, string>> {
  const s = schema.subscriptions;
  const rows = await getDb(env)
    .select({ listingId: s.listingId, graceUntil: s.graceUntil })
    .from(s)
    .where(and(eq(s.userId, userId), eq(s.status, "past_due")));
  return Object.fromEntries(
    rows.flatMap((r) => (r.graceUntil === null ? [] : [[r.listingId, paymentDeadline(r.graceUntil)] as const])),
  );
}
