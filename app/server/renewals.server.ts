// The weekly billing run on the cron (issue 15): reminders 24 hours before a renewal, renewal charges of
// the stored card, the second attempt after a failed renewal's 24-hour grace, the end of cancelled
// subscriptions, and the end of administrators' Featured grants. A charge only asks: the money state changes
// on the provider's notification (payments/notify.server.ts), except a charge refused at once, which is a
// failure we know of now.
import { and, eq, lte, or, sql } from "drizzle-orm";
import { expiredEmail, paymentDescription, renewalFailedEmail, renewalReminderEmail } from "~/lib/billing-emails";
import { newId } from "~/lib/ids";
import { PLANS } from "~/lib/plans";
import { dueAction, REMINDER_MS, renewalPlan, transition } from "~/lib/subscriptions";
import { getDb, schema } from "./db.server";
import { endFeaturedGrants } from "./featured-grants.server";
import { sendEmail, type EmailEnv } from "./email.server";
import type { PaymentGateway } from "./payments/gateway.server";
import { readSubscription, saveSubscription, type BillingEnv, type Ctx } from "./subscriptions.server";

const s = schema.subscriptions;
const p = schema.payments;
/** Per cron run; the rest wait for the next run (every 30 minutes). */
const BATCH = 50;

export type RenewalReport = {
  reminded: number;
  charged: number;
  failed: number;
  expired: number;
  /** Administrators' Featured grants that ran out (featured-grants.server.ts). */
  grantsEnded: number;
};

export async function runRenewals(
  env: BillingEnv & EmailEnv,
  ctx: Ctx,
  gateway: PaymentGateway | null,
  origin: string,
  now = Date.now(),
): Promise<RenewalReport> {
  const db = getDb(env);
  const due = await db
    .select({ listingId: s.listingId, email: schema.users.email, firstName: schema.users.firstName })
    .from(s)
    .innerJoin(schema.users, eq(schema.users.id, s.userId))
    .where(
      or(
        and(eq(s.status, "active"), lte(s.periodEnd, now + REMINDER_MS)),
        and(eq(s.status, "past_due"), lte(s.graceUntil, now)),
        and(eq(s.status, "cancelling"), lte(s.periodEnd, now)),
      ),
    )
    .orderBy(s.periodEnd)
    .limit(BATCH);
  const report: RenewalReport = { reminded: 0, charged: 0, failed: 0, expired: 0, grantsEnded: 0 };
  // Before the renewals: a grant that ends changes `featured` as the end of a Featured plan does.
  report.grantsEnded = await endFeaturedGrants(env, ctx, now);
  for (const row of due) {
    try {
      await renewOne(env, ctx, gateway, origin, row, now, report);
    } catch (error) {
      console.error("renewals: failed for one subscription", row.listingId, error);
    }
  }
  return report;
}

async function renewOne(
  env: BillingEnv & EmailEnv,
  ctx: Ctx,
  gateway: PaymentGateway | null,
  origin: string,
  owner: { listingId: string; email: string; firstName: string },
  now: number,
  report: RenewalReport,
) {
  const sub = await readSubscription(env, owner.listingId);
  if (!sub) return;
  const mail = (content: { subject: string; text: string; html: string }) =>
    sendEmail(env, { to: owner.email, ...content });
  const action = dueAction(sub, sub.remindedFor, now);
  if (action === "remind") {
    await getDb(env).update(s).set({ remindedFor: sub.periodEnd }).where(eq(s.listingId, sub.listingId));
    await mail(
      renewalReminderEmail({ firstName: owner.firstName, plan: renewalPlan(sub), renewsAt: sub.periodEnd!, origin }),
    );
    report.reminded++;
    return;
  }
  if (action === "end") {
    const moved = transition(sub, { type: "periodEnded" }, now);
    if (!moved.ok) return;
    await saveSubscription(env, ctx, sub, moved.next, {}, now);
    if (sub.methodRef && gateway) await gateway.cancel(sub.methodRef);
    await mail(expiredEmail({ firstName: owner.firstName, origin }));
    report.expired++;
    return;
  }
  if (action !== "charge" && action !== "retry") return;
  if (!gateway) return;

  const plan = renewalPlan(sub);
  const amountCents = PLANS[plan].priceCents;
  const reference = `pay_${newId()}`;
  const db = getDb(env);
  const inserted = await db
    .insert(p)
    .values({
      id: reference,
      listingId: sub.listingId,
      userId: sub.userId,
      kind: "renewal",
      plan,
      amountCents,
      currency: "NZD",
      status: "open",
      provider: gateway.name,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: p.id });
  // A charge for this listing is still waiting for its notification: not a second one.
  if (inserted.length === 0) return;
  const result = sub.methodRef
    ? await gateway.charge({
        reference,
        methodRef: sub.methodRef,
        amountCents,
        currency: "NZD",
        description: paymentDescription("renewal", plan),
      })
    : ({ status: "failed", reason: "No stored card" } as const);
  if (result.status !== "failed") {
    await db
      .update(p)
      .set({ providerRef: sql`coalesce(${p.providerRef}, ${result.providerRef})`, updatedAt: now })
      .where(eq(p.id, reference));
    report.charged++;
    return;
  }
  // Refused at once: the payment closes as failed and the subscription moves on, in one batch.
  const fresh = (await readSubscription(env, sub.listingId)) ?? sub;
  const moved = transition(fresh, { type: "renewalFailed" }, now);
  const close = db
    .update(p)
    .set({ status: "failed", failure: result.reason, updatedAt: now })
    .where(and(eq(p.id, reference), eq(p.status, "open")));
  if (!moved.ok) {
    await close;
    return;
  }
  await saveSubscription(env, ctx, fresh, moved.next, { failedRenewals: fresh.failedRenewals + 1 }, now, [close]);
  report.failed++;
  if (moved.next.status === "expired") {
    report.expired++;
    await mail(expiredEmail({ firstName: owner.firstName, origin }));
  } else {
    await mail(renewalFailedEmail({ firstName: owner.firstName, origin }));
  }
}
