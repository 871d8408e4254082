// The administrators' view of billing (docs/billing.md): subscriptions by status, failed renewals, and free weeks,
// each grant audited in the same D1 batch as the subscription it changes.
import { and, count, eq, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { FAILED_RENEWAL_STATUS, searchNeedle, SUBSCRIPTIONS_PAGE_SIZE } from "./admin-subscriptions";
import type { SubscriptionQuery } from "./admin-subscriptions";
import { isId } from "~/platform/data/ids";
import { SUBSCRIPTION_STATUSES, transition } from "./subscriptions";
import type { SubscriptionStatus } from "./subscriptions";
import { auditInsert } from "~/features/audit/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { readSubscription, saveSubscription, SubscriptionChangedError } from "./subscriptions.server";
import { GRANT_MSG, parseReason } from "./featured-grants.server";
import type { BillingEnv } from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";

const s = schema.subscriptions;
const l = schema.listings;
const u = schema.users;
const PAGE = 100;

type Query = SubscriptionQuery;

/** Which listing and whose: the first columns of both admin tables. */
const whose = { listingId: s.listingId, name: l.firstName, email: u.email, plan: s.plan };

/** Subscriptions joined to their listing and owner: the failed renewals and the admin home's count of them. */
function withOwners<T extends SQLiteSelect>(query: T) {
  return query.innerJoin(l, eq(l.id, s.listingId)).innerJoin(u, eq(u.id, s.userId));
}

/**
 * A listing's status on the table: its subscription's, or 'unpaid' for a listing that never had one (as
 * readSubscription says), so that the 'Unpaid' count and filter include it.
 */
const listingStatus = sql<SubscriptionStatus>`coalesce(${s.status}, 'unpaid')`;

/**
 * Every listing with its subscription, if it has one, and its owner: the table and its counts read the same
 * rows, so the counts agree with what is listed.
 */
function listingsWithPlans<T extends SQLiteSelect>(query: T) {
  return query.leftJoin(s, eq(s.listingId, l.id)).innerJoin(u, eq(u.id, l.userId));
}

/** The search and the plan filter: the status counts are counted within them, the table also by status. */
function searched(query: Query): SQL | undefined {
  // instr(), not LIKE: the search is plain text (no wildcards to escape), and D1 caps LIKE patterns at 50 bytes.
  const needle = query.q ? searchNeedle(query.q) : null;
  return and(
    needle
      ? or(sql`instr(lower(${l.firstName}), ${needle}) > 0`, sql`instr(lower(${u.email}), ${needle}) > 0`)
      : undefined,
    query.plan ? eq(s.plan, query.plan) : undefined,
  );
}

/**
 * One page of listings' subscriptions for the search and filters, how many match in all, how many match per
 * status (the filter's counts: the same conditions as the table, so they agree), and the failed renewals
 * (FAILED_RENEWAL_STATUS, the same rule as the table's 'Past due' filter).
 */
export async function loadAdminSubscriptions(env: DbEnv, query: Query) {
  const db = getDb(env);
  const where = and(searched(query), query.status ? eq(listingStatus, query.status) : undefined);
  const [rows, byStatus, failed] = await db.batch([
    listingsWithPlans(
      db
        .select({
          listingId: l.id,
          name: l.firstName,
          email: u.email,
          plan: s.plan,
          status: listingStatus,
          periodEnd: s.periodEnd,
          graceUntil: s.graceUntil,
          failedRenewals: sql<number>`coalesce(${s.failedRenewals}, 0)`,
          gift: s.gift,
          startsWhenPublic: s.startsWhenPublic,
          featured: l.featured,
          featuredUntil: l.featuredUntil,
        })
        .from(l)
        .$dynamic(),
    )
      .where(where)
      // Unpaid listings (no period) first, then by when the period ends.
      .orderBy(s.periodEnd, l.id)
      .limit(SUBSCRIPTIONS_PAGE_SIZE)
      .offset((query.page - 1) * SUBSCRIPTIONS_PAGE_SIZE),
    listingsWithPlans(db.select({ status: listingStatus, n: count() }).from(l).$dynamic())
      .where(searched(query))
      .groupBy(listingStatus),
    failedRenewalsQuery(db).orderBy(s.graceUntil, s.listingId).limit(PAGE),
  ]);
  const counts = Object.fromEntries(SUBSCRIPTION_STATUSES.map((st) => [st, 0])) as Record<SubscriptionStatus, number>;
  for (const r of byStatus) counts[r.status] = r.n;
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const total = query.status ? counts[query.status] : all;
  return { rows, total, counts, all, failed };
}

/** The failed renewals still waiting for their second attempt (features/billing/admin-subscriptions.ts). */
function failedRenewalsQuery(db: Db) {
  return withOwners(
    db
      .select({ ...whose, failedRenewals: s.failedRenewals, graceUntil: s.graceUntil })
      .from(s)
      .$dynamic(),
  ).where(eq(s.status, FAILED_RENEWAL_STATUS));
}

/** How many failed renewals wait (the admin home's count): the same rows as the list above. */
export function countFailedRenewals(db: Db) {
  return withOwners(db.select({ n: count() }).from(s).$dynamic()).where(eq(s.status, FAILED_RENEWAL_STATUS));
}

export async function grantFreeWeeks(
  env: BillingEnv,
  ctx: WaitUntil,
  admin: { id: string; isAdmin: boolean },
  listingId: unknown,
  weeksValue: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<{ ok: true; periodEnd: number | null } | { ok: false; status: 400 | 403 | 404 | 409; error: string }> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only." };
  if (!isId(listingId)) return { ok: false, status: 400, error: "Listing not found." };
  // Free weeks are money given away: like a Featured grant, they say why on the audit log.
  const reason = parseReason(reasonValue);
  if (!reason) return { ok: false, status: 400, error: GRANT_MSG.reason };
  const weeks = Number(weeksValue);
  const current = await readSubscription(env, listingId);
  if (!current) return { ok: false, status: 404, error: "Listing not found." };
  const moved = transition(current, { type: "grantWeeks", weeks, hasCard: current.methodRef !== null }, now);
  if (!moved.ok) return { ok: false, status: 400, error: moved.error };
  const db = getDb(env);
  const audit = auditInsert(
    db,
    {
      adminId: admin.id,
      action: "grant_weeks",
      listingId,
      detail: `${weeks} week${weeks === 1 ? "" : "s"}: ${reason}`,
    },
    now,
  );
  try {
    await saveSubscription(env, ctx, current, moved.next, {}, now, [audit]);
  } catch (error) {
    // The cron or a notification wrote it meanwhile: nothing was granted (nor audited); the admin tries again.
    if (error instanceof SubscriptionChangedError) {
      return { ok: false, status: 409, error: "The subscription changed meanwhile. Please try again." };
    }
    throw error;
  }
  return { ok: true, periodEnd: moved.next.periodEnd };
}
