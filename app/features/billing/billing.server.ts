// What an owner has of a listing's subscription: the listing found among the owner's own, the payments and
// receipts, and what /managesub shows (docs/billing.md maps the rest: checkout.server.ts, upgrade.server.ts,
// plan-changes.server.ts). Every function takes the signed-in user and finds the listing among that
// user's own: someone else's listing is "not found", never "forbidden", so ids
// cannot be probed.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { formatNzDate, formatNzDeadline } from "~/platform/time/date-text";
import { formatDollarsAndCents } from "~/platform/money";
import { paymentDescription, receiptLabel } from "./emails";
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { paymentOutcome } from "./payment-outcome";
import { EXPIRED_BADGE, isPaidStatus, statusLabel } from "./subscriptions";
import { publicStatus } from "./public-status";
import type { PublicStatus } from "./public-status";
import { visibilityInputs } from "~/features/listings/visibility";
import { getDb, schema } from "~/platform/data/db.server";
import { selectOwnListing } from "~/features/listings/own-listing.server";
import { planColumns, readSubscription } from "./subscriptions.server";
import type { SubscriptionSnapshot } from "./subscriptions.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { prorationCents } from "./upgrade";

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

export async function ownSubscription(
  env: DbEnv,
  userId: string,
  listingId: string,
): Promise<SubscriptionSnapshot | null> {
  if (!(await selectOwnListing(env, userId, listingId, { id: l.id }))) return null;
  return readSubscription(env, listingId);
}

/**
 * What says whether a listing is public yet and what it still needs (./public-status.ts): its visibility
 * inputs, a waiting ID check, and whether its paid week waits for it to be public. Read with the listing,
 * the subscription joined as `subscriptions`.
 */
const publicStateColumns = {
  verified: l.verified,
  paid: l.paid,
  pausedAt: l.pausedAt,
  pausedUntil: l.pausedUntil,
  hiddenAsStale: l.hiddenAsStale,
  switchedOff: l.switchedOff,
  awaitingConsent: l.awaitingConsent,
  agencyHeld: l.agencyHeld,
  numberHeld: l.numberHeld,
  idPending:
    sql<boolean>`exists (select 1 from verification_requests vr where vr.listing_id = ${l.id} and vr.kind = 'id' and vr.status = 'pending')`.mapWith(
      Boolean,
    ),
  waits: sql<boolean>`coalesce(${schema.subscriptions.startsWhenPublic}, 0)`.mapWith(Boolean),
};

type PublicStateRow = {
  verified: boolean;
  paid: boolean;
  pausedAt: number | null;
  pausedUntil: number | null;
  hiddenAsStale: boolean;
  switchedOff: boolean;
  awaitingConsent: boolean;
  agencyHeld: boolean;
  numberHeld: boolean;
  idPending: boolean;
  waits: boolean;
};

/** A listing's public state from the columns above. */
export function publicStatusOf(row: PublicStateRow): PublicStatus {
  return publicStatus({
    ...visibilityInputs(row),
    idPending: row.idPending,
    pausedUntil: row.pausedAt != null ? row.pausedUntil : null,
    startsWhenPublic: row.waits,
  });
}

/** Each of the owner's listings' public state, by id: for the dashboard's cards. */
/** The owner's listings' public states: `owner` a user id or a subquery naming one (the dashboard's batch). */
export function ownPublicStatesQuery(db: Db, owner: SQL | Placeholder | string) {
  const s = schema.subscriptions;
  return db
    .select({ id: l.id, ...publicStateColumns })
    .from(l)
    .leftJoin(s, eq(s.listingId, l.id))
    .where(eq(l.userId, owner));
}

/** Hidden listings: what each still needs, and whether its paid week waits for it to be public. */
export function toOwnPublicStates(
  rows: Awaited<ReturnType<typeof ownPublicStatesQuery>>,
): Record<string, PublicStatus> {
  return Object.fromEntries(rows.map(({ id, ...row }) => [id, publicStatusOf(row)]));
}

/** One listing's public state (the checkout's return page); null when it is gone. */
export async function listingPublicStatus(env: DbEnv, listingId: string) {
  const s = schema.subscriptions;
  const [row] = await getDb(env)
    .select({ firstName: l.firstName, ...publicStateColumns })
    .from(l)
    .leftJoin(s, eq(s.listingId, l.id))
    .where(eq(l.id, listingId))
    .limit(1);
  return row ? { firstName: row.firstName, status: publicStatusOf(row) } : null;
}

/** The listings a user owns, with their subscriptions: for /subscriptions (which listing?) and /managesub. */
export async function ownListingsWithPlans(env: DbEnv, userId: string) {
  const db = getDb(env);
  const s = schema.subscriptions;
  return db
    .select({
      listingId: l.id,
      firstName: l.firstName,
      live: l.live,
      hiddenByExpiry: l.hiddenByExpiry,
      ...publicStateColumns,
      ...planColumns,
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

export type PaymentView = {
  reference: string;
  /** Null once the listing is deleted: the payment itself is kept. */
  listingId: string | null;
  kind: "checkout" | "renewal" | "upgrade";
  plan: PlanTier;
  amountCents: number;
  status: "open" | "succeeded" | "failed";
  /** Why a failed payment failed (or was closed unpaid): payment-outcome.ts words it. */
  failure: string | null;
  createdAt: number;
  updatedAt: number;
  receiptId: string | null;
  receiptNumber: number | null;
};

/** One of the user's own payments (the return page); null for anyone else's. */
export async function ownPayment(env: DbEnv, userId: string, reference: string): Promise<PaymentView | null> {
  const rows = await paymentsQuery(env, and(eq(p.id, reference), eq(p.userId, userId)), 1);
  return rows[0] ?? null;
}

export async function ownPayments(env: DbEnv, userId: string, limit = 50): Promise<PaymentView[]> {
  return paymentsQuery(env, eq(p.userId, userId), limit);
}

/** What names a payment wherever payments are listed (the owner's payments, the administrators' open ones). */
export const paymentColumns = {
  reference: p.id,
  listingId: p.listingId,
  kind: p.kind,
  amountCents: p.amountCents,
  createdAt: p.createdAt,
};

function paymentsQuery(env: DbEnv, where: ReturnType<typeof eq> | undefined, limit: number) {
  const r = schema.receipts;
  return getDb(env)
    .select({
      ...paymentColumns,
      plan: p.plan,
      status: p.status,
      failure: p.failure,
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
export async function ownReceipt(env: DbEnv, userId: string, receiptId: string) {
  const r = schema.receipts;
  const [row] = await getDb(env)
    .select()
    .from(r)
    .where(and(eq(r.id, receiptId), eq(r.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** What /managesub shows of billing: each listing's plan, and the payments with their receipts. */
export async function loadBillingSection(env: DbEnv, userId: string, now = Date.now()) {
  const [listings, payments] = await Promise.all([ownListingsWithPlans(env, userId), ownPayments(env, userId)]);
  const names = new Map(listings.map((l) => [l.listingId, l.firstName]));
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
        startsWhenPublic: l.waits,
      } as const;
      // Free weeks nobody pays for (decision 0015): said as they are, never 'Cancelled', and the owner is
      // offered a checkout (ListingPlanActions) rather than 'Resume' or an upgrade.
      const gift = paid && status === "cancelling" && l.gift === true && l.periodEnd !== null;
      return {
        listingId: l.listingId,
        firstName: l.firstName,
        plan: paid ? PLANS[sub.plan].name : null,
        tier: paid ? sub.plan : null,
        status,
        gift,
        statusLabel:
          gift && !l.waits
            ? `Free until ${formatNzDate(l.periodEnd!)}`
            : statusLabel({ ...sub, gift: l.gift === true }),
        // Not while the period waits for the listing to be public: it has no end yet.
        periodEnd: paid && l.periodEnd && !l.waits ? formatNzDate(l.periodEnd) : null,
        publicStatus: publicStatusOf(l),
        expiredBadge: l.hiddenByExpiry ? EXPIRED_BADGE : null,
        pendingPlan: l.pendingPlan ? PLANS[l.pendingPlan].name : null,
        // Past due, the period being charged for has ended: there is nothing to prorate until it is paid.
        upgradeCents:
          paid && !gift && status !== "past_due" && sub.plan === "standard" && l.hasMethod
            ? prorationCents(sub, now)
            : null,
        // Past due: when the listing is hidden unless the renewal is paid (the grace's end, decision 0015).
        deadline: status === "past_due" && l.graceUntil !== null ? formatNzDeadline(l.graceUntil) : null,
        hasCard: l.hasMethod,
        paymentOpen: l.paymentOpen,
      };
    }),
    payments: payments.map((p) => ({
      reference: p.reference,
      listing: (p.listingId && names.get(p.listingId)) || "",
      description: paymentDescription(p.kind, p.plan),
      amount: formatDollarsAndCents(p.amountCents),
      status: paymentOutcome(p.status, p.failure),
      date: formatNzDate(p.createdAt),
      receiptId: p.receiptId,
      receipt: p.receiptNumber ? receiptLabel(p.receiptNumber) : null,
    })),
  };
}

/** The owner's past-due subscriptions: `owner` a user id or a subquery naming one. */
export function pastDueQuery(db: Db, owner: SQL | Placeholder | string) {
  const s = schema.subscriptions;
  return db
    .select({ listingId: s.listingId, graceUntil: s.graceUntil })
    .from(s)
    .where(and(eq(s.userId, owner), eq(s.status, "past_due")));
}

/** Past-due listings and their deadlines (the grace's end, worded): for the dashboard's cards. */
export function toPastDueDeadlines(rows: Awaited<ReturnType<typeof pastDueQuery>>): Record<string, string> {
  return Object.fromEntries(
    rows.flatMap((r) => (r.graceUntil === null ? [] : [[r.listingId, formatNzDeadline(r.graceUntil)] as const])),
  );
}
