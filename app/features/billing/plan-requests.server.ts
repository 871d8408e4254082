import { and, desc, eq, sql } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { PLANS, parsePlanTier } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export type PendingPlanRequest = { tier: PlanTier; priceCents: number; createdAt: number };

/**
 * Records the plan a signed-in provider chose, pending payment. There is no payment provider yet, so
 * nothing is charged; a second choice replaces the first (one pending row per user, enforced by a
 * partial unique index so concurrent submits cannot race past it).
 */
export async function recordPlanRequest(
  env: DbEnv,
  userId: string,
  tier: PlanTier,
  now = Date.now(),
): Promise<PendingPlanRequest> {
  const priceCents = PLANS[tier].priceCents;
  await getDb(env)
    .insert(schema.planRequests)
    .values({ id: newId(), userId, tier, priceCents, status: "pending_payment", createdAt: now })
    .onConflictDoUpdate({
      target: schema.planRequests.userId,
      targetWhere: sql`status = 'pending_payment'`,
      set: { tier, priceCents, createdAt: now },
    });
  // The team follows these up by hand until payments exist; the log line is their work queue's trigger.
  console.log(JSON.stringify({ event: "plan_request", userId, tier, priceCents }));
  return { tier, priceCents, createdAt: now };
}

export async function pendingPlanRequest(env: DbEnv, userId: string): Promise<PendingPlanRequest | null> {
  const [row] = await getDb(env)
    .select({
      tier: schema.planRequests.tier,
      priceCents: schema.planRequests.priceCents,
      createdAt: schema.planRequests.createdAt,
    })
    .from(schema.planRequests)
    .where(and(eq(schema.planRequests.userId, userId), eq(schema.planRequests.status, "pending_payment")))
    .orderBy(desc(schema.planRequests.createdAt))
    .limit(1);
  const tier = parsePlanTier(row?.tier);
  return row && tier ? { tier, priceCents: row.priceCents, createdAt: row.createdAt } : null;
}
