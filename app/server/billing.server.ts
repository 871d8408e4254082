// What an owner does with a listing's subscription (issue 15): start a checkout, upgrade, change down at the
// period's end, cancel and resume, and read payments and receipts. Every function takes the signed-in user and
// finds the listing among that user's own: someone else's listing is "not found", never "forbidden", so ids
// cannot be probed.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatNzDate, paymentDescription, receiptLabel } from "~/lib/billing-emails";
import { newId } from "~/lib/ids";
import { formatPlanPrice, PLANS, type PlanTier } from "~/lib/plans";
import {
  EXPIRED_BADGE,
  isPaidStatus,
  prorationCents,
  statusLabel,
  SUBSCRIPTION_MSG,
  transition,
  type SubscriptionEvent,
} from "~/lib/subscriptions";
import { checkPhotoChoice, needsPhotoChoice, preselectedPhotos } from "~/lib/plan-photos";
import { getDb, schema } from "./db.server";
import { choosablePhotos, keepChoiceStatement } from "./plan-photos.server";
import type { PaymentGateway } from "./payments/gateway.server";
import { NOTIFY_PATH } from "./payments/select.server";
import {
  readSubscription,
  saveSubscription,
  subscriptionStatements,
  type BillingEnv,
  type Ctx,
  type StoredSubscription,
} from "./subscriptions.server";

const l = schema.listings;
const p = schema.payments;

export type BillingUser = { id: string; email: string };
export type BillingFailure = { ok: false; status: 400 | 404 | 409 | 502; error: string };

export const BILLING_MSG = {
  notFound: "Listing not found.",
  paymentFailed: "The payment could not be taken. Nothing was charged.",
  noMethod: "There is no stored card to charge: choose the plan again to pay by card.",
  noUpgrade: "There is nothing left to pay for this period: the change applies from the next one.",
} as const;

async function ownSubscription(
  env: Pick<Env, "DB">,
  userId: string,
  listingId: string,
): Promise<StoredSubscription | null> {
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
      hasMethod: sql<number>`${s.methodRef} IS NOT NULL`.mapWith(Boolean),
    })
    .from(l)
    .leftJoin(s, eq(s.listingId, l.id))
    .where(eq(l.userId, userId))
    .orderBy(l.createdAt, l.id);
}

/**
 * Starts (or resumes) the hosted checkout of `tier` for one of the user's listings. A second click finds
 * the checkout the first one opened (one open checkout per listing and plan, a unique index), so it can
 * only ever be paid once.
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
  const current = await ownSubscription(env, user.id, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  const started = transition(current, { type: "checkoutStarted", plan: tier }, now);
  if (!started.ok) return { ok: false, status: 409, error: started.error };
  const db = getDb(env);
  const plan = PLANS[tier];
  await db.batch([
    // Another plan's open checkout for this listing is dropped: only the latest choice is waiting. Should it
    // still be paid, the notification records the money all the same (see notify.server.ts).
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
  const [open] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.listingId, listingId), eq(p.plan, tier), eq(p.kind, "checkout"), eq(p.status, "open")))
    .limit(1);
  if (!open) return { ok: false, status: 409, error: "The checkout changed meanwhile. Please try again." };
  const start = await gateway.startCheckout({
    reference: open.id,
    description: paymentDescription("checkout", tier),
    amountCents: plan.priceCents,
    currency: "NZD",
    returnUrl: `${origin}/subscriptions/return/${open.id}`,
    cancelUrl: `${origin}/subscriptions/return/${open.id}?cancelled=1`,
    notifyUrl: `${origin}${NOTIFY_PATH}`,
    customerEmail: user.email,
    storeMethod: true,
  });
  await db.update(p).set({ providerRef: start.providerRef, updatedAt: now }).where(eq(p.id, open.id));
  return { ok: true, redirectUrl: start.redirectUrl, reference: open.id };
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

/** The amount an upgrade would charge now, shown before confirming. */
export async function upgradeQuote(
  env: Pick<Env, "DB">,
  userId: string,
  listingId: string,
  now = Date.now(),
): Promise<{ ok: true; amountCents: number; periodEnd: number } | BillingFailure> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (!isPaidStatus(current.status) || current.periodEnd === null) {
    return { ok: false, status: 409, error: SUBSCRIPTION_MSG.notActive };
  }
  if (current.plan !== "standard") return { ok: false, status: 409, error: SUBSCRIPTION_MSG.notStandard };
  return { ok: true, amountCents: prorationCents(current, now), periodEnd: current.periodEnd };
}

/**
 * Standard → Featured at once: the prorated difference is charged to the stored card. The plan changes when
 * the provider's notification confirms the charge (at once with the test gateway); a zero amount (the period
 * is over) is refused, as the renewal is the place for a change then.
 */
export async function upgradeNow(
  env: BillingEnv,
  gateway: PaymentGateway,
  userId: string,
  listingId: string,
  expectedCents: number | null,
  now = Date.now(),
): Promise<{ ok: true; amountCents: number; status: "succeeded" | "pending" } | BillingFailure> {
  const quote = await upgradeQuote(env, userId, listingId, now);
  if (!quote.ok) return quote;
  // The amount the owner confirmed must still be the amount: a tampered form, or one left open for an hour,
  // is asked again instead of charging a different sum.
  if (expectedCents !== null && expectedCents !== quote.amountCents) {
    return { ok: false, status: 409, error: "The amount changed meanwhile: check it and confirm again." };
  }
  if (quote.amountCents <= 0) return { ok: false, status: 409, error: BILLING_MSG.noUpgrade };
  const current = await readSubscription(env, listingId);
  if (!current?.methodRef) return { ok: false, status: 409, error: BILLING_MSG.noMethod };
  const reference = `pay_${newId()}`;
  const db = getDb(env);
  const inserted = await db
    .insert(p)
    .values({
      id: reference,
      listingId,
      userId,
      kind: "upgrade",
      plan: "featured",
      amountCents: quote.amountCents,
      currency: "NZD",
      status: "open",
      provider: gateway.name,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: p.id });
  // A charge is already under way for this listing (a double click, or the renewal): not a second one.
  if (inserted.length === 0)
    return { ok: false, status: 409, error: "A payment for this listing is already under way." };
  const result = await gateway.charge({
    reference,
    methodRef: current.methodRef,
    amountCents: quote.amountCents,
    currency: "NZD",
    description: paymentDescription("upgrade", "featured"),
  });
  if (result.status === "failed") {
    await db
      .update(p)
      .set({ status: "failed", failure: result.reason, updatedAt: now })
      .where(and(eq(p.id, reference), eq(p.status, "open")));
    return { ok: false, status: 409, error: BILLING_MSG.paymentFailed };
  }
  await db.update(p).set({ providerRef: result.providerRef }).where(eq(p.id, reference));
  return { ok: true, amountCents: quote.amountCents, status: result.status };
}

/** Cancel, resume, or taking back a change of plan that waits for the period's end. */
export async function changeSubscription(
  env: BillingEnv,
  ctx: Ctx,
  userId: string,
  listingId: string,
  event: Extract<SubscriptionEvent, { type: "cancel" | "resume" | "keepPlan" }>,
  now = Date.now(),
): Promise<{ ok: true } | BillingFailure> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  const moved = transition(current, event, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  await saveSubscription(env, ctx, current, moved.next, {}, now);
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
  ctx: Ctx,
  userId: string,
  listingId: string,
  keep: readonly unknown[] | null,
  now = Date.now(),
): Promise<{ ok: true } | { ok: "choose"; choice: PhotoChoiceView } | (BillingFailure & { choice?: PhotoChoiceView })> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  const moved = transition(current, { type: "downgrade" }, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  const photos = await choosablePhotos(env, listingId);
  if (!needsPhotoChoice(photos.length)) {
    await saveSubscription(env, ctx, current, moved.next, {}, now);
    return { ok: true };
  }
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
  const db = getDb(env);
  await saveSubscription(env, ctx, current, moved.next, {}, now, [keepChoiceStatement(db, listingId, checked.ids)]);
  return { ok: true };
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
      return {
        modelId: l.modelId,
        firstName: l.firstName,
        plan: paid ? PLANS[sub.plan].name : null,
        tier: paid ? sub.plan : null,
        status,
        statusLabel: statusLabel(sub),
        periodEnd: paid && l.periodEnd ? formatNzDate(l.periodEnd) : null,
        expiredBadge: l.hiddenByExpiry ? EXPIRED_BADGE : null,
        pendingPlan: l.pendingPlan ? PLANS[l.pendingPlan].name : null,
        upgradeCents: paid && sub.plan === "standard" && l.hasMethod ? prorationCents(sub, now) : null,
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
