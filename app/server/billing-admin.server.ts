// The administrators' view of billing (issue 15): subscriptions by status, failed renewals, and free weeks,
// each grant audited in the same D1 batch as the subscription it changes.
import { and, desc, eq } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { isSubscriptionStatus, transition, type SubscriptionStatus } from "~/lib/subscriptions";
import { auditInsert } from "./audit.server";
import { getDb, schema } from "./db.server";
import {
  readSubscription,
  saveSubscription,
  SubscriptionChangedError,
  type BillingEnv,
  type Ctx,
} from "./subscriptions.server";

const s = schema.subscriptions;
const l = schema.listings;
const p = schema.payments;
const PAGE = 100;

export async function loadAdminSubscriptions(env: Pick<Env, "DB">, status: SubscriptionStatus | null) {
  const db = getDb(env);
  const [subscriptions, failed] = await db.batch([
    db
      .select({
        listingId: s.listingId,
        name: l.firstName,
        plan: s.plan,
        status: s.status,
        periodEnd: s.periodEnd,
        graceUntil: s.graceUntil,
        failedRenewals: s.failedRenewals,
        gift: s.gift,
        featured: l.featured,
        featuredUntil: l.featuredUntil,
      })
      .from(s)
      .innerJoin(l, eq(l.id, s.listingId))
      .where(status ? eq(s.status, status) : undefined)
      .orderBy(s.periodEnd, s.listingId)
      .limit(PAGE),
    db
      .select({
        reference: p.id,
        listingId: p.listingId,
        name: l.firstName,
        amountCents: p.amountCents,
        at: p.updatedAt,
      })
      .from(p)
      .innerJoin(l, eq(l.id, p.listingId))
      .where(and(eq(p.kind, "renewal"), eq(p.status, "failed")))
      .orderBy(desc(p.updatedAt))
      .limit(PAGE),
  ]);
  return { subscriptions, failed };
}

export function parseStatusFilter(value: string | null): SubscriptionStatus | null {
  return isSubscriptionStatus(value) ? value : null;
}

export async function grantFreeWeeks(
  env: BillingEnv,
  ctx: Ctx,
  admin: { id: string; isAdmin: boolean },
  listingId: unknown,
  weeksValue: unknown,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; status: 400 | 403 | 404 | 409; error: string }> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only." };
  if (!isId(listingId)) return { ok: false, status: 400, error: "Listing not found." };
  const weeks = Number(weeksValue);
  const current = await readSubscription(env, listingId);
  if (!current) return { ok: false, status: 404, error: "Listing not found." };
  const moved = transition(current, { type: "grantWeeks", weeks, hasCard: current.methodRef !== null }, now);
  if (!moved.ok) return { ok: false, status: 400, error: moved.error };
  const db = getDb(env);
  const audit = auditInsert(
    db,
    { adminId: admin.id, action: "grant_weeks", listingId, detail: `${weeks} week${weeks === 1 ? "" : "s"}` },
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
  return { ok: true };
}
