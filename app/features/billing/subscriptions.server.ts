// A listing's subscription row and what it decides about the listing (docs/billing.md). The state machine is
// app/features/billing/subscriptions.ts; this stores its answers. Every write of a subscription carries, in the same D1
// batch, the listing's `paid` and `featured` and (on expiry and renewal) `live`, so the public queries and the
// facet triggers, which read `live`, never see a listing whose subscription says otherwise.
//
// Races (migration 0038): every write is a compare-and-swap on the row's `version`, so two writers that read
// the same state (an owner's cancel and the renewal cron, a notification and an admin's grant) cannot both
// write; the loser's whole batch rolls back and it hears SubscriptionChangedError.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isPaidStatus, UNPAID } from "./subscriptions";
import type { Subscription } from "./subscriptions";
import { visibilitySet } from "~/features/listings/visibility.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { publicPhotoStatements } from "~/features/photos/plan-photos.server";
import { publicState, readPublicRow } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "~/platform/request-context";
import { afterListingChange } from "~/features/profile/after-change.server";

const s = schema.subscriptions;
const l = schema.listings;

export type BillingEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;

export type StoredSubscription = Subscription & {
  listingId: string;
  userId: string;
  methodRef: string | null;
  remindedFor: number | null;
  failedRenewals: number;
  updatedAt: number;
  /** What the compare-and-swap compares: 0 for a listing that never had a subscription row. */
  version: number;
};

/** A payment still waiting for its outcome: while there is one, no other charge or change of plan starts. */
export type OpenPayment = {
  id: string;
  kind: "checkout" | "renewal" | "upgrade";
  providerRef: string | null;
  updatedAt: number;
};

/** The subscription with its open payment, read in one statement (one consistent snapshot). */
export type SubscriptionSnapshot = StoredSubscription & { openPayment: OpenPayment | null };

/** Someone else changed the subscription between our read and our write; nothing of ours was written. */
export class SubscriptionChangedError extends Error {
  constructor() {
    super("The subscription changed meanwhile");
    this.name = "SubscriptionChangedError";
  }
}

/** D1's message, which drizzle wraps in its own error's `cause`. */
function dbErrorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    parts.push(String((e as { message?: unknown }).message ?? e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" | ");
}

/** The compare-and-swap trigger (migration 0038) aborted the batch. */
export function isSubscriptionChanged(error: unknown): boolean {
  return error instanceof SubscriptionChangedError || dbErrorText(error).includes("subscription_changed");
}

export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(dbErrorText(error));
}

/** A subscription's plan and period as the owner's pages show it (also read with each listing: billing.server.ts). */
export const planColumns = {
  plan: s.plan,
  status: s.status,
  periodStart: s.periodStart,
  periodEnd: s.periodEnd,
  graceUntil: s.graceUntil,
  pendingPlan: s.pendingPlan,
  gift: s.gift,
  startsWhenPublic: s.startsWhenPublic,
};

const columns = {
  listingId: s.listingId,
  userId: s.userId,
  ...planColumns,
  methodRef: s.methodRef,
  remindedFor: s.remindedFor,
  failedRenewals: s.failedRenewals,
  updatedAt: s.updatedAt,
  version: s.version,
};

const openPaymentOf = (column: "id" | "kind" | "provider_ref" | "updated_at") =>
  sql.raw(
    `(SELECT ${column} FROM payments WHERE payments.listing_id = subscriptions.listing_id AND payments.status = 'open' ORDER BY payments.kind = 'checkout', payments.created_at, payments.id LIMIT 1)`,
  );

/**
 * The listing's subscription and its open payment, if any; a listing that never had one is unpaid. Null when
 * the listing is gone.
 */
export async function readSubscription(env: DbEnv, listingId: string): Promise<SubscriptionSnapshot | null> {
  const db = getDb(env);
  const [row] = await db
    .select({
      ...columns,
      openId: sql<string | null>`${openPaymentOf("id")}`,
      openKind: sql<OpenPayment["kind"] | null>`${openPaymentOf("kind")}`,
      openProviderRef: sql<string | null>`${openPaymentOf("provider_ref")}`,
      openUpdatedAt: sql<number | null>`${openPaymentOf("updated_at")}`,
    })
    .from(s)
    .where(eq(s.listingId, listingId))
    .limit(1);
  if (row) {
    const { openId, openKind, openProviderRef, openUpdatedAt, ...sub } = row;
    const openPayment =
      openId && openKind
        ? { id: openId, kind: openKind, providerRef: openProviderRef, updatedAt: openUpdatedAt ?? 0 }
        : null;
    return { ...sub, openPayment };
  }
  const [listing] = await db.select({ userId: l.userId }).from(l).where(eq(l.id, listingId)).limit(1);
  if (!listing) return null;
  return {
    ...UNPAID,
    listingId,
    userId: listing.userId,
    methodRef: null,
    remindedFor: null,
    failedRenewals: 0,
    updatedAt: 0,
    version: 0,
    openPayment: null,
  };
}

export type SubscriptionExtras = Partial<Pick<StoredSubscription, "methodRef" | "remindedFor" | "failedRenewals">>;

/**
 * The statements that store `next` and keep the listing in step with it, for the caller's batch:
 * - paid (active, past due, cancelling): `paid` on; `featured` follows the plan (or an administrator's grant
 *   still running); a listing hidden by an earlier expiry comes back live (if it is still verified), as it
 *   was; the photos visitors see follow `featured` (plan-photos.server.ts);
 * - not paid: `paid`, `featured`, `live` and Active Now off, remembering in hidden_by_expiry whether it was
 *   live, for the renewal.
 * Both listing updates are written from the row's own values, so a stale read cannot undo a newer change.
 */
export function subscriptionStatements(
  db: Db,
  current: StoredSubscription,
  next: Subscription,
  extras: SubscriptionExtras,
  now: number,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const row = {
    listingId: current.listingId,
    userId: current.userId,
    plan: next.plan,
    status: next.status,
    periodStart: next.periodStart,
    periodEnd: next.periodEnd,
    graceUntil: next.graceUntil,
    pendingPlan: next.pendingPlan,
    gift: next.gift,
    // Waits only while the listing is hidden: a listing already public starts its week at once. One that
    // this batch puts live (the listing's statement below) starts it then, by the trigger of migration 0063.
    startsWhenPublic: next.startsWhenPublic
      ? sql<boolean>`(SELECT live = 0 FROM listings WHERE id = ${current.listingId})`
      : false,
    methodRef: extras.methodRef === undefined ? current.methodRef : extras.methodRef,
    remindedFor: extras.remindedFor === undefined ? current.remindedFor : extras.remindedFor,
    failedRenewals: extras.failedRenewals ?? current.failedRenewals,
    updatedAt: now,
    // Compare-and-swap: the trigger of migration 0038 aborts the batch unless the row is still at the version
    // `current` was read at. (A row inserted by someone else meanwhile is at 1, so an insert from 0 fails too.)
    version: current.version + 1,
  };
  const upsert = db
    .insert(s)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({ target: s.listingId, set: row });
  const paid = isPaidStatus(next.status);
  const listing = paid
    ? db
        .update(l)
        .set({
          ...visibilitySet({ paid: true }, now),
          hiddenByExpiry: false,
          featured: next.plan === "featured" ? true : sql`coalesce(${l.featuredUntil}, 0) > ${now}`,
          updatedAt: now,
        })
        .where(eq(l.id, current.listingId))
    : db
        .update(l)
        .set({
          hiddenByExpiry: sql`CASE WHEN ${l.paid} = 1 THEN ${l.live} ELSE ${l.hiddenByExpiry} END`,
          ...visibilitySet({ paid: false }, now),
          featured: false,
          updatedAt: now,
        })
        .where(eq(l.id, current.listingId));
  return paid ? [upsert, listing, ...publicPhotoStatements(db, current.listingId)] : [upsert, listing];
}

/**
 * `featured` as the listing's own row and subscription say at `now`: paid, and a Featured plan or an
 * administrator's grant still running. For the statements that change a grant, not the subscription.
 */
export function featuredNow(now: number) {
  return sql`CASE WHEN ${l.paid} = 1 AND (coalesce(${l.featuredUntil}, 0) > ${now} OR EXISTS (SELECT 1 FROM subscriptions WHERE subscriptions.listing_id = listings.id AND subscriptions.plan = 'featured')) THEN 1 ELSE 0 END`;
}

/** Whether a change from `before` to `next` changes what the public sees of the listing. */
export function changesListing(before: Subscription, next: Subscription): boolean {
  return isPaidStatus(before.status) !== isPaidStatus(next.status) || before.plan !== next.plan;
}

/** After the batch: the KV snapshot and open pages learn of the listing's new state. */
export async function afterSubscriptionChange(
  env: BillingEnv,
  ctx: WaitUntil,
  listingId: string,
  before: { live: boolean; location: string } | null,
) {
  await afterListingChange(env, ctx, listingId, publicState(before));
}

/** A listing's public state before a subscription change (the realtime publisher reads it the same way after). */
export const listingPublicState = readPublicRow;

/**
 * Stores a transition with no money attached (cancel, resume, downgrade, the cron's expiry), with `also` in the
 * same batch. Throws SubscriptionChangedError, having written nothing, when `current` is no longer current.
 */
export async function saveSubscription(
  env: BillingEnv,
  ctx: WaitUntil,
  current: StoredSubscription,
  next: Subscription,
  extras: SubscriptionExtras,
  now: number,
  also: BatchItem<"sqlite">[] = [],
): Promise<void> {
  const db = getDb(env);
  const before = changesListing(current, next) ? await listingPublicState(env, current.listingId) : null;
  await batchOrChanged(db, [...subscriptionStatements(db, current, next, extras, now), ...also]);
  if (before) await afterSubscriptionChange(env, ctx, current.listingId, before);
}

/** Runs a batch holding a compare-and-swap; a lost race becomes SubscriptionChangedError. */
export async function batchOrChanged(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isSubscriptionChanged(error)) throw new SubscriptionChangedError();
    throw error;
  }
}
